#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import WidgetDesktop
import WidgetHome

/// The keyboard, in edit mode: the layer surface asks for it on demand while editing (or while a
/// menu is open), and the keys edit mode answers reach the output it is on. Keys are read as the
/// kernel's key codes, whatever the layout (Tab, the arrows, Enter, Escape, Delete are where they
/// are on every layout), so no keymap is parsed; Shift and Alt are followed from their own keys.
final class WaylandKeyboard {
    /// Kept for the life of the seat, as the pointer and touch proxies are.
    private let proxy: OpaquePointer
    unowned let desktop: WaylandDesktop
    private var events: WaylandEvents?
    /// The surface that has the keyboard focus.
    private var focused: OpaquePointer?
    private var shiftsDown: Set<UInt32> = []
    private var altsDown: Set<UInt32> = []

    init(proxy: OpaquePointer, desktop: WaylandDesktop) {
        self.proxy = proxy
        self.desktop = desktop
        let events = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 0:  // keymap(format, fd, size): not read, but the descriptor is ours to close
                close(arguments[1].h)
            case 1:  // enter(serial, surface, keys)
                focused = arguments[1].o
            case 2:  // leave
                focused = nil
                shiftsDown = []
                altsDown = []
            case 3:  // key(serial, time, key, state)
                key(arguments[2].u, pressed: arguments[3].u == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: arguments[1].u)
            default:
                break
            }
        }
        events.attach(to: proxy)
        self.events = events
    }

    private func key(_ code: UInt32, pressed: Bool, time: UInt32) {
        // Linux input codes: left and right Shift, left and right Alt.
        if [42, 54].contains(code) {
            if pressed { shiftsDown.insert(code) } else { shiftsDown.remove(code) }
            return
        }
        if [56, 100].contains(code) {
            if pressed { altsDown.insert(code) } else { altsDown.remove(code) }
            return
        }
        _ = desktop.eventClock.seconds(ofEvent: time)
        guard pressed, let surface = focused, let output = desktop.outputs.values.first(where: { $0.origin(of: surface) != nil }) else { return }
        // With a sheet open, what a key types goes to its text field first.
        if output.session?.showsSheet == true, altsDown.isEmpty, let text = Self.text(code: code, shift: !shiftsDown.isEmpty), output.type(text) {
            return
        }
        guard let key = Self.homeKey(code: code, shift: !shiftsDown.isEmpty, alt: !altsDown.isEmpty) else { return }
        output.key(key)
    }

    /// The character a key types on a US layout, for a sheet's search and text fields: the
    /// keymap is not parsed (see above), so letters, digits, space and a few signs are read by
    /// their place, as they are on most Latin layouts. Nil for every other key.
    static func text(code: UInt32, shift: Bool) -> String? {
        let rows: [(first: UInt32, keys: String, shifted: String)] = [
            (2, "1234567890-=", "!@#$%^&*()_+"), (16, "qwertyuiop[]", "QWERTYUIOP{}"), (30, "asdfghjkl;'", "ASDFGHJKL:\""),
            (44, "zxcvbnm,./", "ZXCVBNM<>?"), (57, " ", " "),
        ]
        for row in rows where code >= row.first && code < row.first + UInt32(row.keys.count) {
            let keys = Array(shift ? row.shifted : row.keys)
            return String(keys[Int(code - row.first)])
        }
        return nil
    }

    /// The home screen's key for a Linux input key code (linux/input-event-codes.h); nil for keys
    /// it does not use.
    static func homeKey(code: UInt32, shift: Bool, alt: Bool) -> HomeKey? {
        func arrow(_ direction: HomeKey.Direction) -> HomeKey { alt ? .move(direction) : .arrow(direction) }
        switch code {
        case 15: return shift ? .backTab : .tab  // KEY_TAB
        case 105: return arrow(.left)
        case 106: return arrow(.right)
        case 103: return arrow(.up)
        case 108: return arrow(.down)
        case 28, 96, 57: return .enter  // KEY_ENTER, KEY_KPENTER, KEY_SPACE
        case 1: return .escape
        case 111, 14: return .delete  // KEY_DELETE, KEY_BACKSPACE
        case 127: return .menu  // KEY_COMPOSE, the Menu key
        case 68 where shift: return .menu  // Shift-F10
        case 104: return .pageUp
        case 109: return .pageDown
        default: return nil
        }
    }
}
