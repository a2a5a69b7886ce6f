import CXCB
import WidgetHome

/// The mouse on the home screen's window, as the edit mode's `HomeEditor` takes it: the first
/// button's presses, moves and releases (taps, long presses, drags and swipes are recognised
/// there), the second and third buttons' right-click menu, and the wheel's page turns.
enum X11Pointer {
    enum Input: Equatable {
        case press(Point)
        case move(Point)
        case release(Point)
        case secondaryClick(Point)
        case turnPage(by: Int)
    }

    /// A button press at (x, y) pixels of the window, at `scale` pixels a point.
    static func pressed(button: UInt8, x: Int16, y: Int16, scale: Double) -> Input? {
        let point = Point(x: Double(x) / scale, y: Double(y) / scale)
        switch button {
        case 1: return .press(point)
        case 3: return .secondaryClick(point)
        // The wheel: each notch is a press (and a release) of button 4 (up) or 5 (down); 6 and 7
        // are the horizontal wheel, left and right.
        case 4, 6: return .turnPage(by: -1)
        case 5, 7: return .turnPage(by: 1)
        default: return nil
        }
    }

    static func released(button: UInt8, x: Int16, y: Int16, scale: Double) -> Input? {
        button == 1 ? .release(Point(x: Double(x) / scale, y: Double(y) / scale)) : nil
    }

    /// A move with a button held (the window hears no other motion, so hovering wakes nothing).
    static func moved(x: Int16, y: Int16, state: UInt16, scale: Double) -> Input? {
        // Button1Mask: only the first button drags.
        state & 0x100 != 0 ? .move(Point(x: Double(x) / scale, y: Double(y) / scale)) : nil
    }
}
