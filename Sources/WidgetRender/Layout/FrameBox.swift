import WidgetPayload

/// `frame(width:height:alignment:)` and `frame(minWidth:idealWidth:maxWidth:…)`, with SwiftUI's
/// rules. Fixed: the child is offered the fixed lengths (the proposal elsewhere) and the frame
/// takes them. Flexible: the child is offered the proposal clamped to min…max (the ideal length
/// when the proposal is nil, and the frame then takes that ideal); otherwise the frame takes the
/// child's length, raised to `min` (but no further than the proposal) and, with a `max`, grown
/// towards the proposal up to `max`, so `maxWidth: .infinity` takes the whole proposal. The child
/// sits in the frame at `alignment`.
final class FrameBox: WrapperBox {
    let spec: FrameSpec

    init(child: LayoutBox, spec: FrameSpec) {
        self.spec = spec
        super.init(child: child)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let inner = child.size(for: childProposal(proposal))
        if spec.isFixed {
            return Size(width: spec.width ?? inner.width, height: spec.height ?? inner.height)
        }
        return Size(
            width: Self.flexible(inner.width, offered: proposal.width, ideal: spec.idealWidth, min: spec.minWidth, max: spec.maxWidth),
            height: Self.flexible(inner.height, offered: proposal.height, ideal: spec.idealHeight, min: spec.minHeight, max: spec.maxHeight)
        )
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let offer = childProposal(proposal)
        child.place(in: rect.aligned(child.size(for: offer), spec.alignment), proposal: offer, into: &list)
    }

    override func baselines(for proposal: ProposedSize) -> Baselines? {
        let offer = childProposal(proposal)
        let bounds = Rect(origin: Point(x: 0, y: 0), size: size(for: proposal))
        return child.baselines(for: offer)?.offset(by: bounds.aligned(child.size(for: offer), spec.alignment).minY)
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        if spec.isFixed {
            return ProposedSize(width: spec.width ?? proposal.width, height: spec.height ?? proposal.height)
        }
        return ProposedSize(
            width: Self.clamp(proposal.width ?? spec.idealWidth, min: spec.minWidth, max: spec.maxWidth),
            height: Self.clamp(proposal.height ?? spec.idealHeight, min: spec.minHeight, max: spec.maxHeight)
        )
    }

    private static func clamp(_ length: Double?, min lower: Double?, max upper: Double?) -> Double? {
        guard var length else { return nil }
        if let lower { length = Swift.max(lower, length) }
        if let upper { length = Swift.min(upper, length) }
        return length
    }

    /// Offered nil, a frame with an ideal length takes it (within min…max): that is its ideal.
    private static func flexible(_ child: Double, offered: Double?, ideal: Double?, min lower: Double?, max upper: Double?) -> Double {
        if offered == nil, let ideal { return clamp(ideal, min: lower, max: upper)! }
        var length = child
        if let lower { length = Swift.max(lower, Swift.min(length, offered ?? length)) }
        if let upper { length = Swift.min(upper, Swift.max(length, offered ?? length)) }
        return length
    }
}
