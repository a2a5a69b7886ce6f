import CXKBCommon
import Glibc
import Testing
import WidgetHome

@testable import WidgetDesktopWayland

/// The desktop's keyboard on Wayland reads keys with the compositor's keymap (`XKBKeymap`), as
/// xkbcommon reads it: a layout's letters where that layout puts them, Shift's level, and the
/// keys edit mode answers by their keysyms (`HomeKey(keysym:shift:alt:)`, shared with X11).
@Suite("Desktop: keys read with the compositor's keymap")
struct WaylandKeymapTests {
    /// A keymap as a compositor sends it: xkbcommon's text for `layout`, and the modifier masks.
    private static func keymap(layout: String) throws -> (keymap: XKBKeymap, shift: UInt32, control: UInt32) {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let named = try layout.withCString { layout in
            var names = xkb_rule_names(rules: nil, model: nil, layout: layout, variant: nil, options: nil)
            return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS), "no \(layout) keymap")
        }
        defer { xkb_keymap_unref(named) }
        let text = try #require(xkb_keymap_get_as_string(named, XKB_KEYMAP_FORMAT_TEXT_V1))
        defer { free(text) }
        let keymap = try #require(XKBKeymap(text: String(cString: text)))
        let shift = UInt32(1) << xkb_keymap_mod_get_index(named, XKB_MOD_NAME_SHIFT)
        let control = UInt32(1) << xkb_keymap_mod_get_index(named, XKB_MOD_NAME_CTRL)
        return (keymap, shift, control)
    }

    // Linux input codes (linux/input-event-codes.h).
    private static let keyY: UInt32 = 21, keyZ: UInt32 = 44, tab: UInt32 = 15, escape: UInt32 = 1, enter: UInt32 = 28

    @Test("A German layout types z where a US one types y, and Shift types capitals")
    func layoutDecidesTheLetter() throws {
        let us = try Self.keymap(layout: "us")
        #expect(us.keymap.key(Self.keyY).text == "y")
        let german = try Self.keymap(layout: "de")
        #expect(german.keymap.key(Self.keyY).text == "z")
        #expect(german.keymap.key(Self.keyZ).text == "y")
        german.keymap.updateModifiers(depressed: german.shift, latched: 0, locked: 0, group: 0)
        let shifted = german.keymap.key(Self.keyY)
        #expect(shifted.text == "Z")
        #expect(shifted.shift)
    }

    @Test("Tab, Shift-Tab, Escape and Enter are edit mode's keys and type nothing; Control types nothing")
    func keysOfEditMode() throws {
        let us = try Self.keymap(layout: "us")
        let tab = us.keymap.key(Self.tab)
        #expect(tab.text == nil)
        #expect(HomeKey(keysym: tab.keysym, shift: tab.shift, alt: tab.alt) == .tab)
        #expect(HomeKey(keysym: us.keymap.key(Self.escape).keysym, shift: false, alt: false) == .escape)
        #expect(HomeKey(keysym: us.keymap.key(Self.enter).keysym, shift: false, alt: false) == .enter)
        #expect(us.keymap.key(Self.enter).text == nil)
        us.keymap.updateModifiers(depressed: us.shift, latched: 0, locked: 0, group: 0)
        let backTab = us.keymap.key(Self.tab)
        #expect(HomeKey(keysym: backTab.keysym, shift: backTab.shift, alt: backTab.alt) == .backTab)
        us.keymap.updateModifiers(depressed: us.control, latched: 0, locked: 0, group: 0)
        #expect(us.keymap.key(Self.keyY).text == nil)
    }

    @Test("A keymap that is not xkbcommon's text is refused, not half read")
    func unreadableKeymap() {
        #expect(XKBKeymap(text: "not a keymap") == nil)
    }
}
