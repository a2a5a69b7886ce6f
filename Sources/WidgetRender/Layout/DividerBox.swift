/// `Divider`: a hairline across its stack's axis (vertical in an `HStack`, horizontal in a
/// `VStack` or outside any stack), as long as it is offered on the other axis.
final class DividerBox: LayoutBox {
    static let thickness = 1.0

    /// The axis the line runs along.
    let lineAxis: Axis
    let paints: PaintResolver

    init(stackAxis: Axis?, paints: PaintResolver) {
        self.lineAxis = stackAxis == .horizontal ? .vertical : .horizontal
        self.paints = paints
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        Size(along: lineAxis, proposal[lineAxis] ?? 0, cross: Self.thickness)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        guard rect.size.isFinite, rect.size[lineAxis] > 0 else { return }
        list.add(.fill(.rectangle, rect, .color(SystemColors.separator(paints.colorScheme))))
    }
}
