import WidgetPayload

/// Views one above the other, as SwiftUI's `VStack`.
public struct VStack<Content: View>: View {
    public typealias Body = Never

    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    /// - Parameters:
    ///   - alignment: Where each child sits across the stack's width.
    ///   - spacing: Points between children; nil for the host's default.
    ///   - content: The children, top to bottom.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.vStack(alignment: alignment.name, spacing: spacing, children: ViewEvaluation.nodes(of: content))))
    }
}

/// Views side by side, as SwiftUI's `HStack`.
public struct HStack<Content: View>: View {
    public typealias Body = Never

    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    /// - Parameters:
    ///   - alignment: Where each child sits across the stack's height.
    ///   - spacing: Points between children; nil for the host's default.
    ///   - content: The children, leading to trailing.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.hStack(alignment: alignment.name, spacing: spacing, children: ViewEvaluation.nodes(of: content))))
    }
}

/// Views layered front to back, the last in front, as SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View {
    public typealias Body = Never

    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.zStack(alignment: alignment.name, children: ViewEvaluation.nodes(of: content))))
    }
}

/// Space that grows along its stack's axis, as SwiftUI's `Spacer`.
public struct Spacer: View, Hashable {
    public typealias Body = Never

    let minLength: Double?

    /// - Parameter minLength: The least it shrinks to; nil for the host's default.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.spacer(minLength: minLength)))
    }
}

/// A thin line across its stack's axis, as SwiftUI's `Divider`.
public struct Divider: View, Hashable {
    public typealias Body = Never

    public init() {}

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.divider))
    }
}
