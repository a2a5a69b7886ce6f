import CXCB
import WidgetDesktop
import WidgetRender

/// The mouse on the home screen's window: a click on a widget performs its control or opens its
/// link; the wheel, or a drag across, turns the page.
struct X11Pointer {
    /// What a button event asks of the home screen.
    enum Gesture: Equatable {
        /// A click of the first button that barely moved, at a point of the window (pixels).
        case tap(x: Int, y: Int)
        case turnPage(by: Int)
    }

    /// Where the first button went down, in pixels of the window.
    private var pressedAt: (x: Int, y: Int)?

    /// Below this distance between press and release (pixels, either way) it is a click.
    static let clickSlop = 10
    /// Beyond this distance across, a drag turns the page, as a swipe does on a phone.
    static let swipeDistance = 50

    mutating func pressed(button: UInt8, x: Int, y: Int) -> Gesture? {
        switch button {
        case 1:
            pressedAt = (x, y)
            return nil
        // The wheel: each notch is a press (and a release) of button 4 (up) or 5 (down); 6 and 7
        // are the horizontal wheel, left and right.
        case 4, 6: return .turnPage(by: -1)
        case 5, 7: return .turnPage(by: 1)
        default: return nil
        }
    }

    mutating func released(button: UInt8, x: Int, y: Int) -> Gesture? {
        guard button == 1, let pressed = pressedAt else { return nil }
        pressedAt = nil
        let across = x - pressed.x, down = y - pressed.y
        if abs(across) < Self.clickSlop, abs(down) < Self.clickSlop {
            return .tap(x: pressed.x, y: pressed.y)
        }
        if abs(across) > Self.swipeDistance, abs(across) > abs(down) {
            // Dragging the page to the left shows the next one, as on a phone.
            return .turnPage(by: across < 0 ? 1 : -1)
        }
        return nil
    }
}
