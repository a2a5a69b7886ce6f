import WidgetPayload

/// Shapes, and `Color` or `LinearGradient` used as a view: fully flexible, they take whatever
/// they are offered (10 points on an axis offered nil, SwiftUI's ideal for shapes).
final class ShapeBox: LayoutBox {
    static let idealLength = 10.0

    enum Drawing {
        case fill(FillStyle)
        case stroke(FillStyle, lineWidth: Double, line: StrokeLine)
    }

    let shape: ShapeName
    let drawing: Drawing
    let paints: PaintResolver

    init(shape: ShapeName, drawing: Drawing, paints: PaintResolver) {
        self.shape = shape
        self.drawing = drawing
        self.paints = paints
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? Self.idealLength, height: proposal.height ?? Self.idealLength)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        guard rect.size.isFinite else { return }
        let (drawShape, frame) = shape.drawn(in: rect, container: list.container)
        switch drawing {
        case .fill(let style):
            guard !paints.isInvisible(style) else { return }
            list.add(.fill(drawShape, frame, paints.paint(style, in: frame)))
        case .stroke(let style, let lineWidth, let line):
            guard !paints.isInvisible(style), lineWidth > 0 else { return }
            list.add(.stroke(drawShape, frame, paints.paint(style, in: frame), lineWidth: lineWidth, line: line))
        }
    }
}
