import WidgetPayload

/// Rows of views lined up in columns, as SwiftUI's `Grid`: each `GridRow` is a row of cells;
/// any other view in it spans every column. Laid out by the host (view tree version 4).
///
///     Grid(alignment: .leading) {
///         GridRow { Text("Wind"); Text("3 m/s") }
///         GridRow { Text("Tide"); Text("Rising") }
///         Divider()
///     }
public struct Grid<Content: View>: View {
    public typealias Body = Never

    let alignment: Alignment
    let horizontalSpacing: Double?
    let verticalSpacing: Double?
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.grid(
            alignment: alignment.name, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing,
            rows: ViewEvaluation.nodes(of: content))))
    }
}

/// One row of a `Grid`: its views are the row's cells, one a column. Outside a grid, an `HStack`.
public struct GridRow<Content: View>: View {
    public typealias Body = Never

    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.gridRow(alignment: alignment?.name, cells: ViewEvaluation.nodes(of: content))))
    }
}
