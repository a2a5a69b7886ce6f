import CWaylandClient
import Foundation
import WidgetDesktop
import WidgetRender

/// The pointer and the touch screen: a click or tap on a widget performs its control or opens
/// its link; a scroll, or a swipe across, turns the page.
final class WaylandSeat {
    private let proxy: OpaquePointer
    unowned let desktop: WaylandDesktop
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    private var events: [WaylandEvents] = []
    /// Where the pointer is: over which surface, at which point of it.
    private var pointerSurface: OpaquePointer?
    private var pointerAt = Point(x: 0, y: 0)
    private var pressedAt: Point?
    private var scrolled = 0.0
    /// Each finger's surface and where it went down.
    private var touches: [Int32: (surface: OpaquePointer, start: Point, now: Point)] = [:]

    init(proxy: OpaquePointer, desktop: WaylandDesktop) {
        self.proxy = proxy
        self.desktop = desktop
        let seatEvents = WaylandEvents { [unowned self] opcode, arguments in
            guard opcode == 0 else { return }  // capabilities
            let capabilities = arguments[0].u
            if capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil { listenToPointer() }
            if capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0, touch == nil { listenToTouch() }
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
            case 1:  // leave
                pointerSurface = nil
                pressedAt = nil
            case 2:  // motion(time, x, y)
                pointerAt = Point(x: fixedValue(arguments[1].f), y: fixedValue(arguments[2].f))
            case 3:  // button(serial, time, button, state)
                guard arguments[2].u == 0x110 else { return }  // BTN_LEFT
                if arguments[3].u == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
                    pressedAt = pointerAt
                } else if let pressed = pressedAt, let surface = pointerSurface {
                    pressedAt = nil
                    // A click, not a drag: where it went down and up are close.
                    if abs(pressed.x - pointerAt.x) < 10, abs(pressed.y - pointerAt.y) < 10 { tap(surface, at: pointerAt) }
                }
            case 4:  // axis(time, axis, value): a wheel notch is 10 or 15
                scrolled += fixedValue(arguments[2].f)
                if abs(scrolled) >= 10, let surface = pointerSurface {
                    turnPage(surface, by: scrolled > 0 ? 1 : -1)
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

    private func listenToTouch() {
        let touch = wl_seat_get_touch(proxy)!
        self.touch = touch
        let touchEvents = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 0:  // down(serial, time, surface, id, x, y)
                guard let surface: OpaquePointer = arguments[2].o else { return }
                let point = Point(x: fixedValue(arguments[4].f), y: fixedValue(arguments[5].f))
                touches[arguments[3].i] = (surface, point, point)
            case 2:  // motion(time, id, x, y)
                touches[arguments[1].i]?.now = Point(x: fixedValue(arguments[2].f), y: fixedValue(arguments[3].f))
            case 1:  // up(serial, time, id)
                guard let finger = touches.removeValue(forKey: arguments[2].i) else { return }
                let across = finger.now.x - finger.start.x, down = finger.now.y - finger.start.y
                if abs(across) < 10, abs(down) < 10 {
                    tap(finger.surface, at: finger.start)
                } else if abs(across) > 50, abs(across) > abs(down) {
                    turnPage(finger.surface, by: across < 0 ? 1 : -1)
                }
            case 4:  // cancel
                touches = [:]
            default:
                break
            }
        }
        touchEvents.attach(to: touch)
        events.append(touchEvents)
    }

    private func tap(_ surface: OpaquePointer, at point: Point) {
        for output in desktop.outputs.values {
            guard let tile = output.tile(for: surface), let list = tile.displayList, let tap = TileTap(at: point, in: list) else { continue }
            desktop.feed.act(on: tap, instance: tile.id)
            return
        }
    }

    private func turnPage(_ surface: OpaquePointer, by delta: Int) {
        for output in desktop.outputs.values where output.owns(surface) || output.tile(for: surface) != nil {
            output.turnPage(by: delta)
        }
    }
}
