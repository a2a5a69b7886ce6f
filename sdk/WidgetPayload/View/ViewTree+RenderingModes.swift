/// WidgetKit's `WidgetRenderingMode`, by name: how the system treats a widget's colours where
/// it is shown.
public enum RenderingModeName: String, Sendable, Hashable, CaseIterable, Codable {
    /// Colours as the view gives them: the Home Screen untinted, StandBy, CarPlay.
    case fullColor
    /// Two groups, each one solid colour: the accent group (`widgetAccentable()`) in the tint,
    /// the rest white; backgrounds removed. The tinted Home Screen.
    case accented
    /// Desaturated to white of the colour's luminance, over the wallpaper: the Lock Screen.
    case vibrant

    /// The mode a family is drawn in when the host is not told otherwise: the accessory
    /// families live on the Lock Screen (vibrant), the system families on the Home Screen.
    public static func `default`(for family: WidgetFamily) -> RenderingModeName {
        switch family {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: .vibrant
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: .fullColor
        }
    }

    /// The appearance a mode is drawn in: the accented and vibrant modes draw on a dark
    /// backdrop (the Lock Screen, the tinted Home Screen), so their views are evaluated, and
    /// their colours resolved, in the dark appearance.
    public func colorScheme(otherwise scheme: ColorSchemeName) -> ColorSchemeName {
        self == .fullColor ? scheme : .dark
    }
}

extension ViewTree {
    /// The root to draw in an appearance and rendering mode: the mode's own variant when the
    /// view read `\.widgetRenderingMode` and drew differently in it, else the tree of the
    /// appearance the mode draws in (dark, for accented and vibrant).
    public func root(for scheme: ColorSchemeName, mode: RenderingModeName) -> ViewNode {
        switch mode {
        case .fullColor: root(for: scheme)
        case .accented: accented ?? root(for: .dark)
        case .vibrant: vibrant ?? root(for: .dark)
        }
    }

    /// Every root the tree carries: light, then dark, accented and vibrant where present.
    public var roots: [ViewNode] {
        [root] + [dark, accented, vibrant].compactMap { $0 }
    }
}

/// SwiftUI's `RedactionReasons`, on the wire as a list of names.
public struct RedactionReasonNames: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Text and images drawn as placeholder shapes (a widget's placeholder).
    public static let placeholder = RedactionReasonNames(rawValue: 1 << 0)
    /// `privacySensitive()` views inside are drawn as placeholder shapes.
    public static let privacy = RedactionReasonNames(rawValue: 1 << 1)
    /// `invalidatableContent()` views inside are drawn as out of date (dimmed).
    public static let invalidated = RedactionReasonNames(rawValue: 1 << 2)

    /// The wire's names, in this order.
    public static let named: [(name: String, reason: RedactionReasonNames)] = [
        ("placeholder", .placeholder), ("privacy", .privacy), ("invalidated", .invalidated),
    ]

    public var names: [String] {
        Self.named.filter { contains($0.reason) }.map(\.name)
    }
}
