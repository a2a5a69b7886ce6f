/// `fixedSize(horizontal:vertical:)`: the child is offered nil (its ideal size) on those axes.
final class FixedSizeBox: WrapperBox {
    let horizontal: Bool
    let vertical: Bool

    init(child: LayoutBox, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child: child)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        child.size(for: childProposal(proposal))
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        child.place(in: rect, proposal: childProposal(proposal), into: &list)
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        child.baselines(for: childProposal(proposal))
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }
}
