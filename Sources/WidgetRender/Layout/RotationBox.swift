import WidgetPayload

/// `rotationEffect(_:anchor:)`: the view is laid out as if unrotated (SwiftUI's rotation is a
/// drawing effect), then drawn turned around its anchor.
final class RotationBox: WrapperBox {
    let degrees: Double
    let anchor: UnitPointSpec

    init(child: LayoutBox, degrees: Double, anchor: UnitPointSpec) {
        self.degrees = degrees
        self.anchor = anchor
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        // A whole number of turns draws as nothing at all was done.
        guard degrees.remainder(dividingBy: 360) != 0 else {
            child.place(in: rect, proposal: proposal, into: &list)
            return
        }
        let center = Point(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
        list.add(.pushRotation(radians: degrees * .pi / 180, center: center))
        child.place(in: rect, proposal: proposal, into: &list)
        list.add(.popRotation)
    }
}
