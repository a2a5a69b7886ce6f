#if canImport(Glibc)
import Glibc
#endif
import CXCB

/// The home screen's window: as large as the screen, managed (not override-redirect, so the
/// window manager knows it and keeps it under the others), and marked as the desktop with the
/// EWMH hints every X11 window manager reads: `_NET_WM_WINDOW_TYPE_DESKTOP`, below, sticky on
/// every workspace, out of the taskbar and pager, and given the keyboard only in edit mode.
enum X11Window {
    static let className = "widgethost-desktop"
    static let title = "widgethost desktop"

    /// What the window hears: its exposed areas, the pointer's buttons (clicks, the wheel), its
    /// moves only while a button is held (drags: hovering wakes nothing), keys (only while edit
    /// mode has taken the focus) and its own size.
    static let eventMask = XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_BUTTON_PRESS.rawValue
        | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue | XCB_EVENT_MASK_BUTTON_MOTION.rawValue | XCB_EVENT_MASK_KEY_PRESS.rawValue
        | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue

    /// Creates the window with its hints set (before mapping, as EWMH asks) and returns its id.
    static func create(
        connection: OpaquePointer, screen: xcb_screen_t, atoms: X11Atoms, backgroundPixel: UInt32, width: UInt16, height: UInt16
    ) -> xcb_window_t {
        let window = xcb_generate_id(connection)
        // The values in the order of their bits in the mask: the background pixel, then the events.
        // The server fills exposed areas with the background before we copy ours in: no garbage.
        let values: [UInt32] = [backgroundPixel, eventMask]
        xcb_create_window(
            connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.root, 0, 0, width, height, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.root_visual,
            XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, values)

        setAtoms(connection, window, atoms.windowType, [atoms.windowTypeDesktop])
        setAtoms(connection, window, atoms.state, [atoms.stateBelow, atoms.stateSticky, atoms.stateSkipTaskbar, atoms.stateSkipPager])
        // 0xFFFFFFFF: on every workspace.
        setCardinals(connection, window, atoms.desktop, [0xFFFF_FFFF])
        setCardinals(connection, window, atoms.pid, [UInt32(getpid())])
        // WM_CLASS is two NUL-terminated strings, the instance's name and the class's.
        setBytes(connection, window, XCB_ATOM_WM_CLASS.rawValue, XCB_ATOM_STRING.rawValue, Array("\(className)\0\(className)\0".utf8))
        setBytes(connection, window, XCB_ATOM_WM_NAME.rawValue, XCB_ATOM_STRING.rawValue, Array(title.utf8))
        setBytes(connection, window, atoms.name, atoms.utf8String, Array(title.utf8))
        setAcceptsFocus(connection: connection, window: window, false)
        return window
    }

    /// WM_HINTS with InputHint (1): at rest input false (clicks, but never the keyboard focus);
    /// in edit mode true, so that a window manager lets the keyboard reach it.
    static func setAcceptsFocus(connection: OpaquePointer, window: xcb_window_t, _ accepts: Bool) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, XCB_ATOM_WM_HINTS.rawValue, XCB_ATOM_WM_HINTS.rawValue, 32, 9,
            [UInt32](arrayLiteral: 1, accepts ? 1 : 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// Maps the window and puts it under every other, for window managers (and bare servers)
    /// that do not read the hints.
    static func showBelow(connection: OpaquePointer, window: xcb_window_t) {
        xcb_map_window(connection, window)
        xcb_configure_window(connection, window, UInt16(XCB_CONFIG_WINDOW_STACK_MODE.rawValue), [XCB_STACK_MODE_BELOW.rawValue])
    }

    static func resize(connection: OpaquePointer, window: xcb_window_t, width: UInt16, height: UInt16) {
        let mask = XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue | XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue
        xcb_configure_window(connection, window, UInt16(mask), [0, 0, UInt32(width), UInt32(height)])
    }

    static func setBackground(connection: OpaquePointer, window: xcb_window_t, pixel: UInt32) {
        xcb_change_window_attributes(connection, window, XCB_CW_BACK_PIXEL.rawValue, [pixel])
    }

    private static func setAtoms(_ connection: OpaquePointer, _ window: xcb_window_t, _ property: xcb_atom_t, _ atoms: [xcb_atom_t]) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, XCB_ATOM_ATOM.rawValue, 32, UInt32(atoms.count), atoms)
    }

    private static func setCardinals(_ connection: OpaquePointer, _ window: xcb_window_t, _ property: xcb_atom_t, _ values: [UInt32]) {
        xcb_change_property(
            connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, XCB_ATOM_CARDINAL.rawValue, 32, UInt32(values.count), values)
    }

    private static func setBytes(_ connection: OpaquePointer, _ window: xcb_window_t, _ property: xcb_atom_t, _ type: xcb_atom_t, _ bytes: [UInt8]) {
        xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8, UInt32(bytes.count), bytes)
    }
}
