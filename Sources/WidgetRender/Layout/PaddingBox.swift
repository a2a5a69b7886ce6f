import WidgetPayload

/// `padding`: the child is offered the proposal less the insets and the result grows by them.
final class PaddingBox: WrapperBox {
    let insets: EdgeInsetsSpec

    init(child: LayoutBox, insets: EdgeInsetsSpec) {
        self.insets = insets
        super.init(child: child)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let inner = child.size(for: childProposal(proposal))
        return Size(width: inner.width + horizontal, height: inner.height + vertical)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let inner = Rect(
            x: rect.minX + insets.leading, y: rect.minY + insets.top,
            width: max(0, rect.width - horizontal), height: max(0, rect.height - vertical)
        )
        child.place(in: inner, proposal: childProposal(proposal), into: &list)
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        child.baselines(for: childProposal(proposal))?.offset(by: insets.top)
    }

    /// Padding puts space, not text, at the edges.
    override var isTextEdged: Bool { false }

    private var horizontal: Double { insets.leading + insets.trailing }
    private var vertical: Double { insets.top + insets.bottom }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: proposal.width.map { max(0, $0 - horizontal) },
            height: proposal.height.map { max(0, $0 - vertical) }
        )
    }
}
