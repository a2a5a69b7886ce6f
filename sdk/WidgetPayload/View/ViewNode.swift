/// One view in a `ViewTree`: what it is and the modifiers applied to it, innermost first.
///
/// `Text("Hi").padding().background(.red)` is a `text` node with modifiers
/// `[padding, background]`: the same as SwiftUI's nesting, written as a list so that C authors
/// can emit it without building wrapper nodes.
public struct ViewNode: Sendable, Hashable {
    public var kind: ViewKind
    public var modifiers: [ViewModifierNode]

    public init(_ kind: ViewKind, modifiers: [ViewModifierNode] = []) {
        self.kind = kind
        self.modifiers = modifiers
    }
}

/// The views a tree can hold: the SwiftUI subset widgets use. `Group`, `ForEach`, `AnyView`
/// and `if`/`switch` exist only in the SDK; they flatten into their parent's children.
public indirect enum ViewKind: Sendable, Hashable {
    /// `EmptyView`: takes no space.
    case empty
    case text(TextContent)
    case image(ImageSource)
    case vStack(alignment: HorizontalAlignmentName, spacing: Double?, children: [ViewNode])
    case hStack(alignment: VerticalAlignmentName, spacing: Double?, children: [ViewNode])
    case zStack(alignment: AlignmentName, children: [ViewNode])
    case spacer(minLength: Double?)
    case divider
    /// A `Color` or `LinearGradient` used as a view: fills what it is offered.
    case fill(FillStyle)
    /// A shape filled with `fill`, or with the foreground style when `fill` is nil; stroked
    /// instead when `stroke` is set.
    case shape(ShapeName, fill: FillStyle?, stroke: StrokeStyleSpec?)
    /// `ProgressView(value:total:)`, linear.
    case progress(value: Double, total: Double, label: ViewNode?)
    case gauge(GaugeSpec)
    /// `Link(destination:)`: its content, tappable to open `url`.
    case link(url: String, content: ViewNode)
    /// `Button(intent:label:)`: its label, drawn as a bordered button; a click performs
    /// `action` (tree version 2).
    case button(action: ControlAction, label: ViewNode)
    /// `Toggle(isOn:intent:label:)`: its label beside a switch showing `isOn`; a click performs
    /// `action`, whose parameters already hold the new value (tree version 2).
    case toggle(isOn: Bool, action: ControlAction, label: ViewNode)
    /// `ViewThatFits(in:)`: the first child whose ideal size fits what it is offered along
    /// `axes`, else the last (tree version 4).
    case viewThatFits(axes: FitAxesName, children: [ViewNode])
    /// `Grid`: its rows, each a `gridRow` whose cells line up in columns, or any other view,
    /// which spans every column (tree version 4).
    case grid(alignment: AlignmentName, horizontalSpacing: Double?, verticalSpacing: Double?, rows: [ViewNode])
    /// `GridRow`: one row of a grid's cells; outside a grid, an `HStack` (tree version 4).
    case gridRow(alignment: VerticalAlignmentName?, cells: [ViewNode])
    /// `Canvas { context, size in … }`: what its renderer drew, recorded at a reference size
    /// and scaled by the host to the frame the canvas gets (tree version 5).
    case canvas(CanvasDrawing)
}

/// The axes `ViewThatFits` checks its children's ideal sizes on.
public enum FitAxesName: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical, both
}

/// What a click on a control performs: one of the bundle's declared `AppIntent`s by name, with
/// its parameter values. The host checks both against the bundle's declaration before the
/// bundle is called (docs/intents.md).
public struct ControlAction: Sendable, Hashable {
    public var intent: String
    public var parameters: [String: JSONValue]

    public init(intent: String, parameters: [String: JSONValue] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }
}

/// What a `Text` shows.
public enum TextContent: Sendable, Hashable {
    case verbatim(String)
    /// `Text(date, style:)`: seconds since 1970, formatted by the host when drawn.
    case date(Double, style: DateStyleName)
    /// `Text + Text`: runs laid out as one paragraph, each with its own style (tree version 4).
    case runs([TextRun])
}

/// `Text.DateStyle`.
public enum DateStyleName: String, Sendable, Hashable, CaseIterable, Codable {
    /// "3:04 PM"
    case time
    /// "June 3, 2026"
    case date
    /// "2 hr, 5 min" from now or ago, counting as time passes.
    case relative
    /// "+2 hours" or "-5 minutes", counting.
    case offset
    /// "2:05:09", counting up or down.
    case timer
}

/// Where an `Image` comes from.
public enum ImageSource: Sendable, Hashable {
    /// `Image("name")`: a file the bundle ships in its asset folder (`docs/assets.md`).
    case asset(String)
    /// `Image(systemName:)`: one of the symbols the SDK ships (`SystemSymbolName`).
    case system(String)
    /// A file inside a declared App Group's container, named relative to it.
    case appGroup(group: String, path: String)
    /// The image's own bytes (PNG, JPEG or SVG), carried in the tree: `Image(uiImage:)` of a
    /// `UIImage(data:)`, or of a file outside the bundle and its groups. At most
    /// `ViewTree.Limits.maxInlineImageBytes`.
    case data([UInt8])
}

/// `Gauge(value:in:label:currentValueLabel:)` with its style.
public struct GaugeSpec: Sendable, Hashable {
    public var value: Double
    public var minimum: Double
    public var maximum: Double
    public var style: GaugeStyleName
    public var label: ViewNode?
    public var currentValueLabel: ViewNode?

    public init(value: Double, minimum: Double = 0, maximum: Double = 1, style: GaugeStyleName = .linearCapacity, label: ViewNode? = nil, currentValueLabel: ViewNode? = nil) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.style = style
        self.label = label
        self.currentValueLabel = currentValueLabel
    }
}

public enum GaugeStyleName: String, Sendable, Hashable, CaseIterable, Codable {
    case linearCapacity, accessoryLinear, accessoryLinearCapacity, accessoryCircular, accessoryCircularCapacity
}

public indirect enum ShapeName: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case circle
    case ellipse
    case capsule
    /// `ContainerRelativeShape`: a rounded rectangle concentric with the widget's own corners,
    /// their radius less the view's inset from the widget's edge (tree version 4).
    case containerRelative
    /// A `Path`, or a custom `Shape`'s `path(in:)` at the SDK's reckoning of its size
    /// (tree version 5).
    case path(PathShape)
    /// `shape.trim(from:to:)`: the part of `shape`'s outline between two fractions of its
    /// length, from where SwiftUI's path starts (tree version 3). The wire holds one trim on a
    /// shape that is not itself trimmed; the SDK folds a trim of a trim into one.
    case trimmed(ShapeName, from: Double, to: Double)

    /// SwiftUI's `trim(from:to:)` of this shape: a trim of a trimmed shape takes its fractions
    /// of the part already kept, so the result is one trim of the untrimmed shape.
    public func trimmed(from: Double, to: Double) -> ShapeName {
        guard case .trimmed(let base, let outerFrom, let outerTo) = self else { return .trimmed(self, from: from, to: to) }
        let length = outerTo - outerFrom
        return base.trimmed(from: outerFrom + from * length, to: outerFrom + to * length)
    }
}

/// SwiftUI's `StrokeStyle` with the paint it strokes with: width, caps, joins and dashes.
public struct StrokeStyleSpec: Sendable, Hashable {
    public var fill: FillStyle?
    public var lineWidth: Double
    public var lineCap: LineCapName
    public var lineJoin: LineJoinName
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    public var dash: [Double]
    public var dashPhase: Double

    public init(fill: FillStyle? = nil, lineWidth: Double = 1, lineCap: LineCapName = .butt, lineJoin: LineJoinName = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.fill = fill
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// Anything beyond a solid line of butt caps and miter joins (tree version 3).
    public var hasVersion3Members: Bool {
        lineCap != .butt || lineJoin != .miter || miterLimit != 10 || !dash.isEmpty || dashPhase != 0
    }
}

/// `CGLineCap`: how a stroke's open ends are drawn.
public enum LineCapName: String, Sendable, Hashable, CaseIterable, Codable {
    case butt, round, square
}

/// `CGLineJoin`: how a stroke's corners are drawn.
public enum LineJoinName: String, Sendable, Hashable, CaseIterable, Codable {
    case miter, round, bevel
}
