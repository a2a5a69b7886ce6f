#if canImport(Glibc)
import Glibc
#endif
import CXCB
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetPayload

/// Edit mode on the X11 window: the pointer's and the keyboard's input handed to the page's
/// `HomeEditSession`, its timer on the poll loop, and the keyboard taken while editing.
extension X11Desktop {
    func perform(_ input: X11Pointer.Input?, time: xcb_timestamp_t) {
        guard let input else { return }
        let arrived = DispatchTime.now()
        let now = eventClock.seconds(ofEvent: time)
        let session = page.session
        let response: HomeEditSession.Response
        switch input {
        case .press(let point): response = session.input { $0.press(at: point, time: now) }
        case .move(let point): response = session.input { $0.move(to: point, time: now) }
        case .release(let point): response = session.input { $0.release(at: point, time: now) }
        case .secondaryClick(let point): response = session.input { $0.secondaryClick(at: point, time: now) }
        case .scroll(let point, let delta, let vertical): response = session.input { $0.scroll(at: point, by: delta, vertical: vertical) }
        }
        var dragMoved = false
        if case .move = input, response.redraw, let drag = session.editor.drag {
            dragMoved = true
            if options.traceFrames { page.dragTrace = (drag.instance, arrived, DispatchTime.now()) }
        }
        respond(response, dragMoved: dragMoved)
    }

    func press(keycode: UInt8, state: UInt16, time: xcb_timestamp_t) {
        _ = eventClock.seconds(ofEvent: time)
        // With a sheet open, what a key types goes to its text field first.
        if page.session.showsSheet, state & X11Keyboard.commandMask == 0, let text = keyboard.text(of: keycode, state: state),
            let response = page.session.type(text)
        {
            respond(response)
            return
        }
        guard let key = X11Keyboard.homeKey(keysym: keyboard.keysym(of: keycode), state: state) else { return }
        respond(page.session.key(key))
    }

    /// Milliseconds until edit mode's next deadline (rounded up, so the tick finds it due); nil
    /// when none is pending.
    func editTimeout() -> Int32? {
        eventClock.milliseconds(until: page.session.editor.nextDeadline)
    }

    /// Calls the editor's `tick` once its deadline has come.
    func tickEditor() {
        guard let deadline = page.session.editor.nextDeadline, let now = eventClock.now, now >= deadline else { return }
        respond(page.session.input { $0.tick(now: now) })
    }

    private func respond(_ response: HomeEditSession.Response, dragMoved: Bool = false) {
        for tap in response.taps {
            // Performs the control, or opens the link, under the click, as `WaylandSeat` does.
            if let action = page.tap(instance: tap.instance, at: tap.point) { feed.act(on: action, instance: tap.instance) }
        }
        if response.redraw { page.redrawAll(now: Date(), dragMoved: dragMoved) }
        page.releaseSheetsIfDone()
        followKeyboardNeed()
    }

    /// In edit mode (or with a menu or a sheet open) the window takes the keyboard focus, so Tab, the arrows,
    /// Enter, Escape and Delete reach it; back at rest it gives the focus back to the pointer.
    private func followKeyboardNeed() {
        let editor = page.session.editor
        let needs = editor.isEditing || editor.menu != nil || editor.sheet != nil
        guard needs != takesKeyboard else { return }
        takesKeyboard = needs
        X11Window.setAcceptsFocus(connection: connection, window: window, needs)
        // PointerRoot: the keyboard follows the pointer again, as before edit mode took it.
        let focus = needs ? window : xcb_window_t(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue)
        xcb_set_input_focus(connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), focus, xcb_timestamp_t(XCB_CURRENT_TIME))
    }
}
