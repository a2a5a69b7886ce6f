import WidgetPayload

/// Lays a view tree out with SwiftUI's rules and turns it into a display list for one family,
/// appearance and moment.
///
/// The canvas is clipped to the family's rounded shape. Behind everything goes the system
/// background (system families only), then the first `containerBackground` in the tree, edge to
/// edge. The root is offered the area inside
/// the content margins (the whole canvas with `contentMarginsDisabled`) and centred in it, as
/// WidgetKit places widget content.
public struct LayoutEngine: Sendable {
    let measurer: any TextMeasuring
    let images: any ImageSizing

    public init(measurer: any TextMeasuring, images: any ImageSizing) {
        self.measurer = measurer
        self.images = images
    }

    public func layout(_ tree: ViewTree, in environment: LayoutEnvironment) -> DisplayList {
        let mode = environment.drawnRenderingMode
        let scheme = environment.drawnColorScheme
        let context = LayoutContext(
            measurer: measurer, images: images,
            paints: PaintResolver(colorScheme: scheme, catalog: images as? any CatalogColors), environment: environment
        )
        let builder = LayoutTreeBuilder(context: context)
        let root = tree.root(for: environment.colorScheme, mode: mode)
        let canvas = Rect(origin: Point(x: 0, y: 0), size: environment.size)
        var list = DisplayListBuilder()

        let radius = environment.cornerRadius
        list.add(.pushClip(radius > 0 ? .roundedRectangle(cornerRadius: radius) : .rectangle, canvas))
        // The background is the widget's, not its content: placeholder redaction leaves it alone.
        // The system background is always under a system family's widget, as on a home screen:
        // a translucent container background tints it rather than showing through to nothing.
        // The accented and vibrant modes remove both (`Backdrop`).
        if let backdrop = Backdrop.paint(family: environment.family, mode: mode, scheme: scheme, tint: environment.tint) {
            list.add(.fill(.rectangle, canvas, .color(backdrop)))
        }
        var content = DisplayListBuilder()
        content.container = ShapeContainer(frame: canvas, cornerRadius: radius)
        if mode == .fullColor,
           let background = root.first(where: \.containerBackground).flatMap({ builder.box(for: $0, in: ViewEnvironment()) }) {
            place(background, centeredIn: canvas, into: &content)
        }
        var inherited = ViewEnvironment()
        if environment.redactsPlaceholder { inherited.redact(.placeholder) }
        if environment.redactsPrivacySensitive { inherited.redact(.privacy) }
        if let box = builder.box(for: root, in: inherited) {
            let margin = tree.contentMarginsDisabled ? 0 : environment.contentMargins
            let inner = Rect(
                x: margin, y: margin,
                width: max(0, canvas.width - 2 * margin), height: max(0, canvas.height - 2 * margin)
            )
            place(box, centeredIn: inner, into: &content)
        }
        list.append(content, treatedBy: ColorTreatment(mode: mode, tint: environment.tint))
        list.add(.popClip)
        var result = list.list(size: environment.size, widgetURL: root.first(where: \.widgetURL))
        result.colorScheme = scheme
        result.renderingMode = mode
        return result
    }

    private func place(_ box: LayoutBox, centeredIn area: Rect, into list: inout DisplayListBuilder) {
        let offer = ProposedSize(area.size)
        box.place(in: area.aligned(box.size(for: offer), .center), proposal: offer, into: &list)
    }
}

extension WidgetFamily {
    var isSystem: Bool {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: true
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: false
        }
    }
}
