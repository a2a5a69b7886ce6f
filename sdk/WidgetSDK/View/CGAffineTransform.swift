import Foundation
import WidgetPayload

/// Core Graphics' affine transform, which Foundation on Linux does not have: a point (x, y) goes
/// to (a·x + c·y + tx, b·x + d·y + ty). What `Path.applying(_:)` and `GraphicsContext`'s
/// `transform` take.
public struct CGAffineTransform: Sendable, Hashable {
    public var a, b, c, d, tx, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A turn by `angle` radians: clockwise on a screen whose y points down.
    public init(rotationAngle angle: CGFloat) {
        let (cosine, sine) = (CGFloat(cos(Double(angle))), CGFloat(sin(Double(angle))))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform()

    public var isIdentity: Bool { self == .identity }

    /// `self`, then `other`: a point goes through this transform first.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(spec: other.spec.concatenated(after: spec))
    }

    /// A translation applied before this transform (Core Graphics' `translatedBy`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes this one; this one unchanged when it cannot be undone.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    func apply(_ point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    var spec: AffineSpec {
        AffineSpec(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }

    init(spec: AffineSpec) {
        self.init(a: spec.a, b: spec.b, c: spec.c, d: spec.d, tx: spec.tx, ty: spec.ty)
    }
}

extension CGPoint {
    /// The point moved by `transform`, as Core Graphics' `applying(_:)`.
    public func applying(_ transform: CGAffineTransform) -> CGPoint {
        transform.apply(self)
    }
}
