import CPangoCairo
import WidgetHome
import WidgetPayload

/// A Smart Stack's dots, as iOS and `/home` draw them: a column beside the widget's right edge,
/// one dot a member, the shown member's opaque. Both backends draw them, after the widgets, at
/// `frame(beside:count:)`: X11 onto its page, Wayland into a sub-surface of that size.
public enum StackDots {
    /// Each dot's diameter, the space between two, and the column's distance from the widget (points).
    public static let diameter = 6.0
    public static let gap = 4.0
    public static let inset = 8.0

    /// Where the dots of `count` members go beside a widget drawn at `frame`, in its points.
    public static func frame(beside frame: Rect, count: Int) -> Rect {
        let height = Double(count) * diameter + Double(max(count - 1, 0)) * gap
        return Rect(
            x: frame.origin.x + frame.size.width + inset, y: frame.origin.y + (frame.size.height - height) / 2,
            width: diameter, height: height)
    }

    /// Draws `stack`'s dots with their column's top-left at `origin`, on `cairo`, which draws in
    /// points; in the page dots' ink (dark on light, light on dark), the shown member's stronger.
    public static func draw(_ stack: HomeItem.Stack, at origin: Point, appearance: ColorSchemeName, on cairo: OpaquePointer) {
        let ink = appearance == .dark ? 1.0 : 0.0
        let radius = diameter / 2
        for (index, member) in stack.members.enumerated() {
            cairo_set_source_rgba(cairo, ink, ink, ink, member == stack.shown ? 0.9 : 0.35)
            cairo_arc(cairo, origin.x + radius, origin.y + radius + Double(index) * (diameter + gap), radius, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
    }
}
