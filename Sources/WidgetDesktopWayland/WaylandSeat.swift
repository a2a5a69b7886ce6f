import CWaylandClient
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetRender

/// The pointer and the touch screen, fed to the edit mode's `HomeEditor` of the output they are
/// on, with the events' times: the first button's (or the first finger's) presses, moves and
/// releases (taps, long presses, drags and swipes are recognised there), the right button's menu,
/// and the wheel's page turns.
final class WaylandSeat {
    private let proxy: OpaquePointer
    unowned let desktop: WaylandDesktop
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    private var keyboard: WaylandKeyboard?
    private var events: [WaylandEvents] = []
    /// Where the pointer is: over which surface, at which point of it.
    private var pointerSurface: OpaquePointer?
    private var pointerAt = Point(x: 0, y: 0)
    private var scrolled = 0.0
    /// The press under way (the first button, or the first finger): its output and where the
    /// surface its events come relative to lies. A compositor with an implicit grab keeps sending
    /// them relative to the pressed surface until the release; Sway 1.7 does not for a
    /// sub-surface, and moves the pointer on to the surface under it (leave, then enter).
    private var press: (output: WaylandOutput, origin: Point)?
    /// The serial of the pointer's leave while a press was under way, until the next enter: a
    /// press goes on only if the pointer came straight to another of this output's surfaces.
    private var pressLeft: UInt32?
    /// The first finger down; the others are ignored until it is lifted.
    private var finger: Int32?

    init(proxy: OpaquePointer, desktop: WaylandDesktop) {
        self.proxy = proxy
        self.desktop = desktop
        let seatEvents = WaylandEvents { [unowned self] opcode, arguments in
            guard opcode == 0 else { return }  // capabilities
            let capabilities = arguments[0].u
            if capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil { listenToPointer() }
            if capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0, touch == nil { listenToTouch() }
            if capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0, keyboard == nil, let proxy = wl_seat_get_keyboard(self.proxy) {
                keyboard = WaylandKeyboard(proxy: proxy, desktop: desktop)
            }
        }
        seatEvents.attach(to: proxy)
        events.append(seatEvents)
    }

    private func listenToPointer() {
        let pointer = wl_seat_get_pointer(proxy)!
        self.pointer = pointer
        let pointerEvents = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 0:  // enter(serial, surface, x, y)
                pointerSurface = arguments[1].o
                pointerAt = Point(x: fixedValue(arguments[2].f), y: fixedValue(arguments[3].f))
                if let left = pressLeft { pressGoesOn(enteredWith: arguments[0].u, after: left) }
            case 1:  // leave(serial, surface): the press under way is decided at the next enter
                pointerSurface = nil
                if finger == nil, press != nil { pressLeft = arguments[0].u }
            case 2:  // motion(time, x, y)
                pointerAt = Point(x: fixedValue(arguments[1].f), y: fixedValue(arguments[2].f))
                guard finger == nil, let press else { return }
                let time = desktop.eventClock.seconds(ofEvent: arguments[0].u)
                let point = Self.point(pointerAt, from: press.origin)
                press.output.input { $0.move(to: point, time: time) }
            case 3:  // button(serial, time, button, state)
                button(arguments[2].u, pressed: arguments[3].u == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: arguments[1].u)
            case 4:  // axis(time, axis, value): a wheel notch is 10 or 15; axis 0 is the vertical one
                scrolled += fixedValue(arguments[2].f)
                if abs(scrolled) >= 10, let surface = pointerSurface, let found = output(of: surface) {
                    let delta = scrolled > 0 ? 1 : -1
                    let point = Self.point(pointerAt, from: found.origin)
                    let vertical = arguments[1].u == 0
                    found.output.input { $0.scroll(at: point, by: delta, vertical: vertical) }
                    scrolled = 0
                }
            case 7:  // axis_stop
                scrolled = 0
            default:
                break
            }
        }
        pointerEvents.attach(to: pointer)
        events.append(pointerEvents)
    }

    /// The pointer left a surface during a press and entered `pointerSurface`. With no serial
    /// between the two (no other client's surface was entered in between) and on the press's
    /// output, the press goes on from there; otherwise it is taken away.
    private func pressGoesOn(enteredWith serial: UInt32, after left: UInt32) {
        pressLeft = nil
        guard finger == nil, let press else { return }
        if serial == left &+ 1, let surface = pointerSurface, let found = output(of: surface), found.output === press.output {
            self.press = found
        } else {
            press.output.input { $0.cancel(time: desktop.eventClock.now ?? 0) }
            self.press = nil
        }
    }

    private func button(_ button: UInt32, pressed: Bool, time milliseconds: UInt32) {
        guard finger == nil, let surface = pointerSurface else { return }
        let time = desktop.eventClock.seconds(ofEvent: milliseconds)
        switch (button, pressed) {
        case (0x110, true):  // BTN_LEFT
            guard let found = output(of: surface) else { return }
            press = found
            let point = Self.point(pointerAt, from: found.origin)
            found.output.input { $0.press(at: point, time: time) }
        case (0x110, false):
            guard let press else { return }
            self.press = nil
            let point = Self.point(pointerAt, from: press.origin)
            press.output.input { $0.release(at: point, time: time) }
        case (0x111, true):  // BTN_RIGHT
            guard let found = output(of: surface) else { return }
            let point = Self.point(pointerAt, from: found.origin)
            found.output.input { $0.secondaryClick(at: point, time: time) }
        default:
            break
        }
    }

    private func listenToTouch() {
        let touch = wl_seat_get_touch(proxy)!
        self.touch = touch
        let touchEvents = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 0:  // down(serial, time, surface, id, x, y)
                guard finger == nil, press == nil, let surface: OpaquePointer = arguments[2].o, let found = output(of: surface) else { return }
                finger = arguments[3].i
                press = found
                let time = desktop.eventClock.seconds(ofEvent: arguments[1].u)
                let point = Self.point(Point(x: fixedValue(arguments[4].f), y: fixedValue(arguments[5].f)), from: found.origin)
                lastTouch = point
                found.output.input { $0.press(at: point, time: time) }
            case 2:  // motion(time, id, x, y)
                guard arguments[1].i == finger, let press else { return }
                let time = desktop.eventClock.seconds(ofEvent: arguments[0].u)
                let point = Self.point(Point(x: fixedValue(arguments[2].f), y: fixedValue(arguments[3].f)), from: press.origin)
                lastTouch = point
                press.output.input { $0.move(to: point, time: time) }
            case 1:  // up(serial, time, id): at the last point the finger moved to
                guard arguments[2].i == finger, let press else { return }
                let time = desktop.eventClock.seconds(ofEvent: arguments[1].u)
                let point = lastTouch ?? Point(x: 0, y: 0)
                finger = nil
                self.press = nil
                lastTouch = nil
                press.output.input { $0.release(at: point, time: time) }
            case 4:  // cancel
                guard finger != nil, let press else { return }
                finger = nil
                self.press = nil
                lastTouch = nil
                press.output.input { $0.cancel(time: desktop.eventClock.now ?? 0) }
            default:
                break
            }
        }
        touchEvents.attach(to: touch)
        events.append(touchEvents)
    }

    /// The last point the first finger was at (its down, or its last motion), for its up.
    private var lastTouch: Point?

    /// The output `surface` is on, and where the surface lies on it.
    private func output(of surface: OpaquePointer) -> (output: WaylandOutput, origin: Point)? {
        for output in desktop.outputs.values {
            if let origin = output.origin(of: surface) { return (output, origin) }
        }
        return nil
    }

    private static func point(_ local: Point, from origin: Point) -> Point {
        Point(x: origin.x + local.x, y: origin.y + local.y)
    }
}
