import WidgetPayload

/// The bar of a linear `ProgressView` or `Gauge`: a capsule track as wide as it is offered
/// (`idealWidth` when offered nil) and `height` tall, filled from the leading edge to `fraction`.
final class ProgressTrackBox: LayoutBox {
    static let height = 4.0
    static let idealWidth = 100.0

    let fraction: Double
    let fill: FillStyle?
    let paints: PaintResolver

    /// `fill`: the foreground set on the view, or nil for the accent colour.
    init(fraction: Double, fill: FillStyle?, paints: PaintResolver) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.fill = fill
        self.paints = paints
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? Self.idealWidth, height: Self.height)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        guard rect.size.isFinite else { return }
        list.add(.fill(.capsule, rect, .color(SystemColors.track(paints.colorScheme))))
        guard fraction > 0 else { return }
        let filled = Rect(origin: rect.origin, size: Size(width: rect.width * fraction, height: rect.height))
        list.add(.fill(.capsule, filled, paints.paint(fill ?? .color(.named(.accentColor, opacity: 1)), in: rect)))
    }
}
