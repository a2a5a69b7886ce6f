#if canImport(Glibc)
import Glibc
#endif
import CXKBCommon

/// The keymap the compositor sent, with the keyboard's modifier state: key codes turned into
/// keysyms and the text they type, as the layout (or a virtual keyboard's own keymap) says.
/// libxkbcommon does the reading, as for every Wayland client.
///
/// One per keyboard, used on the backend's thread only.
final class XKBKeymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// The keymap in xkbcommon's text format (what `wl_keyboard.keymap` sends with format 1);
    /// nil when it cannot be read.
    init?(text: String) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    /// The keymap `wl_keyboard.keymap` hands over: `size` bytes of `descriptor`, mapped and
    /// read (the descriptor is the caller's to close). Nil when it cannot be mapped or read.
    convenience init?(descriptor: Int32, size: Int) {
        guard size > 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), Int(bitPattern: mapped) != -1 else { return nil }
        defer { munmap(mapped, size) }
        // The text ends with a NUL inside `size`.
        let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
        self.init(text: String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// `wl_keyboard.modifiers`: the compositor's word on what is held, latched and locked.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// What the key with Linux input code `code` (a `wl_keyboard.key`'s) means now: its keysym,
    /// the text it types (nil with Control, Alt or Super held, or for a key that types nothing),
    /// and whether Shift or Alt is held.
    func key(_ code: UInt32) -> (keysym: UInt32, text: String?, shift: Bool, alt: Bool) {
        let keycode = code + 8  // xkbcommon numbers keys as X does: the kernel's code plus 8
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        let shift = isActive(XKB_MOD_NAME_SHIFT), alt = isActive(XKB_MOD_NAME_ALT)
        var text: String?
        if !alt, !isActive(XKB_MOD_NAME_CTRL), !isActive(XKB_MOD_NAME_LOGO) {
            var buffer = [CChar](repeating: 0, count: 64)
            let length = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
            // Control characters (Tab, Return, Escape, Backspace) are keys, not text.
            if length > 0, let typed = String(validatingCString: buffer), typed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
                text = typed
            }
        }
        return (keysym, text, shift, alt)
    }

    private func isActive(_ name: String) -> Bool {
        xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}
