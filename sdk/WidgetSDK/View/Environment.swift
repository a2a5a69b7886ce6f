import FoundationEssentials
import Synchronization
import WidgetPayload

/// What a view can read about where it is drawn, as SwiftUI's `EnvironmentValues`: read one with
/// `@Environment(\.widgetFamily)`, change one for a subtree with `environment(_:_:)`.
public struct EnvironmentValues: Sendable {
    /// The family being drawn: the provider call's `context.family`.
    public var widgetFamily: WidgetFamily = .systemSmall

    /// 2 in every evaluation: the view is evaluated once, then drawn at whatever scale the host
    /// chooses (`render --scale 1|2|3`), so a view should not depend on it.
    public var displayScale: Double = 2

    /// Light or dark. A view that reads it is evaluated in both, and the host draws the one for
    /// its appearance; a view that does not read it is evaluated once.
    public var colorScheme: ColorScheme {
        get {
            // A subtree that set its own scheme does not depend on the host's.
            if !colorSchemeIsSet { colorSchemeReads?.noteRead() }
            return scheme
        }
        set {
            scheme = newValue
            colorSchemeIsSet = true
        }
    }

    private var scheme: ColorScheme = .light
    private var colorSchemeIsSet = false

    /// How the system treats the widget's colours where it is shown (WidgetKit's). A view that
    /// reads it is evaluated again in the accented and vibrant modes, and the host draws the
    /// one for its mode; a view that does not read it is evaluated once.
    public var widgetRenderingMode: WidgetRenderingMode {
        renderingModeReads?.noteRead()
        return WidgetRenderingMode(renderingMode)
    }

    var renderingMode: RenderingModeName = .fullColor

    /// Why the view is redacted: set by `redacted(reason:)` (and for a placeholder, which the
    /// host draws redacted), emptied by `unredacted()`.
    public var redactionReasons: RedactionReasons = []

    /// The locale, calendar and time zone of the host the widget is drawn on (the bundle's
    /// process is the host's, or a worker of it).
    public var locale: Locale = .current
    public var calendar: Calendar = .current
    public var timeZone: TimeZone = .current

    /// Set by `gaugeStyle(_:)`, read by each `Gauge` below it.
    var gaugeStyle: GaugeStyleName = .linearCapacity

    /// Set by `progressViewStyle(_:)`, read by each `ProgressView` below it; nil draws the
    /// host's bar.
    var progressViewStyle: (any ProgressViewStyle)?

    /// Told when the view reads the host's colour scheme, or the rendering mode; nil outside an
    /// evaluation, and in the evaluations that follow the first for that value.
    var colorSchemeReads: ReadFlag?
    var renderingModeReads: ReadFlag?

    /// Set by `buttonStyle(_:)`, read by each `Button` below it.
    var buttonStyle = ButtonStyleChoice.builtIn(.automatic)

    /// Set by `labelStyle(_:)`, outermost first; each `Label` below draws with the last.
    var labelStyles: [any LabelStyle] = []

    /// The space the view being evaluated is offered, as `GeometryReader` reads it.
    package var offeredSize = OfferedSize(family: .systemSmall, contentMarginsDisabled: false)

    /// Whether the widget's content margins are off (`contentMarginsDisabled()`).
    var contentMarginsDisabled = false

    public init() {}

    /// The values an evaluation starts from.
    init(family: WidgetFamily, colorScheme: ColorScheme, renderingMode: RenderingModeName = .fullColor,
         redactionReasons: RedactionReasons = [], colorSchemeReads: ReadFlag?, renderingModeReads: ReadFlag?,
         contentMarginsDisabled: Bool = false) {
        self.widgetFamily = family
        self.scheme = colorScheme
        self.renderingMode = renderingMode
        self.redactionReasons = redactionReasons
        self.colorSchemeReads = colorSchemeReads
        self.renderingModeReads = renderingModeReads
        self.contentMarginsDisabled = contentMarginsDisabled
        offeredSize = OfferedSize(family: family, contentMarginsDisabled: contentMarginsDisabled)
    }

    /// The values in effect while a view is evaluated (evaluation is synchronous, so the task's
    /// value is the evaluation's).
    @TaskLocal package static var current = EnvironmentValues()
}

/// Whether an evaluation read a value (`colorScheme`, `widgetRenderingMode`). Shared by the
/// copies of `EnvironmentValues` made while evaluating, so a reference; atomic only to be
/// `Sendable`, since one thread evaluates.
final class ReadFlag: Sendable {
    private let read = Atomic(false)

    func noteRead() {
        read.store(true, ordering: .relaxed)
    }

    var wasRead: Bool {
        read.load(ordering: .relaxed)
    }
}

/// SwiftUI's `ColorScheme`.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    case light, dark
}

/// Reads a value of the environment the view is evaluated in, as SwiftUI's `@Environment`:
///
///     @Environment(\.widgetFamily) var family
@propertyWrapper
public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        EnvironmentValues.current[keyPath: keyPath]
    }
}

extension View {
    /// Sets an environment value for this view and the views inside it, such as
    /// `environment(\.colorScheme, .dark)`.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        ModifiedView(self, .environment { $0[keyPath: keyPath] = value })
    }
}
