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
    /// Where edits that could not be saved, and sheets not drawn yet, are told.
    private let note: (String) -> Void

    /// The session of the output named `output`, whose new placements are for `placingFor`.
    public init(
        screen: HomeScreen, output: String?, placingFor: String?, width: Double, height: Double, note: @escaping (String) -> Void
    ) {
        self.screen = screen
        self.output = output
        self.placingFor = placingFor
        self.note = note
        editor = HomeEditor(items: screen.items(output: output), width: width, height: height)
    }

    /// The layout read again (the store changed, or the output's size).
    public func reload(width: Double, height: Double) {
        editor.reload(items: screen.items(output: output), width: width, height: height)
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
            case .change(let change):
                // The editor already shows the edit (a drop keeps its preview): draw it now.
                response.redraw = true
                apply(change)
            }
        }
        return response
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
            if case .needsSheet(let sheet) = try change.apply(to: store, output: placingFor) {
                note("\(sheet) needs a sheet the desktop does not draw yet; use the browser's /home or `widgethost instances`")
            }
        } catch {
            note(error.description)
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
