import Foundation
import WidgetPayload

// How a shape's two faces meet: a custom shape (one that writes `path(in:)`) is written to the
// tree as a SHAPE `path` made at its offered size; the SDK's shapes (which write `_shapeName`)
// answer `path(in:)` with the outline the host would draw.

extension Shape {
    /// A custom shape: its `path(in:)` at the SDK's reckoning of the space it is offered (the
    /// widget's content area, less each `padding`, inside each fixed `frame`: `GeometryReader`'s),
    /// which the host scales to the frame the shape is laid out in.
    public var _shapeName: ShapeName {
        let space = EnvironmentValues.current.offeredSize
        let rect = CGRect(x: 0, y: 0, width: space.width, height: space.height)
        return .path(PathShape(elements: path(in: rect).wireElements,
                               referenceSize: SizeSpec(width: space.width, height: space.height)))
    }

    /// One of the SDK's shapes: its outline in `rect`, as the host draws it (a trim, and the
    /// moves of `offset`, `rotation`, `scale` and `inset`, are the host's and not in the path).
    public func path(in rect: CGRect) -> Path {
        Path(outline: _shapeName, in: rect)
    }
}

extension Path {
    /// The outline the host draws for `shape` in `rect`.
    init(outline shape: ShapeName, in rect: CGRect) {
        self.init()
        let side = min(rect.width, rect.height)
        switch shape {
        case .rectangle, .containerRelative:
            addRect(rect)
        case .roundedRectangle(let radius):
            addRoundedRect(in: rect, cornerSize: CGSize(width: radius, height: radius))
        case .circle:
            addEllipse(in: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
        case .ellipse:
            addEllipse(in: rect)
        case .capsule:
            addRoundedRect(in: rect, cornerSize: CGSize(width: side / 2, height: side / 2))
        case .trimmed(let base, _, _):
            self = Path(outline: base, in: rect)
        case .path(let path):
            let drawn = Path(elements: path.elements)
            guard let reference = path.referenceSize, reference.width > 0, reference.height > 0 else {
                self = drawn.offsetBy(dx: rect.minX, dy: rect.minY)
                return
            }
            let scale = CGAffineTransform(scaleX: rect.width / reference.width, y: rect.height / reference.height)
            self = drawn.applying(scale.concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY)))
        }
    }
}
