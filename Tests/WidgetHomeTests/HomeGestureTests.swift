import Testing
import WidgetHome
import WidgetPayload

/// The gesture recogniser: presses, moves and releases with times the test chooses (no clock),
/// turned into taps, long presses, drags, menus and swipes as iOS tells them apart.
@Suite("Home screen gestures")
struct HomeGestureTests {
    /// 1280 × 720 points: 12 × 6 cells from (70, 33); one small widget in the first slot.
    private let arrangement = HomeArrangement(
        items: [HomeItem(id: "a", family: .systemSmall, placement: .init(page: 0, column: 0, row: 0))], width: 1280, height: 720)
    private let onTile = Point(x: 150, y: 110)
    private let onEmptySpace = Point(x: 700, y: 500)

    @Test("A press held 0.49 s is not a long press; at 0.5 s it is, once, and its release is no tap")
    func longPressThreshold() {
        var recognizer = HomeGestureRecognizer()
        #expect(recognizer.nextDeadline == nil)
        _ = recognizer.press(at: onTile, page: 0, time: 10, in: arrangement)
        #expect(recognizer.nextDeadline == 10.5)
        #expect(recognizer.tick(now: 10.49) == [])
        #expect(recognizer.tick(now: 10.5) == [.longPress(onTile)])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.tick(now: 11) == [])
        #expect(recognizer.release(at: onTile, time: 11) == [])
        #expect(!recognizer.isTracking && recognizer.nextDeadline == nil)
    }

    @Test("Released before 0.5 s, a press is a tap at its point; a late timer still counts the time held")
    func tapAndLateTimer() {
        var recognizer = HomeGestureRecognizer()
        _ = recognizer.press(at: onTile, page: 0, time: 0, in: arrangement)
        #expect(recognizer.release(at: Point(x: onTile.x + 3, y: onTile.y), time: 0.49) == [.tap(onTile)])
        // No tick came, but the release at 0.7 s shows it was held long.
        _ = recognizer.press(at: onTile, page: 0, time: 1, in: arrangement)
        #expect(recognizer.release(at: onTile, time: 1.7) == [.longPress(onTile)])
    }

    @Test("Moving beyond the 10-point slop cancels the long press; within it, the long press comes")
    func slopCancelsLongPress() {
        var recognizer = HomeGestureRecognizer()
        _ = recognizer.press(at: onTile, page: 0, time: 0, in: arrangement)
        #expect(recognizer.move(to: Point(x: onTile.x + 11, y: onTile.y), time: 0.2) == [])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.tick(now: 1) == [])
        #expect(recognizer.release(at: Point(x: onTile.x + 11, y: onTile.y), time: 1) == [])

        _ = recognizer.press(at: onTile, page: 0, time: 2, in: arrangement)
        #expect(recognizer.move(to: Point(x: onTile.x + 9, y: onTile.y - 9), time: 2.2) == [])
        #expect(recognizer.tick(now: 2.5) == [.longPress(onTile)])
    }

    @Test("A right-click gives the context menu at its point, and cancels a drag under way")
    func rightClickMenu() {
        var recognizer = HomeGestureRecognizer()
        #expect(recognizer.secondaryClick(at: onEmptySpace) == [.contextMenu(onEmptySpace)])
        recognizer.isEditing = true
        _ = recognizer.press(at: onTile, page: 0, time: 0, in: arrangement)
        _ = recognizer.move(to: Point(x: 300, y: 300), time: 0.1)
        #expect(recognizer.secondaryClick(at: onTile) == [.dragCancelled, .contextMenu(onTile)])
        #expect(!recognizer.isTracking)
    }

    @Test("In edit mode a press on a widget that moves drags it; outside, only after a long press")
    func dragging() {
        var recognizer = HomeGestureRecognizer(isEditing: true)
        let there = Point(x: 400, y: 300)
        _ = recognizer.press(at: onTile, page: 0, time: 0, in: arrangement)
        #expect(recognizer.move(to: there, time: 0.1) == [.dragBegan(onTile), .dragMoved(there)])
        #expect(recognizer.move(to: onEmptySpace, time: 0.2) == [.dragMoved(onEmptySpace)])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.release(at: onEmptySpace, time: 0.3) == [.dragEnded(onEmptySpace)])

        recognizer.isEditing = false
        _ = recognizer.press(at: onTile, page: 0, time: 1, in: arrangement)
        #expect(recognizer.move(to: there, time: 1.1) == [])
        #expect(recognizer.release(at: there, time: 1.2).allSatisfy { if case .dragEnded = $0 { false } else { true } })

        // iOS's press and drag: the long press, then the move picks the widget up.
        _ = recognizer.press(at: onTile, page: 0, time: 2, in: arrangement)
        #expect(recognizer.tick(now: 2.5) == [.longPress(onTile)])
        #expect(recognizer.move(to: there, time: 2.6) == [.dragBegan(onTile), .dragMoved(there)])
        #expect(recognizer.cancel() == [.dragCancelled])
        // A press whose release was lost ends with the next press, which starts afresh.
        _ = recognizer.press(at: onTile, page: 0, time: 3, in: arrangement)
        _ = recognizer.tick(now: 3.5)
        _ = recognizer.move(to: there, time: 3.6)
        #expect(recognizer.press(at: onEmptySpace, page: 0, time: 4, in: arrangement) == [.dragCancelled])
        #expect(recognizer.release(at: onEmptySpace, time: 4.1) == [.tap(onEmptySpace)])
    }

    @Test("In edit mode a press on empty space does not drag; moved across, it swipes the page")
    func swipes() {
        var recognizer = HomeGestureRecognizer(isEditing: true)
        _ = recognizer.press(at: onEmptySpace, page: 0, time: 0, in: arrangement)
        #expect(recognizer.move(to: Point(x: onEmptySpace.x - 80, y: onEmptySpace.y), time: 0.1) == [])
        let left = recognizer.release(at: Point(x: onEmptySpace.x - 80, y: onEmptySpace.y + 10), time: 0.2)
        #expect(left == [.swipe(.left)])
        #expect(HomeGesture.SwipeDirection.left.pageDelta == 1)

        _ = recognizer.press(at: onEmptySpace, page: 0, time: 1, in: arrangement)
        #expect(recognizer.release(at: Point(x: onEmptySpace.x + 60, y: onEmptySpace.y), time: 1.1) == [.swipe(.right)])
        // Mostly down: no page turn, but a vertical swipe from where it started (a Smart Stack
        // there moves); too short: nothing.
        _ = recognizer.press(at: onEmptySpace, page: 0, time: 2, in: arrangement)
        #expect(recognizer.release(at: Point(x: onEmptySpace.x + 60, y: onEmptySpace.y + 90), time: 2.1)
            == [.verticalSwipe(from: onEmptySpace, step: -1)])
        _ = recognizer.press(at: onEmptySpace, page: 0, time: 3, in: arrangement)
        #expect(recognizer.release(at: Point(x: onEmptySpace.x + 40, y: onEmptySpace.y), time: 3.1) == [])
    }

    @Test("Outside edit mode a quick move up on a widget is a vertical swipe from where it started: the next widget of a stack")
    func verticalSwipes() {
        var recognizer = HomeGestureRecognizer(isEditing: false)
        let start = onEmptySpace
        _ = recognizer.press(at: start, page: 0, time: 0, in: arrangement)
        #expect(recognizer.move(to: Point(x: start.x + 5, y: start.y - 30), time: 0.05) == [])
        #expect(recognizer.release(at: Point(x: start.x + 5, y: start.y - 80), time: 0.1) == [.verticalSwipe(from: start, step: 1)])
        _ = recognizer.press(at: start, page: 0, time: 1, in: arrangement)
        #expect(recognizer.release(at: Point(x: start.x, y: start.y + 40), time: 1.1) == [], "40 points is no swipe")
    }

    @Test("An accessory widget, or a widget on another page, is not picked up")
    func onlyGridTilesOfThePageDrag() {
        var recognizer = HomeGestureRecognizer(isEditing: true)
        _ = recognizer.press(at: onTile, page: 1, time: 0, in: arrangement)
        #expect(recognizer.move(to: Point(x: 400, y: 300), time: 0.1) == [])
        _ = recognizer.cancel()
        let withAccessory = HomeArrangement(items: [HomeItem(id: "r", family: .accessoryRectangular, placement: nil)], width: 1280, height: 720)
        let accessory = Point(x: withAccessory.tiles[0].frame.minX + 5, y: withAccessory.tiles[0].frame.minY + 5)
        _ = recognizer.press(at: accessory, page: 0, time: 1, in: withAccessory)
        #expect(recognizer.move(to: Point(x: 400, y: 300), time: 1.1) == [])
    }
}
