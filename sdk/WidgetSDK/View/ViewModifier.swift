import WidgetPayload

/// A modifier of the author's, as SwiftUI's `ViewModifier`: a `body(content:)` that wraps the
/// view it is applied to with `modifier(_:)`.
///
///     struct Card: ViewModifier {
///         func body(content: Content) -> some View {
///             content.padding().background(.thinMaterial, in: .rect(cornerRadius: 12))
///         }
///     }
///     Text("Hi").modifier(Card())
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>

    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` wraps, as its `body(content:)` sees it: evaluated where the body
/// places it, in the environment in effect there.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never

    let makeNodes: (inout [ViewNode]) -> Void

    public func _makeNodes(into nodes: inout [ViewNode]) {
        makeNodes(&nodes)
    }
}

/// A view with an author's modifier applied: SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
    public let content: Content
    public let modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    public var body: some View {
        let content = self.content
        return modifier.body(content: _ViewModifier_Content { content._makeNodes(into: &$0) })
    }
}

/// The modifier that changes nothing.
public struct EmptyModifier: ViewModifier, Sendable {
    public static let identity = EmptyModifier()

    public init() {}

    public func body(content: Content) -> Content {
        content
    }
}

extension View {
    /// This view wrapped by `modifier`'s `body(content:)`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
