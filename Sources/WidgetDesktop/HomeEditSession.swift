#if canImport(Glibc)
import Glibc
#endif
import WidgetHome
import WidgetPayload
import WidgetStore

/// One output's edit mode as a backend runs it: a `HomeEditor` fed from the home screen's layout,
/// whose committed edits are written to the store at once. The backend feeds it input, draws what
/// the editor shows, and arms a one-shot timer at `editor.nextDeadline` after every call (none
/// when it is nil, so nothing wakes at rest).
///
/// Not thread-safe: it lives on the backend's event-loop thread, as the drawing does.
public final class HomeEditSession {
    /// What the backend does after an input.
    public struct Response: Sendable, Equatable {
        /// The editor's state changed: draw the output again.
        public var redraw = false
        /// Taps on widgets outside edit mode: perform their control or open their link.
        public var taps: [Tap] = []

        public struct Tap: Sendable, Equatable {
            public let instance: String
            public let point: Point
        }
    }

    public private(set) var editor: HomeEditor
    private let screen: HomeScreen
    private let output: String?
    /// The output new placements are made for: nil (every output) unless the desktop was started
    /// for one, as `widgethost home place` makes them.
    private let placingFor: String?
    /// Where edits that could not be saved are told.
    private let note: (String) -> Void
    /// The daemon, for what the sheets ask of it (entities, a configuration's save); nil in tests
    /// that need none.
    private let feed: HomeScreenFeed?
    /// The store's layout revision the editor's items were read at: moves and stacks are written
    /// only while the store is still at it, so that another home screen's edit is not undone.
    private var editedRevision: Int64?
    /// The output's size in points, for reading the layout again after a refused edit.
    private var size: (width: Double, height: Double)

    /// The session of the output named `output`, whose new placements are for `placingFor`.
    public init(
        screen: HomeScreen, output: String?, placingFor: String?, width: Double, height: Double, feed: HomeScreenFeed? = nil,
        note: @escaping (String) -> Void
    ) {
        self.screen = screen
        self.output = output
        self.placingFor = placingFor
        self.feed = feed
        self.note = note
        size = (width, height)
        let layout = screen.editableLayout(output: output)
        editedRevision = layout.revision
        editor = HomeEditor(items: layout.items, width: width, height: height)
        kindsChanged()
    }

    /// The layout read again (the store changed, or the output's size).
    public func reload(width: Double, height: Double) {
        size = (width, height)
        let layout = screen.editableLayout(output: output)
        editedRevision = layout.revision
        editor.reload(items: layout.items, width: width, height: height)
        kindsChanged()
    }

    /// Once edit mode is over (no sheet, menu or drag either), the sheets' cached previews go:
    /// they are worth keeping between two openings of the gallery, not at rest (the desktop's
    /// size at rest is its figure in BENCHMARKS.md). A backend calls it after each input.
    public func releaseSheetsIfDone(_ sheets: SheetRenderer) {
        guard !editor.isEditing, editor.sheet == nil, editor.menu == nil, editor.drag == nil else { return }
        // The widgets' bundles (a stack's members beside the shown one); "" is the renderer of widgets with none.
        let members = editor.items.flatMap { item in item.stack?.members ?? [item.id] }
        sheets.forgetAll(keeping: Set(members.map { screen.widget($0)?.bundlePath ?? "" }))
    }

    /// What the home screen's changes mean for the open sheet (the kinds, a preview's entry, the
    /// daemon's answers); true when the sheet must be drawn again. `sheets` forgets the previews
    /// whose entry changed; only those the gallery shows now are worth a redraw.
    public func sheetNeedsRedraw(after changes: HomeScreen.Changes, sheets: SheetRenderer) -> Bool {
        if changes.kinds { kindsChanged() }
        sheets.forget(previews: changes.previews)
        // A focused field's caret, or its hint to click it, follows the keyboard.
        let answered = receive(changes.sheetReplies) || (changes.keyboard && editor.sheet != nil)
        guard case .gallery(let gallery)? = editor.sheet else { return answered }
        let shown = Set(gallery.shownResults.flatMap { kind in kind.families.map { HomeScreen.previewKey(kind: kind.kind, family: $0) } })
        return answered || !shown.isDisjoint(with: changes.previews)
    }

    /// The loaded kinds (or the instances) changed: who has Edit Widget, and the names the remove
    /// alert asks about.
    public func kindsChanged() {
        let kinds = Dictionary(screen.kinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        var configurable: Set<String> = []
        var names: [String: String] = [:]
        for item in editor.items {
            for id in [item.id] + (item.stack?.members ?? []) {
                guard let instance = screen.widget(id)?.instance, let kind = kinds[instance.kind] else { continue }
                names[id] = kind.displayName
                if !kind.parameters.isEmpty { configurable.insert(id) }
            }
        }
        editor.configurable = configurable
        editor.instanceNames = names
    }

    /// Text typed on the keyboard: the open sheet's search field or text row takes it; nil when
    /// nothing does, and the backend reads the key as a `HomeKey` instead.
    public func type(_ text: String) -> Response? {
        editor.type(text).map { perform([$0]) }
    }

    /// Whether a sheet is open: typed text goes to it rather than being read as keys.
    public var showsSheet: Bool { editor.sheet != nil }

    /// Where the sheet's targets were drawn, in points of the output (`SheetRenderer`'s layout).
    public func setSheetTargets(_ targets: [SheetTarget: Rect]) {
        editor.sheetTargets = targets
    }

    /// The daemon's answers to the sheet's requests; true when the sheet changed.
    @discardableResult
    public func receive(_ replies: [SheetReply]) -> Bool {
        guard editor.sheet != nil, !replies.isEmpty else { return false }
        var effects: [HomeEditorEffect] = []
        for reply in replies {
            switch reply {
            case .options(let kind, let parameter, let matching, let options):
                editor.setOptions(options, kind: kind, parameter: parameter, matching: matching)
            case .optionsFailed(let kind, let parameter, let matching, let message):
                editor.setOptionsFailed(message, kind: kind, parameter: parameter, matching: matching)
            case .summary(let kind, let summary):
                // The values changed while it was asked: the next request.
                if let next = editor.setSummary(summary, kind: kind) { effects.append(next) }
            case .unavailable(let instance, let value): editor.setUnavailable(value, instance: instance)
            case .failed(let message): editor.setSheetError(message)
            }
        }
        _ = perform(effects)
        return true
    }

    /// Hands the editor one input and acts on its effects: `session.input { $0.press(at: p, time: t) }`.
    @discardableResult
    public func input(_ body: (inout HomeEditor) -> [HomeEditorEffect]) -> Response {
        perform(body(&editor))
    }

    /// A key, mapped by the backend.
    @discardableResult
    public func key(_ key: HomeKey) -> Response {
        perform(editor.key(key).map { [$0] } ?? [])
    }

    /// Applies each effect: changes go to the store (whose wake-up brings the reload), taps to
    /// the backend.
    public func perform(_ effects: [HomeEditorEffect]) -> Response {
        var response = Response()
        for effect in effects {
            switch effect {
            case .redraw:
                response.redraw = true
            case .tapWidget(let instance, let point):
                response.taps.append(Response.Tap(instance: instance, point: point))
            case .loadOptions(let kind, let parameter, let matching):
                response.redraw = true
                feed?.loadOptions(kind: kind, parameter: parameter, matching: matching)
            case .summarize(let kind, let configuration):
                response.redraw = true
                feed?.summarize(kind: kind, configuration: configuration)
            case .change(.openGallery):
                response.redraw = true
                if screen.kinds.isEmpty { note("the gallery is empty: no daemon has told this home screen its kinds yet (widgethost run)") }
                editor.presentGallery(kinds: screen.kinds)
            case .change(.configure(let instance)):
                response.redraw = true
                openConfigure(instance)
            case .change(.reconfigure(let instance, let configuration)):
                response.redraw = true
                guard let feed else {
                    note("the configuration of \(instance) was not saved: no daemon to save it through")
                    continue
                }
                feed.saveConfiguration(instance: instance, configuration: configuration)
            case .change(let change):
                // The editor already shows the edit (a drop keeps its preview): draw it now.
                response.redraw = true
                apply(change)
            }
        }
        // Kinds' new entries wake the backend only while a gallery shows their previews.
        if case .gallery? = editor.sheet { screen.watchPreviews(true) } else { screen.watchPreviews(false) }
        return response
    }

    /// Edit Widget for `instance`, from its kind's parameters and its configuration in the store.
    private func openConfigure(_ instance: String) {
        guard let widget = screen.widget(instance)?.instance else { return }
        guard let kind = screen.kinds.first(where: { $0.kind == widget.kind }) else {
            note("\(widget.kind) is not loaded by the daemon now; Edit Widget needs its parameters (widgethost run)")
            return
        }
        let first = editor.presentConfigure(
            instance: instance, kind: kind, configuration: widget.configuration, unavailable: screen.unavailable(instance))
        feed?.loadUnavailable(instance: instance)
        if let first { _ = perform([first]) }
    }

    private func apply(_ change: HomeLayoutChange) {
        let store: SharedStore
        do {
            store = try screen.store.open()
        } catch {
            note("the edit \(change) was not saved: \(error)")
            return
        }
        do {
            if case .needsSheet(let sheet) = try change.apply(to: store, output: placingFor, madeAt: editedRevision) {
                note("\(sheet) is the sheets' and the daemon's, not the store's: it was not applied")
            }
        } catch {
            note(error.description)
            // Nothing was written: the editor goes back to the layout as read (the other change's
            // wake-up brings the newer one), so it never shows a move the store does not hold.
            if error.isLayoutChanged { reload(width: size.width, height: size.height) }
            // A kind whose bundle went while the gallery showed it: the gallery comes back with
            // the bundle's kinds marked, so the message is on screen, not only in the log.
            if let path = error.removedBundlePath, case .add(let kind, _, _, _, _) = change {
                let kinds = (try? store.catalog())?.kinds.filter { $0.value.bundlePath == path }.map(\.key) ?? []
                editor.reopenGallery(markingRemoved: Set(kinds).union([kind]))
            }
        }
    }
}

/// Input events' times (milliseconds on the display server's clock: X11's since the server
/// started, Wayland's of an unspecified base) against this process's monotonic clock. Edit mode is
/// fed the events' own times, and its timer must fire on the same clock: the offset is taken
/// again at each event, so the two never drift far apart.
public struct InputEventClock: Sendable {
    private var offset: Double?

    public init() {}

    /// An event's time in seconds, noting the offset.
    public mutating func seconds(ofEvent milliseconds: UInt32) -> Double {
        let seconds = Double(milliseconds) / 1000
        offset = Self.monotonic() - seconds
        return seconds
    }

    /// Now, on the events' clock; nil before the first event.
    public var now: Double? { offset.map { Self.monotonic() - $0 } }

    /// Milliseconds until `deadline` (the events' clock), rounded up so that a tick then finds it
    /// due; nil without a deadline or before the first event.
    public func milliseconds(until deadline: Double?) -> Int32? {
        guard let deadline, let now else { return nil }
        return Int32(min(max(((deadline - now) * 1000).rounded(.up), 0), Double(Int32.max)))
    }

    public static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
