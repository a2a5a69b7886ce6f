import WidgetPayload

// Drawing effects, as SwiftUI's: the view keeps the frame it had without them, and is drawn
// moved, scaled, blurred or with a shadow. Non-finite numbers cannot be written: they do nothing.

extension View {
    /// The view drawn moved by `x` points right and `y` points down; layout is unchanged.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        modifier(.offset(x: x.finite(or: 0), y: y.finite(or: 0)))
    }

    /// The view drawn scaled by `scale` around `anchor` of its frame; layout is unchanged.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// The view drawn scaled by `x` across and `y` down around `anchor`; layout is unchanged.
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        modifier(.scaleEffect(x: x.finite(or: 1), y: y.finite(or: 1), anchor: anchor.spec))
    }

    /// A shadow behind the view: its drawing blurred by `radius`, in `color`, moved by `x`, `y`.
    /// SwiftUI's default colour is black at a third of full opacity.
    public func shadow(color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        modifier(.shadow(color: color.spec, radius: max(0, radius.finite(or: 0)), x: x.finite(or: 0), y: y.finite(or: 0)))
    }

    /// The view drawn blurred by `radius` points. `opaque` is accepted as in SwiftUI; the edges
    /// are always drawn transparent.
    public func blur(radius: Double, opaque: Bool = false) -> some View {
        modifier(.blur(radius: max(0, radius.finite(or: 0))))
    }

    /// The colour controls and indicators inside are drawn in: a `ProgressView`'s and a
    /// `Gauge`'s value, a `Toggle` that is on, a prominent `Button`.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        modifier(optional: tint.map { .tint($0._fillStyle) })
    }

    /// As `tint(_:)`, with a colour.
    public func tint(_ color: Color?) -> some View {
        modifier(optional: color.map { .tint($0._fillStyle) })
    }
}

extension Double {
    func finite(or fallback: Double) -> Double {
        isFinite ? self : fallback
    }
}
