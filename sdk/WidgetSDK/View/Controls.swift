import FoundationEssentials
import WidgetPayload

/// A label of a control or indicator: nil when it has no view; several views stack in a `VStack`, as they
/// would at a widget's root.
func labelNode<Label: View>(_ label: Label) -> ViewNode? {
    let nodes = ViewEvaluation.nodes(of: label)
    guard !nodes.isEmpty else { return nil }
    return ViewEvaluation.single(nodes) { .vStack(alignment: .center, spacing: nil, children: $0) }
}

/// A bar filled in proportion to `value` out of `total`, as SwiftUI's linear `ProgressView`.
public struct ProgressView<Label: View>: View {
    public typealias Body = Never

    let value: Double
    let total: Double
    let label: Label

    public init<V: BinaryFloatingPoint>(value: V, total: V = 1, @ViewBuilder label: () -> Label) {
        self.value = Double(value)
        self.total = Double(total)
        self.label = label()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        guard let style = EnvironmentValues.current.progressViewStyle else {
            nodes.append(ViewNode(.progress(value: value, total: total, label: labelNode(label))))
            return
        }
        // SwiftUI's fraction: the value within 0…total, as the bar draws it.
        let fraction = total > 0 && value.isFinite ? min(max(value / total, 0), 1) : 0
        let labelNodes = ViewEvaluation.nodes(of: label)
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction,
            label: labelNodes.isEmpty ? nil : .init(nodes: labelNodes),
            currentValueLabel: nil)
        nodes += configuration.nodes(styledBy: style)
    }
}

extension ProgressView where Label == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, total: V = 1) {
        self.init(value: value, total: total) { EmptyView() }
    }
}

extension ProgressView where Label == Text {
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V, total: V = 1) {
        self.init(value: value, total: total) { Text(title) }
    }
}

/// A value within a range, as SwiftUI's `Gauge`; drawn in the style `gaugeStyle(_:)` sets
/// (`.linearCapacity` unless set).
public struct Gauge<Label: View, CurrentValueLabel: View>: View {
    public typealias Body = Never

    let value: Double
    let bounds: ClosedRange<Double>
    let label: Label
    let currentValueLabel: CurrentValueLabel

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1,
        @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.value = Double(value)
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.gauge(GaugeSpec(
            value: value, minimum: bounds.lowerBound, maximum: bounds.upperBound,
            style: EnvironmentValues.current.gaugeStyle,
            label: labelNode(label), currentValueLabel: labelNode(currentValueLabel)))))
    }
}

extension Gauge where CurrentValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label) { EmptyView() }
    }
}

/// How the gauges in a view are drawn: `.gaugeStyle(.accessoryCircular)`.
public struct GaugeStyle: Sendable, Hashable {
    let name: GaugeStyleName

    /// A bar filled up to the value (the default).
    public static let linearCapacity = GaugeStyle(name: .linearCapacity)
    /// A thin bar with a marker at the value, for accessory widgets.
    public static let accessoryLinear = GaugeStyle(name: .accessoryLinear)
    /// A thin bar filled up to the value, for accessory widgets.
    public static let accessoryLinearCapacity = GaugeStyle(name: .accessoryLinearCapacity)
    /// An open ring with a marker at the value, the current value label inside.
    public static let accessoryCircular = GaugeStyle(name: .accessoryCircular)
    /// A closed ring filled up to the value, the current value label inside.
    public static let accessoryCircularCapacity = GaugeStyle(name: .accessoryCircularCapacity)
}

extension View {
    /// Draws the gauges in this view in `style`.
    public func gaugeStyle(_ style: GaugeStyle) -> some View {
        ModifiedView(self, .environment { $0.gaugeStyle = style.name })
    }
}

/// Its label, which opens `destination` when tapped, as SwiftUI's `Link`.
public struct Link<Label: View>: View {
    public typealias Body = Never

    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let content = labelNode(label) ?? ViewNode(.empty)
        nodes.append(ViewNode(.link(url: destination.absoluteString, content: content)))
    }
}

extension Link where Label == Text {
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
