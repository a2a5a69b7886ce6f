/// `opacity`: the view is drawn as one layer at that opacity.
final class OpacityBox: WrapperBox {
    let opacity: Double

    init(child: LayoutBox, opacity: Double) {
        self.opacity = min(max(opacity, 0), 1)
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.add(.pushOpacity(opacity))
        child.place(in: rect, proposal: proposal, into: &list)
        list.add(.popOpacity)
    }
}
