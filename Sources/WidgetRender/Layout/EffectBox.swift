import WidgetPayload

/// `offset`, `scaleEffect`, `shadow` and `blur`: drawing effects. The view is laid out as it
/// would be without them (SwiftUI's effects change the drawing, never the frame), then drawn
/// inside the effect's push and pop.
final class EffectBox: WrapperBox {
    let effect: ViewModifierNode
    let paints: PaintResolver

    init(child: LayoutBox, effect: ViewModifierNode, paints: PaintResolver) {
        self.effect = effect
        self.paints = paints
        super.init(child: child)
    }

    override func place(in rect: Rect, proposal: ProposedSize, into list: inout DisplayListBuilder) {
        guard let (push, pop) = commands(in: rect) else {
            return child.place(in: rect, proposal: proposal, into: &list)
        }
        list.add(push)
        child.place(in: rect, proposal: proposal, into: &list)
        list.add(pop)
    }

    /// The push and pop around the view in `rect`; nil when the effect does nothing.
    private func commands(in rect: Rect) -> (DisplayCommand, DisplayCommand)? {
        switch effect {
        case .offset(let x, let y) where x != 0 || y != 0:
            let center = Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
            return (.pushTransform(scaleX: 1, scaleY: 1, center: center, dx: x, dy: y), .popTransform)
        case .scaleEffect(let x, let y, let anchor) where x != 1 || y != 1:
            let center = Point(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
            return (.pushTransform(scaleX: x, scaleY: y, center: center, dx: 0, dy: 0), .popTransform)
        case .shadow(let color, let radius, let x, let y):
            let rgba = paints.rgba(color)
            guard rgba.alpha > 0 else { return nil }
            return (.pushShadow(color: rgba, radius: radius, dx: x, dy: y), .popShadow)
        case .blur(let radius) where radius > 0:
            return (.pushBlur(radius: radius), .popBlur)
        default:
            return nil
        }
    }
}
