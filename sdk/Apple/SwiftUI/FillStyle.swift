import WidgetSDK

/// How a shape's inside is found: SwiftUI's `FillStyle`. Here, in the SwiftUI module, because the
/// SDK's own module has a type of that name (the view tree's fill), which widget code never sees.
public struct FillStyle: Sendable, Hashable {
    /// The even-odd rule: a point is inside when a ray from it crosses the outline an odd number
    /// of times, so a path drawn inside another cuts a hole. Otherwise, non-zero winding.
    public var isEOFilled: Bool
    /// Accepted for SwiftUI's sake: the host always antialiases.
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        self.isEOFilled = eoFill
        self.isAntialiased = antialiased
    }
}

extension Shape {
    /// The shape filled with `content`, by `style`'s rule.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle) -> some View {
        fill(content._fillStyle, evenOdd: style.isEOFilled)
    }

    /// The shape filled with the foreground style, by `style`'s rule.
    public func fill(style: FillStyle) -> some View {
        fill(nil, evenOdd: style.isEOFilled)
    }
}

extension GraphicsContext {
    /// `path` filled with `shading`, by `style`'s rule.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle) {
        fill(path, with: shading, evenOdd: style.isEOFilled)
    }
}
