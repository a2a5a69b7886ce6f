import WidgetPayload

/// No view at all: takes no space and draws nothing.
public struct EmptyView: View {
    public typealias Body = Never

    public init() {}

    public func _makeNodes(into nodes: inout [ViewNode]) {}
}

/// Several views kept together so that one modifier applies to each of them. A group adds no
/// layout of its own: its views are children of the enclosing stack.
public struct Group<Content: View>: View {
    public typealias Body = Never

    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        content._makeNodes(into: &nodes)
    }
}

/// A view of each element of a collection, as SwiftUI's `ForEach`: the views are children of the
/// enclosing stack, in the collection's order.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public typealias Body = Never

    public let data: Data
    let content: (Data.Element) -> Content

    /// A view for each element, identified by `id` (`\.self` for elements that are their own
    /// identity). The identity decides nothing in a widget, which is drawn once per entry.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        for element in data {
            content(element)._makeNodes(into: &nodes)
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for each element of a collection of `Identifiable` values.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each integer of a range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// Any view, its type erased: for a `body` that returns different views from different
/// `return` statements.
public struct AnyView: View {
    public typealias Body = Never

    let base: any View

    public init<V: View>(_ view: V) {
        self.base = view
    }

    public init<V: View>(erasing view: V) {
        self.base = view
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        base._makeNodes(into: &nodes)
    }
}
