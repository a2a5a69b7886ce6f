import WidgetPayload

/// `Grid`: rows of cells lined up in columns, as SwiftUI lays them out. Each column is as wide
/// as its widest cell at its ideal width, each row as tall as its tallest cell in those widths;
/// a row that is not a `GridRow` spans every column. When the columns' ideal widths do not fit
/// the offer, they share it in proportion. Cells sit in their slots by the grid's alignment, a
/// row's own vertical alignment overriding it. When the offer is wider than the columns' ideal
/// widths, columns whose cells grow (`.frame(maxWidth: .infinity)`, `LazyVGrid`'s `.flexible`
/// columns) share the room, and the grid is as wide as the offer.
final class GridBox: LayoutBox {
    enum Row {
        case cells([LayoutBox], alignment: VerticalAlignmentName?)
        case spanning(LayoutBox)
    }

    /// SwiftUI's default spacing between a grid's rows and columns.
    static let defaultSpacing = 8.0

    let alignment: AlignmentName
    let horizontalSpacing: Double
    let verticalSpacing: Double
    let rows: [Row]

    init(alignment: AlignmentName, horizontalSpacing: Double, verticalSpacing: Double, rows: [Row]) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.rows = rows
    }

    private var columnCount: Int {
        rows.map { if case .cells(let cells, _) = $0 { cells.count } else { 0 } }.max() ?? 0
    }

    /// The columns' widths for an offer of `width` (nil: their ideal widths).
    private func columnWidths(for width: Double?) -> [Double] {
        var widths = [Double](repeating: 0, count: columnCount)
        for case .cells(let cells, _) in rows {
            for (column, cell) in cells.enumerated() {
                widths[column] = max(widths[column], cell.size(for: .unspecified).width)
            }
        }
        let spacing = horizontalSpacing * Double(max(0, columnCount - 1))
        let ideal = widths.reduce(0, +)
        guard let width, width.isFinite else { return widths }
        guard ideal + spacing <= width else {
            guard ideal > 0 else { return widths }
            let scale = max(0, width - spacing) / ideal
            return widths.map { $0 * scale }
        }
        return sharingRoom(width - spacing, ideal: widths)
    }

    /// The columns' widths when the offer has room beyond their ideal widths: a column with a
    /// cell that grows when offered more (`.frame(maxWidth: .infinity)`, a `LazyVGrid`'s
    /// `.flexible` column) takes a share of the room, as in SwiftUI, up to what its cells take;
    /// the others keep their ideal widths.
    private func sharingRoom(_ room: Double, ideal widths: [Double]) -> [Double] {
        var caps = widths
        for case .cells(let cells, _) in rows {
            for (column, cell) in cells.enumerated() {
                caps[column] = max(caps[column], cell.size(for: ProposedSize(width: room, height: nil)).width)
            }
        }
        let flexible = widths.indices.filter { caps[$0] > widths[$0] }
        guard !flexible.isEmpty else { return widths }
        var result = widths
        var left = room - widths.indices.filter { !flexible.contains($0) }.reduce(0) { $0 + widths[$1] }
        // The most constrained first, so what they leave goes to the others.
        var pending = flexible.sorted { caps[$0] < caps[$1] }
        while let column = pending.first {
            let share = left / Double(pending.count)
            let width = min(max(share, widths[column]), caps[column])
            result[column] = width
            left -= width
            pending.removeFirst()
        }
        return result
    }

    private func totalWidth(_ widths: [Double]) -> Double {
        widths.reduce(0, +) + horizontalSpacing * Double(max(0, widths.count - 1))
    }

    /// Each row's height, with the proposals its views were given.
    private func rowHeights(_ widths: [Double]) -> [Double] {
        rows.map { row in
            switch row {
            case .cells(let cells, _):
                zip(cells, widths).map { $0.size(for: ProposedSize(width: $1, height: nil)).height }.max() ?? 0
            case .spanning(let view):
                view.size(for: ProposedSize(width: totalWidth(widths), height: nil)).height
            }
        }
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let widths = columnWidths(for: proposal.width)
        let heights = rowHeights(widths)
        let spanning = rows.compactMap { if case .spanning(let view) = $0 { view.size(for: ProposedSize(width: proposal.width, height: nil)).width } else { nil } }
        let width = max(totalWidth(widths), spanning.max() ?? 0)
        return Size(width: width, height: heights.reduce(0, +) + verticalSpacing * Double(max(0, rows.count - 1)))
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let widths = columnWidths(for: proposal.width)
        let heights = rowHeights(widths)
        var y = rect.minY
        for (row, height) in zip(rows, heights) {
            switch row {
            case .cells(let cells, let rowAlignment):
                var x = rect.minX
                let cellAlignment = rowAlignment.map { alignment.replacingVertical(with: $0) } ?? alignment
                for (cell, width) in zip(cells, widths) {
                    let offer = ProposedSize(width: width, height: height)
                    let slot = Rect(x: x, y: y, width: width, height: height)
                    cell.place(in: slot.aligned(cell.size(for: offer), cellAlignment), proposal: offer, into: &list)
                    x += width + horizontalSpacing
                }
            case .spanning(let view):
                let offer = ProposedSize(width: rect.width, height: height)
                let slot = Rect(x: rect.minX, y: y, width: rect.width, height: height)
                view.place(in: slot.aligned(view.size(for: offer), alignment), proposal: offer, into: &list)
            }
            y += height + verticalSpacing
        }
    }
}

extension AlignmentName {
    /// This alignment across, `vertical` down (a baseline taken as the top, as a row of cells
    /// has no shared baseline here).
    func replacingVertical(with vertical: VerticalAlignmentName) -> AlignmentName {
        let across = fractions.x
        let table: [[AlignmentName]] = [[.topLeading, .top, .topTrailing], [.leading, .center, .trailing], [.bottomLeading, .bottom, .bottomTrailing]]
        let row = switch vertical {
        case .top, .firstTextBaseline, .lastTextBaseline: 0
        case .center: 1
        case .bottom: 2
        }
        return table[row][across == 0 ? 0 : across == 1 ? 2 : 1]
    }
}
