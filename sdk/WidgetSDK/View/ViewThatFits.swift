import WidgetPayload

/// The first of its views that fits, as SwiftUI's: each is measured at its ideal size along
/// `axes`, and the first that fits in the space offered is drawn; when none fits, the last.
///
///     ViewThatFits(in: .horizontal) {
///         Text("Tomorrow at 9:41")
///         Text("Tom 9:41")
///     }
///
/// The host measures and chooses at layout (view tree version 4).
public struct ViewThatFits<Content: View>: View {
    public typealias Body = Never

    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let fitAxes: FitAxesName = switch (axes.contains(.horizontal), axes.contains(.vertical)) {
        case (true, false): .horizontal
        case (false, true): .vertical
        default: .both
        }
        nodes.append(ViewNode(.viewThatFits(axes: fitAxes, children: ViewEvaluation.nodes(of: content))))
    }
}

/// SwiftUI's `Axis`, and its option set of both.
public enum Axis: Int8, Sendable, Hashable, CaseIterable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8

        public init(rawValue: Int8) {
            self.rawValue = rawValue
        }

        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
