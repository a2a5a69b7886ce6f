import WidgetPayload

/// `Canvas`: fully flexible like a shape, it replays the drawing the SDK recorded at its
/// reference size, scaled to the frame it gets and cut to that frame.
///
/// Each operation is drawn inside its clips, its opacity and its transform; text and images
/// drawn into the canvas are laid out as views (at their ideal size, or in their rectangle) in
/// the canvas's coordinates. The scale from the reference size applies to everything, the
/// width of strokes and the size of text included: the renderer cannot be run again at the
/// size the host chose (docs/view-tree.md).
final class CanvasBox: LayoutBox {
    let drawing: CanvasDrawing
    let paints: PaintResolver
    /// The boxes of the views drawn in, by the index of their operation.
    let views: [Int: LayoutBox]

    init(drawing: CanvasDrawing, paints: PaintResolver, views: [Int: LayoutBox]) {
        self.drawing = drawing
        self.paints = paints
        self.views = views
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? ShapeBox.idealLength, height: proposal.height ?? ShapeBox.idealLength)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        guard rect.size.isFinite, rect.width > 0, rect.height > 0 else { return }
        let reference = drawing.size
        let scale = AffineSpec(a: reference.width > 0 ? rect.width / reference.width : 1, d: reference.height > 0 ? rect.height / reference.height : 1,
                               tx: rect.minX, ty: rect.minY)
        list.add(.pushClip(.rectangle, rect))
        list.add(.pushAffine(scale))
        let bounds = Rect(x: 0, y: 0, width: reference.width, height: reference.height)
        for (index, operation) in drawing.operations.enumerated() {
            draw(operation, index: index, bounds: bounds, into: &list)
        }
        list.add(.popAffine)
        list.add(.popClip)
    }

    /// One operation inside its clips, opacity and transform, each pushed only when it does something.
    private func draw(_ operation: CanvasOperation, index: Int, bounds: Rect, into list: inout DisplayListBuilder) {
        var pops: [DisplayCommand] = []
        for clip in operation.clips {
            list.add(.pushClip(.path(PathShape(elements: clip.elements, evenOdd: clip.evenOdd)), bounds))
            pops.append(.popClip)
        }
        if operation.opacity < 1 {
            list.add(.pushOpacity(operation.opacity))
            pops.append(.popOpacity)
        }
        if !operation.transform.isIdentity {
            list.add(.pushAffine(operation.transform))
            pops.append(.popAffine)
        }
        switch operation.drawing {
        case .fill(let elements, let shading, let evenOdd):
            if let paint = paint(shading) {
                list.add(.fill(.path(PathShape(elements: elements, evenOdd: evenOdd)), bounds, paint))
            }
        case .stroke(let elements, let shading, let stroke):
            if let paint = paint(shading), stroke.lineWidth > 0 {
                let line = StrokeLine(cap: stroke.lineCap, join: stroke.lineJoin, miterLimit: stroke.miterLimit,
                                      dash: stroke.dash, dashPhase: stroke.dashPhase)
                list.add(.stroke(.path(PathShape(elements: elements)), bounds, paint, lineWidth: stroke.lineWidth, line: line))
            }
        case .view(_, let point, let anchor):
            if let box = views[index] {
                let size = box.size(for: .unspecified)
                let origin = Point(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
                box.place(in: Rect(origin: origin, size: size), proposal: .unspecified, into: &list)
            }
        case .viewInRect(_, let rect):
            if let box = views[index] {
                // Laid out in the rectangle from its top-left corner, as a text wraps in it.
                let proposal = ProposedSize(width: rect.width, height: rect.height)
                let size = box.size(for: proposal)
                box.place(in: Rect(origin: Point(x: rect.x, y: rect.y), size: size), proposal: proposal, into: &list)
            }
        }
        for pop in pops.reversed() { list.add(pop) }
    }

    /// The paint for `shading` in the operation's coordinates; nil when it draws nothing.
    private func paint(_ shading: CanvasShading) -> Paint? {
        func stops(_ stops: [GradientStopSpec]) -> [GradientStop] {
            stops.map { GradientStop(color: paints.rgba($0.color), location: $0.location) }
        }
        switch shading {
        case .color(let color):
            let rgba = paints.rgba(color)
            return rgba.alpha > 0 ? .color(rgba) : nil
        case .linearGradient(let gradientStops, let start, let end):
            return .linearGradient(stops: stops(gradientStops), start: Point(x: start.x, y: start.y), end: Point(x: end.x, y: end.y))
        case .radialGradient(let gradientStops, let center, let startRadius, let endRadius):
            return .radialGradient(stops: stops(gradientStops), center: Point(x: center.x, y: center.y),
                                   startRadius: startRadius, endRadius: endRadius)
        }
    }
}
