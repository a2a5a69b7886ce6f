import WidgetPayload

// The modifiers that draw behind, in front of, or clip a view.

extension View {
    /// Fills the view's frame with `style`, behind it.
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        modifier(.background(ViewNode(.fill(style._fillStyle)), alignment: .center))
    }

    /// The system background (`.background`) behind the view, as SwiftUI's `background()`. A
    /// widget has no safe area to extend into, so `edges` changes nothing.
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(.background)
    }

    /// Fills the view's frame with `style`, behind it; `edges` as in `background()`.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set) -> some View {
        background(style)
    }

    /// `shape` filled with `style`, behind the view, in its frame.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        // Evaluated with the view, so a custom shape's path is made at the view's offered size.
        modifier { .background(ViewNode(.shape(shape._shapeName, fill: style._fillStyle, stroke: nil), modifiers: shape._shapeModifiers), alignment: .center) }
    }

    /// `content` behind the view, laid out in its frame and placed by `alignment`.
    public func background<Background: View>(_ content: Background, alignment: Alignment = .center) -> some View {
        modifier { .background(ViewEvaluation.layered(content, alignment: alignment.name), alignment: alignment.name) }
    }

    /// The views of `content` behind the view, layered as in a `ZStack`.
    public func background<Background: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> Background
    ) -> some View {
        background(content(), alignment: alignment)
    }

    /// Fills the view's frame with `style`, in front of it.
    public func overlay<S: ShapeStyle>(_ style: S) -> some View {
        modifier(.overlay(ViewNode(.fill(style._fillStyle)), alignment: .center))
    }

    /// `shape` filled with `style`, in front of the view, in its frame.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        modifier { .overlay(ViewNode(.shape(shape._shapeName, fill: style._fillStyle, stroke: nil), modifiers: shape._shapeModifiers), alignment: .center) }
    }

    /// `content` in front of the view, laid out in its frame and placed by `alignment`.
    public func overlay<Overlay: View>(_ content: Overlay, alignment: Alignment = .center) -> some View {
        modifier { .overlay(ViewEvaluation.layered(content, alignment: alignment.name), alignment: alignment.name) }
    }

    /// The views of `content` in front of the view, layered as in a `ZStack`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        overlay(content(), alignment: alignment)
    }

    /// The view shows only where `mask` is opaque.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        self.mask(mask(), alignment: alignment)
    }

    /// The view shows only where `mask` is opaque.
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        self.mask(mask, alignment: .center)
    }

    private func mask<Mask: View>(_ mask: Mask, alignment: Alignment) -> ModifiedView<Self> {
        modifier { .mask(ViewEvaluation.layered(mask, alignment: alignment.name), alignment: alignment.name) }
    }

    /// The view clipped to `shape`, laid out in its frame.
    public func clipShape<S: Shape>(_ shape: S) -> some View {
        modifier {
            let moves = shape._shapeModifiers
            guard !moves.isEmpty else { return .clipShape(shape._shapeName) }
            // The wire's clip is an outline alone; a shape with moves (inset, offset, rotation,
            // scale) clips as the mask it is in SwiftUI, so the host lays the moves out exactly.
            let opaque = ViewNode(.shape(shape._shapeName, fill: .color(.rgba(red: 0, green: 0, blue: 0, alpha: 1)), stroke: nil), modifiers: moves)
            return .mask(opaque, alignment: .center)
        }
    }

    /// The view clipped to a rectangle with corners of `radius` points.
    public func cornerRadius(_ radius: Double, antialiased: Bool = true) -> some View {
        modifier(.clipShape(.roundedRectangle(cornerRadius: radius)))
    }

    /// The view drawn at `opacity`, 0 transparent to 1 opaque.
    public func opacity(_ opacity: Double) -> some View {
        modifier(.opacity(opacity))
    }

    /// The view drawn turned by `angle` (clockwise for a positive angle) around `anchor` of its
    /// frame. As in SwiftUI, layout is unchanged: the view takes the space it took unrotated.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        // NaN or an infinity cannot be written; such an angle turns nothing.
        let degrees = angle.degrees.isFinite ? angle.degrees : 0
        return modifier(.rotationEffect(degrees: degrees, anchor: anchor.spec))
    }
}

/// SwiftUI's `Angle`: a geometric angle, in degrees or radians.
public struct Angle: Sendable, Hashable, Comparable {
    // Kept in degrees, which the wire writes: `.degrees(90)` stays exactly 90 there.
    public var degrees: Double

    public var radians: Double {
        get { degrees * .pi / 180 }
        set { degrees = newValue * 180 / .pi }
    }

    public init() {
        degrees = 0
    }

    public init(radians: Double) {
        degrees = radians * 180 / .pi
    }

    public init(degrees: Double) {
        self.degrees = degrees
    }

    public static let zero = Angle()

    public static func radians(_ radians: Double) -> Angle {
        Angle(radians: radians)
    }

    public static func degrees(_ degrees: Double) -> Angle {
        Angle(degrees: degrees)
    }

    public static func < (lhs: Angle, rhs: Angle) -> Bool {
        lhs.degrees < rhs.degrees
    }

    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees + rhs.degrees) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees - rhs.degrees) }
    public static prefix func - (angle: Angle) -> Angle { Angle(degrees: -angle.degrees) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(degrees: lhs.degrees * rhs) }
    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(degrees: lhs * rhs.degrees) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(degrees: lhs.degrees / rhs) }
}
