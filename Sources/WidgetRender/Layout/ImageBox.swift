import WidgetPayload

/// `Image`: a bitmap or SVG at its natural size in points, or stretched to the proposal when
/// `resizable` (an axis offered nil keeps the natural length). A system symbol follows the font
/// as SF Symbols do: its natural size is a square of the font's size times the `imageScale`
/// (0.78, 1 or 1.29), drawn in the font's weight. An image that cannot be drawn is a grey box of
/// `missingSide` points (or the proposal when resizable). A `template` image
/// (`Image.renderingMode(.template)`) is drawn as its shape in the foreground colour, as a symbol.
final class ImageBox: LayoutBox {
    static let missingSide = 40.0

    let source: ImageSource
    let isResizable: Bool
    let isTemplate: Bool
    /// nil: missing.
    let naturalSize: Size?
    let foreground: FillStyle?
    let isRedacted: Bool
    let context: LayoutContext
    /// A system symbol's request, its paints left to placing (they span the frame).
    private let symbol: SymbolRequest?
    private let symbolStyles: SymbolStyleModifiers

    init(source: ImageSource, resizable: Bool, template: Bool = false, environment: ViewEnvironment, context: LayoutContext) {
        self.source = source
        self.isResizable = resizable
        self.isTemplate = template
        self.foreground = environment.foreground
        self.isRedacted = environment.isRedacted
        self.context = context
        self.symbolStyles = environment.symbolStyles
        switch source {
        case .system(let name):
            let text = environment.textStyle
            let side = text.size * symbolStyles.scale.factor
            naturalSize = Size(width: side, height: side)
            symbol = SymbolRequest(symbolStyles.name(for: name), weight: text.weight, renderingMode: symbolStyles.renderingMode,
                                   variableValue: symbolStyles.variableValue)
        case .asset, .appGroup, .data:
            naturalSize = context.images.naturalSize(of: source)
            symbol = nil
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
        if var symbol {
            var primary = context.paints.foreground(foreground, in: rect)
            if symbol.renderingMode == .multicolor, let color = SystemSymbol.multicolor(of: symbol.name) {
                primary = .color(context.paints.rgba(.named(color, opacity: 1)))
            }
            symbol.secondary = symbolStyles.secondary.map { context.paints.paint($0, in: rect) }
            symbol.tertiary = symbolStyles.tertiary.map { context.paints.paint($0, in: rect) }
            list.add(.symbol(symbol, frame: rect, paint: primary))
        } else if isTemplate, let color = context.paints.foreground(foreground, in: rect).colors.first {
            // A gradient foreground tints with its first colour: a template takes one.
            list.add(.tintedImage(source, frame: rect, clip: clip, tint: .template(color)))
        } else {
            list.add(.image(source, frame: rect, clip: clip))
        }
    }
}
