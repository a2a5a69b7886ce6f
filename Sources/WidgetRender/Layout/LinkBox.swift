/// `Link`: its content, with the frame a click opens `url` from.
final class LinkBox: WrapperBox {
    let url: String

    init(child: LayoutBox, url: String) {
        self.url = url
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        list.addLink(url, frame: rect)
        child.place(in: rect, proposal: proposal, into: &list)
    }
}
