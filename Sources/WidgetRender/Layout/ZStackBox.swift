import WidgetPayload

/// `ZStack`: every child is offered the whole proposal; the stack is as large as the union of
/// its children aligned on `alignment`, and draws them back to front.
final class ZStackBox: LayoutBox {
    let alignment: AlignmentName
    let children: [LayoutBox]

    init(alignment: AlignmentName, children: [LayoutBox]) {
        self.alignment = alignment
        self.children = children
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        // Aligned on one point, the union of the children is as wide as the widest and as tall
        // as the tallest, whichever alignment is used.
        let sizes = children.map { $0.size(for: proposal) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        for child in children {
            child.place(in: rect.aligned(child.size(for: proposal), alignment), proposal: proposal, into: &list)
        }
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        let bounds = Rect(origin: Point(x: 0, y: 0), size: size(for: proposal))
        for child in children {
            if let lines = child.baselines(for: proposal) {
                return lines.offset(by: bounds.aligned(child.size(for: proposal), alignment).minY)
            }
        }
        return nil
    }
}
