import WidgetPayload

/// A column of a `LazyVGrid` or a row of a `LazyHGrid`, as SwiftUI's `GridItem`.
public struct GridItem: Sendable, Hashable {
    /// How big the column (or row) is.
    public enum Size: Sendable, Hashable {
        /// Exactly this many points.
        case fixed(Double)
        /// A share of the space, between the bounds.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many items as fit in the space, each at least `minimum` (`GridItem.lines(across:)`).
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    public var size: Size
    /// The space after this column (row); nil for the system's spacing.
    public var spacing: Double?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A grid filled row by row, as SwiftUI's `LazyVGrid`: each row has one item per `GridItem` of
/// `columns`. A widget's content is drawn once, so "lazy" changes nothing; it is laid out as a
/// `Grid` (view tree version 4).
///
/// `.fixed` columns are that wide; `.flexible` ones share the width, each item taking as much as
/// it is offered; an `.adaptive` one is as many flexible columns as fit in the width the grid is
/// offered (`GridItem.lines(across:)`).
public struct LazyVGrid<Content: View>: View {
    public typealias Body = Never

    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let items = ViewEvaluation.nodes(of: content)
        let columns = GridItem.lines(columns, across: EnvironmentValues.current.offeredSize.width)
        let width = max(columns.count, 1)
        let rows = stride(from: 0, to: items.count, by: width).map { start in
            let cells = items[start..<min(start + width, items.count)].enumerated().map { column, item in
                LazyGridCell.sized(item, by: columns[column], across: true)
            }
            return ViewNode(.gridRow(alignment: nil, cells: cells))
        }
        nodes.append(ViewNode(.grid(
            alignment: LazyGridCell.gridAlignment(alignment),
            horizontalSpacing: columns.first?.spacing, verticalSpacing: spacing, rows: rows)))
    }
}

/// A grid filled column by column, as SwiftUI's `LazyHGrid`: each column has one item per
/// `GridItem` of `rows`. Laid out as a `Grid`, as `LazyVGrid` is.
public struct LazyHGrid<Content: View>: View {
    public typealias Body = Never

    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let items = ViewEvaluation.nodes(of: content)
        let rows = GridItem.lines(rows, across: EnvironmentValues.current.offeredSize.height)
        let height = max(rows.count, 1)
        // Item i is in column i / height and row i % height.
        let gridRows = (0..<min(height, items.count)).map { row in
            let cells = stride(from: row, to: items.count, by: height).map { index in
                LazyGridCell.sized(items[index], by: rows[row], across: false)
            }
            return ViewNode(.gridRow(alignment: nil, cells: cells))
        }
        nodes.append(ViewNode(.grid(
            alignment: LazyGridCell.gridAlignment(alignment),
            horizontalSpacing: spacing, verticalSpacing: rows.first?.spacing, rows: gridRows)))
    }
}

extension GridItem {
    /// The space between lines when a `GridItem` names none: SwiftUI's default spacing.
    static let defaultSpacing = 8.0

    /// `items` with each `.adaptive` one made the flexible lines that fit, as SwiftUI lays them
    /// out: the space left by the fixed and flexible lines (each flexible at its minimum) is
    /// shared by the adaptive items, and each takes as many lines of at least its minimum as fit
    /// in its share, at least one. `length`: the width (height) the grid is offered, as the SDK
    /// estimates it (`EnvironmentValues.OfferedSize`).
    static func lines(_ items: [GridItem], across length: Double) -> [GridItem] {
        let adaptive = items.filter { if case .adaptive = $0.size { true } else { false } }
        guard !adaptive.isEmpty else { return items }
        let taken = items.reduce(0.0) { taken, item in
            switch item.size {
            case .fixed(let length): taken + length + (item.spacing ?? defaultSpacing)
            case .flexible(let minimum, _): taken + minimum + (item.spacing ?? defaultSpacing)
            case .adaptive: taken
            }
        }
        let share = max(0, length - taken) / Double(adaptive.count)
        return items.flatMap { item -> [GridItem] in
            guard case .adaptive(let minimum, let maximum) = item.size else { return [item] }
            let spacing = item.spacing ?? defaultSpacing
            let count = max(1, Int(((share + spacing) / (max(minimum, 1) + spacing)).rounded(.down)))
            return Array(repeating: GridItem(.flexible(minimum: minimum, maximum: maximum), spacing: item.spacing, alignment: item.alignment), count: count)
        }
    }
}

/// The views a scroll view pins while scrolling (`pinnedViews:`); a widget does not scroll.
public struct PinnedScrollableViews: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

private enum LazyGridCell {
    static func gridAlignment(_ alignment: HorizontalAlignment) -> AlignmentName {
        switch alignment.name {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }

    static func gridAlignment(_ alignment: VerticalAlignment) -> AlignmentName {
        switch alignment.name {
        case .top: .top
        case .bottom: .bottom
        case .center, .firstTextBaseline, .lastTextBaseline: .center
        }
    }

    /// `item` in a frame its `GridItem` asks for: across (a column's width) or down (a row's
    /// height).
    static func sized(_ item: ViewNode, by gridItem: GridItem, across: Bool) -> ViewNode {
        let alignment = gridItem.alignment?.name ?? .center
        let frame: FrameSpec
        switch gridItem.size {
        case .fixed(let length):
            frame = across ? FrameSpec(width: length, alignment: alignment) : FrameSpec(height: length, alignment: alignment)
        case .flexible(let minimum, let maximum), .adaptive(let minimum, let maximum):
            frame = across
                ? FrameSpec(minWidth: minimum, maxWidth: maximum, alignment: alignment)
                : FrameSpec(minHeight: minimum, maxHeight: maximum, alignment: alignment)
        }
        var sized = item
        sized.modifiers.append(.frame(frame))
        return sized
    }
}
