/// What a person did on the home screen, recognised from presses, moves and releases: what
/// `HomeEditor.handle(_:time:)` acts on, whichever backend saw the input.
public enum HomeGesture: Sendable, Hashable {
    /// A press released where it went down, before the long-press threshold.
    case tap(Point)
    /// A press held still for `HomeGestureRecognizer.longPressDuration`; sent once, while held.
    case longPress(Point)
    /// A tile is picked up at the press's point (in edit mode on moving, or after a long press).
    case dragBegan(Point)
    case dragMoved(Point)
    /// Let go at this point.
    case dragEnded(Point)
    /// The input went away mid-drag (a touch cancelled, the pointer left): put the tile back.
    case dragCancelled
    /// A right-click, at its point.
    case contextMenu(Point)
    /// A quick move across: turn the page.
    case swipe(SwipeDirection)
    /// A quick move up (`step` 1: the next widget, as the wheel turned down) or down (`step` -1)
    /// that started at this point: over a Smart Stack, another of its widgets.
    case verticalSwipe(from: Point, step: Int)

    /// The way the finger or pointer went; to the left shows the next page, as on a phone.
    public enum SwipeDirection: Sendable, Hashable {
        case left, right

        /// The page to show next, relative to the one shown.
        public var pageDelta: Int { self == .left ? 1 : -1 }
    }
}

/// Turns one pointer's or one finger's presses, moves and releases into `HomeGesture`s.
///
/// Time is whatever monotonic seconds the backend passes (an event's timestamp, its own timer's
/// reading); the recogniser never reads a clock, so the long press is recognised when the backend
/// calls `tick(now:)` at `nextDeadline`, or at the next event that comes later. At rest there is no
/// deadline, so a backend arms no timer and nothing wakes.
public struct HomeGestureRecognizer: Sendable, Hashable {
    /// iOS's long-press duration.
    public static let longPressDuration = 0.5
    /// Movement up to this distance (points, either axis) is still a press in place, as iOS allows.
    public static let slop = 10.0
    /// Beyond this distance across, and more across than down, a pan turns the page; beyond it
    /// down or up, and more down than across, it moves through a Smart Stack.
    public static let swipeDistance = 50.0

    /// Whether the home screen is in edit mode: there a press that moves drags the tile under it.
    public var isEditing: Bool

    private enum State: Sendable, Hashable {
        case idle
        /// Down and (nearly) still; `overTile` decides whether moving will drag.
        case pressed(start: Point, since: Double, overTile: Bool, heldLong: Bool)
        case dragging
        /// Moved beyond the slop with nothing to drag: a swipe, or nothing, when released.
        case panning(start: Point)
    }

    private var state = State.idle

    public init(isEditing: Bool = false) {
        self.isEditing = isEditing
    }

    /// When the backend must call `tick(now:)` next; nil when nothing is pending.
    public var nextDeadline: Double? {
        if case .pressed(_, let since, _, false) = state { return since + Self.longPressDuration }
        return nil
    }

    /// Whether a press, drag or pan is under way (a backend may grab the pointer meanwhile).
    public var isTracking: Bool { state != .idle }

    /// The first button or finger went down at `point` on `page` of `arrangement` (what is
    /// shown), which says whether a grid widget is under it to drag. One pointer at a time: a
    /// backend feeds the first finger only. A press while another is tracked (its release was
    /// lost) ends that one first, as `cancel()` does.
    public mutating func press(at point: Point, page: Int, time: Double, in arrangement: HomeArrangement) -> [HomeGesture] {
        let ended = cancel()
        let tile = arrangement.tile(at: point, onPage: page)
        state = .pressed(start: point, since: time, overTile: tile?.column != nil, heldLong: false)
        return ended
    }

    /// The backend's timer fired (or an event came) at `now`: the long press, once it is due.
    public mutating func tick(now: Double) -> [HomeGesture] {
        guard case .pressed(let start, let since, let overTile, false) = state,
            now >= since + Self.longPressDuration  // as `nextDeadline` says, to the last bit
        else { return [] }
        state = .pressed(start: start, since: since, overTile: overTile, heldLong: true)
        return [.longPress(start)]
    }

    public mutating func move(to point: Point, time: Double) -> [HomeGesture] {
        var gestures = tick(now: time)
        switch state {
        case .idle, .panning:
            break
        case .dragging:
            gestures.append(.dragMoved(point))
        case .pressed(let start, _, let overTile, let heldLong):
            guard Self.beyondSlop(start, point) else { break }
            if overTile && (isEditing || heldLong) {
                state = .dragging
                gestures += [.dragBegan(start), .dragMoved(point)]
            } else {
                // Moving first cancels the long press, as on iOS.
                state = .panning(start: start)
            }
        }
        return gestures
    }

    public mutating func release(at point: Point, time: Double) -> [HomeGesture] {
        var gestures = tick(now: time)
        switch state {
        case .idle:
            break
        case .dragging:
            gestures.append(.dragEnded(point))
        case .pressed(let start, _, _, let heldLong):
            // A release beyond the slop without a move event between is a pan too.
            if Self.beyondSlop(start, point) {
                gestures += Self.swipe(from: start, to: point)
            } else if !heldLong {
                gestures.append(.tap(start))
            }
        case .panning(let start):
            gestures += Self.swipe(from: start, to: point)
        }
        state = .idle
        return gestures
    }

    /// The input was taken away (a touch cancel, a grab lost): forget the press.
    public mutating func cancel() -> [HomeGesture] {
        let wasDragging = state == .dragging
        state = .idle
        return wasDragging ? [.dragCancelled] : []
    }

    /// A right-click: whatever was tracked ends, and the menu comes.
    public mutating func secondaryClick(at point: Point) -> [HomeGesture] {
        cancel() + [.contextMenu(point)]
    }

    private static func beyondSlop(_ start: Point, _ point: Point) -> Bool {
        abs(point.x - start.x) > slop || abs(point.y - start.y) > slop
    }

    private static func swipe(from start: Point, to end: Point) -> [HomeGesture] {
        let across = end.x - start.x, down = end.y - start.y
        if abs(across) > swipeDistance, abs(across) > abs(down) { return [.swipe(across < 0 ? .left : .right)] }
        if abs(down) > swipeDistance, abs(down) > abs(across) { return [.verticalSwipe(from: start, step: down < 0 ? 1 : -1)] }
        return []
    }
}
