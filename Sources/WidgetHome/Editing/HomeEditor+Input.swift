/// The pointer and touch input of one home screen, as a backend hands it over: each event goes
/// through the editor's `HomeGestureRecognizer`, and each gesture it recognises is handled at
/// once. Times are the backend's monotonic seconds; nothing here reads a clock.
extension HomeEditor {
    /// The first button, or a finger, went down at `point` (points, on the page shown).
    public mutating func press(at point: Point, time: Double) -> [HomeEditorEffect] {
        recognizer.isEditing = isEditing
        recognizer.press(at: point, page: page, time: time, in: shown)
        return []
    }

    public mutating func move(to point: Point, time: Double) -> [HomeEditorEffect] {
        handle(recognizer.move(to: point, time: time), time: time)
    }

    public mutating func release(at point: Point, time: Double) -> [HomeEditorEffect] {
        handle(recognizer.release(at: point, time: time), time: time)
    }

    /// The input was taken away (a touch cancel, the pointer grab lost): a drag puts its widget back.
    public mutating func cancel(time: Double) -> [HomeEditorEffect] {
        handle(recognizer.cancel(), time: time)
    }

    /// A right-click (or the second button) at `point`: the context menu.
    public mutating func secondaryClick(at point: Point, time: Double) -> [HomeEditorEffect] {
        handle(recognizer.secondaryClick(at: point), time: time)
    }

    /// The backend's timer, at `nextDeadline` or later: a long press becomes due, or a widget held
    /// at an edge turns the page.
    public mutating func tick(now: Double) -> [HomeEditorEffect] {
        var effects = handle(recognizer.tick(now: now), time: now)
        if turnPageAtEdge(now: now) { effects.append(.redraw) }
        return effects
    }

    private mutating func handle(_ gestures: [HomeGesture], time: Double) -> [HomeEditorEffect] {
        gestures.compactMap { handle($0, time: time) }
    }
}
