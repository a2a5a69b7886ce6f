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

    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
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

/// Several views written one after another in a `ViewBuilder`: each becomes a child of the
/// enclosing stack (an implicit `VStack` at the root of a widget).
public struct TupleView<each Content: View>: View {
    public typealias Body = Never

    let content: (repeat each Content)

    public init(_ content: repeat each Content) {
        self.content = (repeat each content)
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        for view in repeat each content {
            view._makeNodes(into: &nodes)
        }
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
