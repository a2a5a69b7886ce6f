/// `Spacer`: along its stack's axis it is at least `minLength` (8 by default, SwiftUI's system
/// spacing) and takes all it is offered beyond; across it takes nothing. Outside a stack it is
/// flexible both ways.
final class SpacerBox: LayoutBox {
    static let defaultMinLength = 8.0

    let minLength: Double
    let axis: Axis?

    init(minLength: Double?, axis: Axis?) {
        self.minLength = max(0, minLength ?? Self.defaultMinLength)
        self.axis = axis
    }

    override var isSpacer: Bool { true }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let width = max(minLength, proposal.width ?? minLength)
        let height = max(minLength, proposal.height ?? minLength)
        switch axis {
        case .horizontal: return Size(width: width, height: 0)
        case .vertical: return Size(width: 0, height: height)
        case nil: return Size(width: width, height: height)
        }
    }
}
