#if canImport(Glibc)
import Glibc
#endif
import CXCB
import WidgetHome

/// The keyboard on the home screen's window: key codes turned into keysyms with the server's
/// keyboard mapping (read once; xcb has no keysym helper of its own without xcb-keysyms), and
/// keysyms into the `HomeKey`s edit mode answers.
struct X11Keyboard {
    private let minKeycode: Int
    private let perKeycode: Int
    private let keysyms: [UInt32]

    init(connection: OpaquePointer) {
        let setup = xcb_get_setup(connection)!.pointee
        let first = Int(setup.min_keycode), count = Int(setup.max_keycode) - first + 1
        minKeycode = first
        let cookie = xcb_get_keyboard_mapping(connection, setup.min_keycode, UInt8(count))
        guard let reply = xcb_get_keyboard_mapping_reply(connection, cookie, nil) else {
            perKeycode = 0
            keysyms = []
            return
        }
        defer { free(reply) }
        perKeycode = Int(reply.pointee.keysyms_per_keycode)
        let length = Int(xcb_get_keyboard_mapping_keysyms_length(reply))
        keysyms = Array(UnsafeBufferPointer(start: xcb_get_keyboard_mapping_keysyms(reply), count: length))
    }

    /// The unshifted keysym of `keycode`; 0 when the mapping has none.
    func keysym(of keycode: UInt8) -> UInt32 {
        let index = (Int(keycode) - minKeycode) * perKeycode
        guard perKeycode > 0, index >= 0, index < keysyms.count else { return 0 }
        return keysyms[index]
    }

    /// The character `keycode` types with the modifiers held (Shift's level), for a sheet's text
    /// field; nil for a key that types none (Tab, the arrows, Enter, Escape: they are `HomeKey`s).
    func text(of keycode: UInt8, state: UInt16) -> String? {
        let index = (Int(keycode) - minKeycode) * perKeycode + (state & Self.shiftMask != 0 && perKeycode > 1 ? 1 : 0)
        guard perKeycode > 0, index >= 0, index < keysyms.count else { return nil }
        let keysym = keysyms[index]
        // Latin-1 keysyms are their code points; others are 0x1000000 plus the code point.
        let scalar: UInt32? =
            switch keysym {
            case 0x20...0x7E, 0xA0...0xFF: keysym
            case 0x100_0000...0x110_FFFF: keysym - 0x100_0000
            default: nil
            }
        return scalar.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// The modifier bits of a key event's state.
    static let shiftMask: UInt16 = 1
    static let altMask: UInt16 = 8
    /// Control, Alt and Super: a key held with one of them types nothing.
    static let commandMask: UInt16 = 4 | 8 | 0x40

    /// The home screen's key for a keysym with the modifiers held; nil for keys it does not use.
    static func homeKey(keysym: UInt32, state: UInt16) -> HomeKey? {
        HomeKey(keysym: keysym, shift: state & shiftMask != 0, alt: state & altMask != 0)
    }
}

/// The mouse on the home screen's window, as the edit mode's `HomeEditor` takes it: the first
/// button's presses, moves and releases (taps, long presses, drags and swipes are recognised
/// there), the second and third buttons' right-click menu, and the wheel (page turns, Smart Stacks).
enum X11Pointer {
    enum Input: Equatable {
        case press(Point)
        case move(Point)
        case release(Point)
        case secondaryClick(Point)
        /// A wheel notch at a point: `delta` 1 down (or right), -1 up (or left).
        case scroll(at: Point, by: Int, vertical: Bool)
    }

    /// A button press at (x, y) pixels of the window, at `scale` pixels a point.
    static func pressed(button: UInt8, x: Int16, y: Int16, scale: Double) -> Input? {
        let point = Point(x: Double(x) / scale, y: Double(y) / scale)
        switch button {
        case 1: return .press(point)
        case 3: return .secondaryClick(point)
        // The wheel: each notch is a press (and a release) of button 4 (up) or 5 (down); 6 and 7
        // are the horizontal wheel, left and right. Over a Smart Stack the vertical one moves
        // through it; elsewhere either turns the page.
        case 4: return .scroll(at: point, by: -1, vertical: true)
        case 5: return .scroll(at: point, by: 1, vertical: true)
        case 6: return .scroll(at: point, by: -1, vertical: false)
        case 7: return .scroll(at: point, by: 1, vertical: false)
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
