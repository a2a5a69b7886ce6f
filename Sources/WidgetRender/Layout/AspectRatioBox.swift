import WidgetPayload

/// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()`: the child is offered the
/// largest size of that ratio inside the proposal (fit) or the smallest covering it (fill); with
/// no ratio, the child's ideal size gives it. An axis without a finite proposal follows the other.
///
/// A filled image overflows the proposal, as in SwiftUI; unlike SwiftUI it is drawn clipped to
/// the proposal (centred), since a widget's poster or background wants exactly that.
final class AspectRatioBox: WrapperBox {
    let ratio: Double?
    let mode: ContentModeName

    init(child: LayoutBox, ratio: Double?, mode: ContentModeName) {
        self.ratio = ratio
        self.mode = mode
        super.init(child: child)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        child.size(for: childProposal(proposal))
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let offer = childProposal(proposal)
        if mode == .fill, let image = child as? ImageBox, let width = proposal.finiteWidth, let height = proposal.finiteHeight,
           rect.width > width || rect.height > height {
            let visible = rect.aligned(Size(width: min(width, rect.width), height: min(height, rect.height)), .center)
            image.place(in: rect, clip: visible, into: &list)
        } else {
            child.place(in: rect, proposal: offer, into: &list)
        }
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        child.baselines(for: childProposal(proposal))
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        let ideal = child.size(for: .unspecified)
        let ratio = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard ratio > 0, ratio.isFinite else { return proposal }
        switch (proposal.finiteWidth, proposal.finiteHeight) {
        case let (width?, height?):
            let wider = width / max(height, .leastNonzeroMagnitude) > ratio
            // Fit follows the tighter axis, fill the looser one.
            return wider == (mode == .fit)
                ? ProposedSize(width: height * ratio, height: height)
                : ProposedSize(width: width, height: width / ratio)
        case let (width?, nil):
            return ProposedSize(width: width, height: width / ratio)
        case let (nil, height?):
            return ProposedSize(width: height * ratio, height: height)
        case (nil, nil):
            return ProposedSize(width: ideal.width, height: ideal.width / ratio)
        }
    }
}
