import WidgetPayload

/// How the progress views in a view are drawn, as SwiftUI's `ProgressViewStyle`: set one with
/// `progressViewStyle(_:)`, and each `ProgressView` inside draws as the style's `makeBody`.
///
/// The SDK evaluates the body when the progress view is evaluated, so the host draws the views
/// it returns; only the configuration's values reach it. Sendable, as every environment value.
public protocol ProgressViewStyle: Sendable {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration

    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a progress view style is given: SwiftUI's `ProgressViewStyleConfiguration`.
public struct ProgressViewStyleConfiguration: Sendable {
    /// The progress view's label, as a view.
    public struct Label: View, Sendable {
        public typealias Body = Never
        let nodes: [ViewNode]

        public func _makeNodes(into nodes: inout [ViewNode]) {
            nodes += self.nodes
        }
    }

    /// The progress view's current value label, as a view.
    public struct CurrentValueLabel: View, Sendable {
        public typealias Body = Never
        let nodes: [ViewNode]

        public func _makeNodes(into nodes: inout [ViewNode]) {
            nodes += self.nodes
        }
    }

    /// `value / total`, 0…1; nil for an indeterminate progress view (the SDK has none yet).
    public let fractionCompleted: Double?
    public var label: Label?
    public var currentValueLabel: CurrentValueLabel?
}

extension View {
    /// Draws the progress views in this view with `style`.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        ModifiedView(self, .environment { $0.progressViewStyle = style })
    }
}

/// The bar SwiftUI draws for a determinate progress view: `.progressViewStyle(.linear)`.
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        HostProgressIndicator(shape: .bar, fraction: configuration.fractionCompleted ?? 0, label: configuration.label?.nodes ?? [])
    }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

/// SwiftUI's circular progress view (`.progressViewStyle(.circular)`): in a widget, a ring
/// filled clockwise from the top in proportion to the value, as a capacity gauge is drawn.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        HostProgressIndicator(shape: .ring, fraction: configuration.fractionCompleted ?? 0, label: configuration.label?.nodes ?? [])
    }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// The host's own progress views, as the view tree writes them: a bar, or a ring (a circular
/// capacity gauge).
struct HostProgressIndicator: View {
    typealias Body = Never
    enum Shape { case bar, ring }

    let shape: Shape
    let fraction: Double
    let label: [ViewNode]

    func _makeNodes(into nodes: inout [ViewNode]) {
        let labelNode = label.isEmpty ? nil : ViewEvaluation.single(label) { .vStack(alignment: .center, spacing: nil, children: $0) }
        switch shape {
        case .bar: nodes.append(ViewNode(.progress(value: fraction, total: 1, label: labelNode)))
        case .ring: nodes.append(ViewNode(.gauge(GaugeSpec(value: min(max(fraction, 0), 1), style: .accessoryCircularCapacity, label: labelNode))))
        }
    }
}

extension ProgressViewStyleConfiguration {
    /// The nodes `style` makes for this configuration. Inside the style's body no style is in
    /// effect, so a `ProgressView` there draws as the host's bar instead of the style again.
    func nodes<S: ProgressViewStyle>(styledBy style: S) -> [ViewNode] {
        var inside = EnvironmentValues.current
        inside.progressViewStyle = nil
        return EnvironmentValues.$current.withValue(inside) {
            var nodes: [ViewNode] = []
            style.makeBody(configuration: self)._makeNodes(into: &nodes)
            return nodes
        }
    }
}
