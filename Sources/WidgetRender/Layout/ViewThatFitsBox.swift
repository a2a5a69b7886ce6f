import WidgetPayload

/// `ViewThatFits(in:)`: of its children, the first whose ideal size fits what it is offered along
/// the checked axes, else the last; only that one is laid out and drawn, as in SwiftUI.
final class ViewThatFitsBox: LayoutBox {
    let axes: FitAxesName
    let children: [LayoutBox]

    init(axes: FitAxesName, children: [LayoutBox]) {
        self.axes = axes
        self.children = children
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        chosen(for: proposal)?.size(for: proposal) ?? .zero
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        chosen(for: proposal)?.place(in: rect, proposal: proposal, into: &list)
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        chosen(for: proposal)?.baselines(for: proposal)
    }

    private func chosen(for proposal: ProposedSize) -> LayoutBox? {
        let horizontal = axes != .vertical
        let vertical = axes != .horizontal
        // The ideal size on the checked axes; the offer as it is on the others.
        let ideal = ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        return children.first { child in
            let size = child.size(for: ideal)
            return (!horizontal || Self.fits(size.width, in: proposal.width)) && (!vertical || Self.fits(size.height, in: proposal.height))
        } ?? children.last
    }

    /// Half a point of slack, for lengths measured as fractions of a pixel.
    private static func fits(_ length: Double, in offered: Double?) -> Bool {
        guard let offered else { return true }
        return length <= offered + 0.5
    }
}
