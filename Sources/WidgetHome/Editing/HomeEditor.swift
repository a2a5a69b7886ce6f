import WidgetPayload

/// The home screen of one output as a person edits it, iOS's edit mode as a value: whether it is
/// on, the page shown, the keyboard's focus, the drag under way with its preview, the open
/// context menu. Backends feed it gestures and keys and draw what it says; it never writes the
/// store, but returns each committed edit as a `HomeLayoutChange`.
public struct HomeEditor: Sendable {
    /// What the layout was built from, and the arrangement committed (the store's, or the last
    /// drop's until the store's reload confirms it).
    public internal(set) var items: [HomeItem]
    public internal(set) var arrangement: HomeArrangement
    public internal(set) var page = 0
    public internal(set) var isEditing = false
    public internal(set) var focus: HomeFocus?
    public internal(set) var drag: HomeDrag?
    public internal(set) var menu: HomeContextMenu?
    /// The gallery, Edit Widget or the remove alert, over everything; it takes every input.
    public internal(set) var sheet: HomeSheet?
    /// Where the drawn sheet's targets are, in points of the output: the backend lays the sheet
    /// out when drawing it and hands the links' frames back, so a click tests what was drawn.
    public var sheetTargets: [SheetTarget: Rect] = [:]
    /// The gallery the last choice of a kind closed, until another sheet opens: opened again
    /// when that choice could not be written (`reopenGallery(markingRemoved:)`).
    var chosenFrom: GallerySheet?
    /// Each instance's kind's display name, for the remove alert's title.
    public var instanceNames: [String: String] = [:]
    /// The instances that have something to configure: they get Edit Widget.
    public var configurable: Set<String>
    /// The presses, moves and releases fed through `press(at:time:)` and the rest.
    var recognizer = HomeGestureRecognizer()

    public init(items: [HomeItem], width: Double, height: Double, configurable: Set<String> = []) {
        self.items = items
        arrangement = HomeArrangement(items: items, width: width, height: height)
        self.configurable = configurable
    }

    /// What to draw: the drag's preview while dragging, else the committed arrangement.
    public var shown: HomeArrangement { drag?.preview ?? arrangement }

    /// The edit-mode controls over the page shown; nil outside edit mode.
    public var chrome: HomeEditChrome? {
        isEditing ? HomeEditChrome(arrangement: shown, page: page, dragging: drag?.instance) : nil
    }

    /// When the backend must call `tick(now:)` next: a long press pending, or a dragged tile held
    /// at an edge. Nil at rest: no timer.
    public var nextDeadline: Double? {
        [recognizer.nextDeadline, drag?.edgeHold?.deadline].compactMap { $0 }.min()
    }

    /// The layout read again (the store changed, or the output's size): the page, the focused
    /// tile and a drag under way carry over while their widget is still there.
    public mutating func reload(items: [HomeItem], width: Double, height: Double) {
        let order = focusOrder
        self.items = items
        arrangement = HomeArrangement(items: items, width: width, height: height)
        if var drag, let tile = arrangement.tiles.first(where: { $0.id == drag.instance && $0.column != nil }) {
            drag.origin = tile.gridPlacement!
            self.drag = drag
        } else if drag != nil {
            drag = nil
            recognizer = HomeGestureRecognizer(isEditing: isEditing)
        }
        // A drag may hold the page after the last, where it would start a new one.
        page = min(page, arrangement.pageCount - (drag == nil ? 1 : 0))
        retarget(time: nil, layoutChanged: true)
        keepFocus(previousOrder: order)
        if let instance = menu?.instance, !arrangement.tiles.contains(where: { $0.id == instance }) { menu = nil }
        if let instance = sheetInstance, !arrangement.tiles.contains(where: { $0.id == instance }) { closeSheet() }
    }

    public mutating func enterEditing() {
        isEditing = true
        recognizer.isEditing = true
        menu = nil
    }

    /// Done, Escape, or a tap on empty space.
    public mutating func exitEditing() {
        isEditing = false
        recognizer.isEditing = false
        drag = nil
        menu = nil
        if case .add? = focus { focus = nil }
        if case .done? = focus { focus = nil }
    }

    /// Shows the page `delta` pages on, within the pages there are; false when there is none.
    @discardableResult
    public mutating func turnPage(by delta: Int) -> Bool {
        // Under a sheet the page stays: the wheel scrolls the gallery's rows instead.
        if let sheet {
            guard case .gallery(var gallery) = sheet, gallery.scroll(by: delta) else { return false }
            self.sheet = .gallery(gallery)
            return true
        }
        let target = min(max(page + delta, 0), arrangement.pageCount - 1)
        guard target != page else { return false }
        page = target
        menu = nil
        if case .tile? = focus { focus = focusOrder.first }
        return true
    }

    /// The wheel (a notch, `delta` 1 down or -1 up) at `point`: over a Smart Stack outside edit
    /// mode, its next or previous widget, as on `/home`; elsewhere (and for the horizontal wheel)
    /// the page, as `turnPage(by:)`.
    public mutating func scroll(at point: Point, by delta: Int, vertical: Bool = true) -> [HomeEditorEffect] {
        if vertical, let effect = stepStack(at: point, by: delta) { return [effect] }
        return turnPage(by: delta) ? [.redraw] : []
    }

    /// The member `step` on from the one shown of the Smart Stack under `point` (round, as
    /// `/home`'s stacks go), shown through the store; nil when no stack is there, in edit mode
    /// (where a press drags the stack) or under a sheet.
    func stepStack(at point: Point, by step: Int) -> HomeEditorEffect? {
        guard !isEditing, sheet == nil, let stack = arrangement.tile(at: point, onPage: page)?.stack, stack.members.count > 1,
            let index = stack.members.firstIndex(of: stack.shown)
        else { return nil }
        let count = stack.members.count
        return .change(.showInStack(instance: stack.members[((index + step) % count + count) % count]))
    }

    /// Acts on a recognised gesture; `time` is the event's, for the edge dwell of a drag.
    public mutating func handle(_ gesture: HomeGesture, time: Double) -> HomeEditorEffect? {
        switch gesture {
        case .tap(let point): return sheet == nil ? tap(at: point) : sheetTap(at: point)
        // Under a sheet the home screen waits: no menu, drag or page turn starts there.
        case _ where sheet != nil: return nil
        case .longPress(let point): return longPress(at: point)
        case .contextMenu(let point): return openMenu(at: point)
        case .swipe(let direction): return turnPage(by: direction.pageDelta) ? .redraw : nil
        case .verticalSwipe(let point, let step): return stepStack(at: point, by: step)
        case .dragBegan(let point): return beginDrag(at: point, time: time) ? .redraw : nil
        case .dragMoved(let point): return moveDrag(to: point, time: time) ? .redraw : nil
        case .dragEnded(let point): return endDrag(at: point, time: time)
        case .dragCancelled:
            guard drag != nil else { return nil }
            drag = nil
            page = min(page, arrangement.pageCount - 1)
            return .redraw
        }
    }

    /// Chooses a row of the open menu.
    public mutating func choose(_ item: HomeContextMenu.Item) -> HomeEditorEffect? {
        menu = nil
        switch item {
        case .editHomeScreen:
            enterEditing()
            return .redraw
        case .addWidget:
            enterEditing()
            return .change(.openGallery)
        case .editWidget(let instance): return .change(.configure(instance: instance))
        case .removeWidget(let instance): return confirmRemoval(of: instance)
        }
    }

    private mutating func tap(at point: Point) -> HomeEditorEffect? {
        if let menu {
            if let item = menu.item(at: point) { return choose(item) }
            self.menu = nil
            return .redraw
        }
        guard let chrome else {
            return arrangement.tile(at: point, onPage: page).map { .tapWidget(instance: $0.id, at: point) }
        }
        switch chrome.target(at: point) {
        case .done?, nil:
            exitEditing()
            return .redraw
        case .add?: return .change(.openGallery)
        case .removeBadge(let instance)?: return confirmRemoval(of: instance)
        // As on iOS, a tap on a configurable widget in edit mode opens Edit Widget.
        case .tile(let instance)?: return configurable.contains(instance) ? .change(.configure(instance: instance)) : nil
        }
    }

    /// Outside edit mode: on a widget, its menu (moving on picks it up); on empty space, edit mode.
    private mutating func longPress(at point: Point) -> HomeEditorEffect? {
        guard !isEditing else { return nil }
        if arrangement.tile(at: point, onPage: page) != nil { return openMenu(at: point) }
        enterEditing()
        return .redraw
    }

    /// Opens the context menu at `point`, about the widget under it.
    mutating func openMenu(at point: Point) -> HomeEditorEffect? {
        openMenu(at: point, about: shown.tile(at: point, onPage: page)?.id)
    }

    /// Opens the context menu at `point`, about `instance` (nil: the home screen itself).
    mutating func openMenu(at point: Point, about instance: String?) -> HomeEditorEffect? {
        menu = HomeContextMenu(
            at: point, instance: instance, isConfigurable: instance.map(configurable.contains) ?? false,
            isEditing: isEditing, width: arrangement.grid.width, height: arrangement.grid.height)
        return .redraw
    }

    // MARK: Pointer and touch input, through the gesture recogniser

    /// The first button, or a finger, went down at `point` (points, on the page shown).
    public mutating func press(at point: Point, time: Double) -> [HomeEditorEffect] {
        recognizer.isEditing = isEditing
        return handle(recognizer.press(at: point, page: page, time: time, in: shown), time: time)
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
