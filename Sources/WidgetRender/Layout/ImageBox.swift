import WidgetPayload

/// `Image`: a bitmap or SVG at its natural size in points, or stretched to the proposal when
/// `resizable` (an axis offered nil keeps the natural length). A system symbol's natural size is
/// a square of the font's size, as SF Symbols follow the font. An image that cannot be drawn is a
/// grey box of `missingSide` points (or the proposal when resizable).
final class ImageBox: LayoutBox {
    static let missingSide = 40.0

    let source: ImageSource
    let isResizable: Bool
    /// nil: missing.
    let naturalSize: Size?
    let foreground: FillStyle?
    let isRedacted: Bool
    let context: LayoutContext

    init(source: ImageSource, resizable: Bool, environment: ViewEnvironment, context: LayoutContext) {
        self.source = source
        self.isResizable = resizable
        self.foreground = environment.foreground
        self.isRedacted = environment.isRedacted
        self.context = context
        switch source {
        case .system:
            let side = environment.textStyle.size
            naturalSize = Size(width: side, height: side)
        case .asset, .appGroup, .data:
            naturalSize = context.images.naturalSize(of: source)
        }
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let natural = naturalSize ?? Size(width: Self.missingSide, height: Self.missingSide)
        guard isResizable else { return natural }
        return Size(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        place(in: rect, clip: nil, into: &list)
    }

    /// `clip`: the visible part when the image overflows its proposal (`scaledToFill`).
    func place(in rect: Rect, clip: Rect?, into list: inout DisplayListBuilder) {
        guard rect.size.isFinite else { return }
        if isRedacted {
            let visible = clip ?? rect
            list.add(.fill(Redaction.shape(height: min(visible.width, visible.height)), visible, context.redactionPaint(foreground)))
            return
        }
        guard naturalSize != nil else {
            list.add(.missingImage(frame: clip ?? rect))
            return
        }
        if case .system(let name) = source {
            list.add(.symbol(name, frame: rect, paint: context.paints.foreground(foreground, in: rect)))
        } else {
            list.add(.image(source, frame: rect, clip: clip))
        }
    }
}
