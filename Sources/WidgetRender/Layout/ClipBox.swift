import WidgetPayload

/// `clipShape` and `cornerRadius`: the view's drawing is cut to a shape of its frame.
final class ClipBox: WrapperBox {
    let shape: ShapeName

    init(child: LayoutBox, shape: ShapeName) {
        self.shape = shape
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        let (drawShape, frame) = shape.drawn(in: rect, container: list.container)
        list.add(.pushClip(drawShape, frame))
        child.place(in: rect, proposal: proposal, into: &list)
        list.add(.popClip)
    }
}

extension ShapeName {
    /// The painter's shape and the rectangle it fills for this shape in `rect`: a circle is the
    /// largest one centred in the rectangle; a container-relative shape is rounded concentric
    /// with `container`'s corners.
    func drawn(in rect: Rect, container: ShapeContainer) -> (DrawShape, Rect) {
        switch self {
        case .rectangle: return (.rectangle, rect)
        case .roundedRectangle(let radius): return (.roundedRectangle(cornerRadius: radius), rect)
        case .circle: return (.ellipse, rect.centeredSquare)
        case .ellipse: return (.ellipse, rect)
        case .capsule: return (.capsule, rect)
        case .containerRelative:
            let inset = min(rect.minX - container.frame.minX, rect.minY - container.frame.minY,
                            container.frame.maxX - rect.maxX, container.frame.maxY - rect.maxY)
            let radius = max(0, container.cornerRadius - max(0, inset))
            return (radius > 0 ? .roundedRectangle(cornerRadius: radius) : .rectangle, rect)
        case .path(let path): return (.path(path), rect)
        case .trimmed(let base, let from, let to):
            let (shape, frame) = base.drawn(in: rect, container: container)
            return (.trimmed(shape, from: from, to: to), frame)
        }
    }
}

/// The shape a `ContainerRelativeShape` is concentric with: the widget's.
struct ShapeContainer: Sendable, Hashable {
    var frame: Rect
    var cornerRadius: Double
}
