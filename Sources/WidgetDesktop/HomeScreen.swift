import Foundation
import Synchronization
import WidgetHome
import WidgetPayload
import WidgetRender
import WidgetStore
import WidgetStoreModel

/// What every desktop backend (layer-shell, X11) shows: the instances in the store, arranged by
/// the home screen's layout, each with the current entry the daemon last sent for it.
///
/// Thread-safe: `HomeScreenFeed` updates it from its tasks, and a backend reads it from its own
/// event-loop thread. Each update calls `onChange`, which a backend turns into a wake-up of its
/// loop (an eventfd); the loop then takes the changes (`takeChanges()`) and redraws only the
/// widgets named, or everything when the layout changed.
public final class HomeScreen: Sendable {
    /// One widget's drawable state.
    public struct Widget: Sendable {
        public let instance: WidgetInstance
        /// The current entry's face; nil until the daemon has sent one.
        public var face: WidgetFace?
        /// An intent was performed and the new timeline has not come: `invalidatableContent`
        /// is dimmed meanwhile, as WidgetKit does.
        public var isPending = false
        /// Where the widget's bundle is, for its images and colours; nil when no run recorded it.
        public var bundlePath: String?
        /// When the daemon's event with the current face arrived (`DispatchTime`'s nanoseconds),
        /// for the benchmarks' event-to-pixels figure.
        public var changedAt: UInt64?

        public init(instance: WidgetInstance, face: WidgetFace? = nil, isPending: Bool = false, bundlePath: String? = nil) {
            self.instance = instance
            self.face = face
            self.isPending = isPending
            self.bundlePath = bundlePath
        }
    }

    /// What changed since the backend last looked.
    public struct Changes: Sendable, Equatable {
        /// The instances or their places changed, or the appearance: redraw every widget.
        public var layout = false
        /// Instances whose face changed.
        public var widgets: Set<String> = []
        /// The loaded kinds changed (the gallery's list, who has Edit Widget).
        public var kinds = false
        /// Kinds' previews whose face changed, as `previewKey(kind:family:)` names them.
        public var previews: Set<String> = []
        /// The daemon's answers to a sheet's requests, for the backend's loop.
        public var sheetReplies: [SheetReply] = []
        /// Key presses began or stopped reaching the home screen (`hasKeyboard`).
        public var keyboard = false

        public var isEmpty: Bool { !layout && widgets.isEmpty && !kinds && previews.isEmpty && sheetReplies.isEmpty && !keyboard }
    }

    private struct State {
        var widgets: [String: Widget] = [:]
        /// The instances, oldest first, their placements and their stacks, as the home screen's arrangement reads them.
        var order: [WidgetInstance] = []
        var placements: [HomePlacement] = []
        var stacks: [HomeStack] = []
        /// The store's layout revision read before them: an edit made on them is written only
        /// while the store is still at it. nil before the first read.
        var revision: Int64?
        var appearance: ColorSchemeName = .light
        var hasKeyboard = true
        var changes = Changes()
        /// Every loaded kind, as `GET /v1/kinds` lists it.
        var kinds: [GalleryKind] = []
        /// Each kind's own (not an instance's) current face per family: the gallery's previews.
        var previews: [String: WidgetFace] = [:]
        var bundlePaths: [String: String] = [:]
        /// Instances whose saved value the bundle no longer offers (their state's `unavailable`).
        var unavailable: [String: UnavailableValue] = [:]
        /// A gallery is open: a preview's new entry is a change to draw. Otherwise it is only
        /// kept, waking nobody (the kinds' timelines reload at rest too).
        var watchesPreviews = false
    }

    private let state = Mutex(State())
    private let onChange = Mutex<@Sendable () -> Void>({})
    public let storeLocation: StoreLocation
    /// The shared store the layout is read from, opened on first use and kept for the home
    /// screen's life (the feed rereads it at every change, the backends' tiles their containers).
    public let store: LazySharedStore

    public init(storeLocation: StoreLocation) {
        self.storeLocation = storeLocation
        store = LazySharedStore(location: storeLocation)
    }

    /// Called after every change, on the updating thread; a backend wakes its loop here.
    public func setOnChange(_ body: @escaping @Sendable () -> Void) {
        onChange.withLock { $0 = body }
    }

    public var appearance: ColorSchemeName { state.withLock { $0.appearance } }

    /// The changes since the last call, forgotten once taken.
    public func takeChanges() -> Changes {
        state.withLock { state in
            defer { state.changes = Changes() }
            return state.changes
        }
    }

    /// The widgets on the output named `name`, arranged for its size in points.
    public func arrangement(output name: String?, width: Double, height: Double) -> HomeArrangement {
        state.withLock { state in
            HomeArrangement(
                items: HomeItem.items(instances: state.order, placements: state.placements, stacks: state.stacks, output: name),
                width: width, height: height)
        }
    }

    /// The layout's items for the output named `name`, as the edit mode's `HomeEditor` takes them.
    public func items(output name: String?) -> [HomeItem] {
        editableLayout(output: name).items
    }

    /// `items(output:)` and the store's layout revision they were read at, taken together: the
    /// revision an edit made on those items is written against.
    public func editableLayout(output name: String?) -> (items: [HomeItem], revision: Int64?) {
        state.withLock { state in
            (HomeItem.items(instances: state.order, placements: state.placements, stacks: state.stacks, output: name), state.revision)
        }
    }

    public func widget(_ id: String) -> Widget? { state.withLock { $0.widgets[id] } }

    /// The widgets whose text counts (`Text(date, style: .timer)`), which are redrawn each second.
    public func countingWidgets() -> Set<String> {
        state.withLock { state in
            Set(state.widgets.filter { $0.value.face?.view?.countsTime == true }.keys)
        }
    }

    // MARK: Updates (from the feed)

    /// The instances, placements and Smart Stacks as the store holds them now.
    func setLayout(
        instances: [WidgetInstance], placements: [HomePlacement], stacks: [HomeStack] = [], bundlePaths: [String: String],
        revision: Int64? = nil
    ) {
        update { state in
            state.revision = revision
            var widgets: [String: Widget] = [:]
            for instance in instances {
                var widget = state.widgets[instance.id.rawValue] ?? Widget(instance: instance)
                widget = Widget(
                    instance: instance, face: widget.face, isPending: widget.isPending,
                    bundlePath: bundlePaths[instance.kind])
                widgets[instance.id.rawValue] = widget
            }
            state.widgets = widgets
            state.order = instances
            state.placements = placements
            state.stacks = stacks
            state.bundlePaths = bundlePaths
            state.changes.layout = true
        }
    }

    /// An instance's current entry, from the daemon.
    func setEntry(instance id: String, face: WidgetFace?) {
        update { state in
            guard var widget = state.widgets[id] else { return }
            widget.face = face
            widget.changedAt = DispatchTime.now().uptimeNanoseconds
            widget.isPending = false
            state.widgets[id] = widget
            state.changes.widgets.insert(id)
        }
    }

    /// A call for the instance ended (its timeline came, or failed): it is no longer pending.
    func setSettled(instance id: String) {
        update { state in
            guard state.widgets[id]?.isPending == true else { return }
            state.widgets[id]?.isPending = false
            state.changes.widgets.insert(id)
        }
    }

    func setPending(instance id: String) {
        update { state in
            guard state.widgets[id] != nil, state.widgets[id]?.isPending == false else { return }
            state.widgets[id]?.isPending = true
            state.changes.widgets.insert(id)
        }
    }

    func setKinds(_ kinds: [GalleryKind]) {
        update { state in
            guard state.kinds != kinds else { return }
            state.kinds = kinds
            state.changes.kinds = true
        }
    }

    /// A kind's current entry in a family, from the daemon: the gallery's preview of it.
    func setPreview(kind: String, family: WidgetFamily, face: WidgetFace?) {
        update { state in
            let key = Self.previewKey(kind: kind, family: family)
            guard state.previews[key] != face else { return }
            state.previews[key] = face
            if state.watchesPreviews { state.changes.previews.insert(key) }
        }
    }

    /// Every instance's `unavailable` as the widgets' list last said it (no change to draw: Edit
    /// Widget reads it when it opens).
    func setUnavailable(_ values: [String: UnavailableValue]) {
        state.withLock { $0.unavailable = values }
    }

    /// The saved value of `instance` the bundle no longer offers, as last heard.
    public func unavailable(_ instance: String) -> UnavailableValue? { state.withLock { $0.unavailable[instance] } }

    func post(_ reply: SheetReply) {
        update { $0.changes.sheetReplies.append(reply) }
    }

    public var kinds: [GalleryKind] { state.withLock { $0.kinds } }

    /// Whether a gallery is open on some output, so that previews' new entries wake the backend.
    public func watchPreviews(_ watching: Bool) {
        state.withLock { $0.watchesPreviews = watching }
    }

    /// The gallery's preview of `kind` in `family`, drawn as a widget of that kind; its face is
    /// nil until the daemon has one (the kind's card is drawn meanwhile).
    public func preview(kind: String, family: WidgetFamily) -> Widget {
        state.withLock { state in
            let instance = WidgetInstance(
                id: WidgetInstanceID(rawValue: "preview:\(kind)"), kind: kind, family: family, configuration: [:],
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
            return Widget(
                instance: instance, face: state.previews[Self.previewKey(kind: kind, family: family)], bundlePath: state.bundlePaths[kind])
        }
    }

    public static func previewKey(kind: String, family: WidgetFamily) -> String { "\(kind)/\(family.rawValue)" }

    /// Whether key presses reach this home screen: false while the compositor has not given it
    /// the keyboard (a sheet's focused field then says to click it). True unless a backend says.
    public var hasKeyboard: Bool { state.withLock { $0.hasKeyboard } }

    public func setHasKeyboard(_ hasKeyboard: Bool) {
        update { state in
            guard state.hasKeyboard != hasKeyboard else { return }
            state.hasKeyboard = hasKeyboard
            state.changes.keyboard = true
        }
    }

    public func setAppearance(_ appearance: ColorSchemeName) {
        update { state in
            guard state.appearance != appearance else { return }
            state.appearance = appearance
            state.changes.layout = true
        }
    }

    private func update(_ body: (inout State) -> Void) {
        let changed = state.withLock { state -> Bool in
            body(&state)
            return !state.changes.isEmpty
        }
        if changed { onChange.withLock { $0 }() }
    }
}
