import WidgetPayload

/// `background`, `overlay` and `mask`: a second view laid out in the first one's frame (offered
/// exactly its size) at `alignment`. The decorated view's size is the child's alone.
final class DecorationBox: WrapperBox {
    enum Kind {
        case background, overlay, mask
    }

    let kind: Kind
    let decoration: LayoutBox
    let alignment: AlignmentName

    init(child: LayoutBox, decoration: LayoutBox, kind: Kind, alignment: AlignmentName) {
        self.kind = kind
        self.decoration = decoration
        self.alignment = alignment
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        switch kind {
        case .background:
            placeDecoration(in: rect, into: &list)
            child.place(in: rect, proposal: proposal, into: &list)
        case .overlay:
            child.place(in: rect, proposal: proposal, into: &list)
            placeDecoration(in: rect, into: &list)
        case .mask:
            list.add(.beginMaskedContent)
            child.place(in: rect, proposal: proposal, into: &list)
            list.add(.beginMask)
            placeDecoration(in: rect, into: &list)
            list.add(.endMask)
        }
    }

    private func placeDecoration(in rect: Rect, into list: inout DisplayListBuilder) {
        let offer = ProposedSize(rect.size)
        decoration.place(in: rect.aligned(decoration.size(for: offer), alignment), proposal: offer, into: &list)
    }
}
