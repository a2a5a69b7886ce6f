#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import WidgetDesktop
import WidgetHome

/// The keyboard, in edit mode: the layer surface asks for it on demand while editing (or while a
/// menu is open), and the keys edit mode answers reach the output it is on. Keys are read with
/// the keymap the compositor sends (`XKBKeymap`), so a sheet's fields type what the layout says.
final class WaylandKeyboard {
    /// Kept for the life of the seat, as the pointer and touch proxies are.
    private let proxy: OpaquePointer
    unowned let desktop: WaylandDesktop
    private var events: WaylandEvents?
    /// The surface that has the keyboard focus.
    private var focused: OpaquePointer?
    /// Nil until the compositor's keymap has come (or when it could not be read): keys are then
    /// ignored.
    private var keymap: XKBKeymap?

    init(proxy: OpaquePointer, desktop: WaylandDesktop) {
        self.proxy = proxy
        self.desktop = desktop
        let events = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 0:  // keymap(format, fd, size): the descriptor is ours to close
                let descriptor = arguments[1].h
                keymap = arguments[0].u == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue
                    ? XKBKeymap(descriptor: descriptor, size: Int(arguments[2].u)) : nil
                close(descriptor)
            case 1:  // enter(serial, surface, keys)
                focused = arguments[1].o
                desktop.screen.setHasKeyboard(true)
            case 2:  // leave
                focused = nil
                desktop.screen.setHasKeyboard(false)
            case 3:  // key(serial, time, key, state)
                key(arguments[2].u, pressed: arguments[3].u == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: arguments[1].u)
            case 4:  // modifiers(serial, depressed, latched, locked, group)
                keymap?.updateModifiers(depressed: arguments[1].u, latched: arguments[2].u, locked: arguments[3].u, group: arguments[4].u)
            default:
                break
            }
        }
        events.attach(to: proxy)
        self.events = events
        // Until the compositor gives a surface of ours the keyboard, keys go elsewhere.
        desktop.screen.setHasKeyboard(false)
    }

    private func key(_ code: UInt32, pressed: Bool, time: UInt32) {
        _ = desktop.eventClock.seconds(ofEvent: time)
        guard pressed, let keymap, let surface = focused,
            let output = desktop.outputs.values.first(where: { $0.origin(of: surface) != nil })
        else { return }
        let key = keymap.key(code)
        // With a sheet open, what a key types goes to its text field first.
        if output.session?.showsSheet == true, let text = key.text, output.type(text) { return }
        guard let homeKey = HomeKey(keysym: key.keysym, shift: key.shift, alt: key.alt) else { return }
        output.key(homeKey)
    }
}
