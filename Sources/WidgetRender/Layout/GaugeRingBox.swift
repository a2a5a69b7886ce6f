import WidgetPayload

/// The ring of a circular `Gauge`: a track and the value's arc, as large a circle as it is offered
/// (`idealSide` when offered nil). `.accessoryCircular` leaves a gap at the bottom (a 270° arc);
/// `.accessoryCircularCapacity` is a full ring filled clockwise from the top.
final class GaugeRingBox: LayoutBox {
    static let idealSide = 58.0

    let fraction: Double
    let isOpenRing: Bool
    let fill: FillStyle?
    let paints: PaintResolver

    init(fraction: Double, openRing: Bool, fill: FillStyle?, paints: PaintResolver) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.isOpenRing = openRing
        self.fill = fill
        self.paints = paints
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let side = min(proposal.finiteWidth ?? .infinity, proposal.finiteHeight ?? .infinity)
        let chosen = side.isFinite ? side : Self.idealSide
        return Size(width: chosen, height: chosen)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let square = rect.centeredSquare
        guard square.size.isFinite, square.width > 0 else { return }
        let lineWidth = max(2, square.width * 0.1)
        let radius = (square.width - lineWidth) / 2
        let start = isOpenRing ? 0.75 * Double.pi : -0.5 * Double.pi
        let sweep = isOpenRing ? 1.5 * Double.pi : 2 * Double.pi
        let track = Paint.color(SystemColors.track(paints.colorScheme))
        list.add(.arc(center: square.center, radius: radius, startAngle: start, endAngle: start + sweep, lineWidth: lineWidth, paint: track))
        guard fraction > 0 else { return }
        let paint = paints.paint(fill ?? .color(.named(.accentColor, opacity: 1)), in: square)
        list.add(.arc(center: square.center, radius: radius, startAngle: start, endAngle: start + sweep * fraction, lineWidth: lineWidth, paint: paint))
    }
}
