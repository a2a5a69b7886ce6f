import WidgetPayload

/// Builds a view from the statements of a closure or a `body`, as SwiftUI's does: several views
/// in a row, `if`, `if`/`else`, `if let`, `switch` and `let` declarations. A loop is a `ForEach`.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    // A block of several views is built pairwise (SE-0348): plain generic structs, which the
    // compiler specialises, where a tuple of a parameter pack would be built at run time.

    public static func buildPartialBlock<Content: View>(first content: Content) -> Content {
        content
    }

    public static func buildPartialBlock<Accumulated: View, Next: View>(
        accumulated: Accumulated, next: Next
    ) -> TupleView<Accumulated, Next> {
        TupleView(accumulated, next)
    }

    /// `if` without `else`: nothing when the condition is false.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(.first(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(.second(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

/// Views written one after another in a `ViewBuilder`, as a pair: the views so far and the next
/// one. Each becomes a child of the enclosing stack (an implicit `VStack` at a widget's root).
public struct TupleView<First: View, Second: View>: View {
    public typealias Body = Never

    let first: First
    let second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        first._makeNodes(into: &nodes)
        second._makeNodes(into: &nodes)
    }
}

/// One branch of an `if`/`else` or a `switch` in a `ViewBuilder`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never

    enum Branch {
        case first(TrueContent)
        case second(FalseContent)
    }

    let branch: Branch

    init(_ branch: Branch) {
        self.branch = branch
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        switch branch {
        case .first(let view): view._makeNodes(into: &nodes)
        case .second(let view): view._makeNodes(into: &nodes)
        }
    }
}

/// An `if` without `else` in a `ViewBuilder`: its view, or nothing.
extension Optional: View where Wrapped: View {
    public typealias Body = Never

    public func _makeNodes(into nodes: inout [ViewNode]) {
        self?._makeNodes(into: &nodes)
    }
}
