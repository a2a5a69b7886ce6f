import Foundation
import NIOCore
import NIOPosix
import Synchronization
import WidgetHome
import WidgetPanel
import WidgetPayload
import WidgetRender
import WidgetStore

/// Keeps a `HomeScreen` current: the layout from the store, woken by `HomeLayoutWakeup`, and the
/// widgets' entries from the running daemon's event stream, as `widgethost watch` follows it: it
/// waits for a daemon that is not up yet, and reconnects after a restart. Nothing polls: with no
/// change, it sleeps.
public final class HomeScreenFeed: Sendable {
    public let screen: HomeScreen
    /// `<data>/http.address`'s line, nil when no daemon serves.
    let addressLine: @Sendable () -> String?
    /// `<data>/http.token`, which the daemon asks of every POST.
    let token: @Sendable () -> String?
    /// Says what the home screen is doing (waiting, connected, a failed tap), a line each.
    public let note: @Sendable (String) -> Void
    private let client = Mutex<DaemonHTTPClient?>(nil)
    /// The connections' loop, for as long as the process: the desktop follows the daemon until
    /// it ends, so the group is never shut down.
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    public init(
        screen: HomeScreen, addressLine: @escaping @Sendable () -> String?, token: @escaping @Sendable () -> String?,
        note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.screen = screen
        self.addressLine = addressLine
        self.token = token
        self.note = note
    }

    /// Runs until cancelled: follows the store's layout and the daemon's events.
    public func run() async throws {
        let listener = try HomeLayoutListener(location: screen.storeLocation) { [self] in reloadLayout() }
        defer { listener.stop() }
        reloadLayout()
        try await followDaemon()
    }

    /// Reads the instances, their places, their stacks and their bundles from the store.
    func reloadLayout() {
        do {
            let store = try screen.store.open()
            // Read before the layout: a change in between makes it older, so an edit on this
            // layout is refused rather than undoing that change.
            let revision = try store.homeLayoutRevision()
            let catalog = try store.catalog()
            screen.setLayout(
                instances: try store.instances(), placements: try store.homePlacements(), stacks: try store.homeStacks(),
                bundlePaths: catalog.kinds.mapValues(\.bundlePath), revision: revision)
        } catch {
            note("cannot read the home screen's layout: \(error)")
        }
    }

    // MARK: Actions

    /// Performs a control's intent through the daemon (`POST …/actions`), as a tap on iOS does.
    public func perform(instance id: String, action: ControlAction) async throws {
        let body = try JSONWriter.bytes(of: .object(["intent": .string(action.intent), "parameters": .object(action.parameters)]))
        _ = try await post("/v1/instances/\(id)/actions", body)
    }

    /// Opens a `Link` or `widgetURL` with the daemon's open-url command (`POST …/open`).
    public func open(instance id: String, url: String) async throws {
        _ = try await post("/v1/instances/\(id)/open", try JSONWriter.bytes(of: .object(["url": .string(url)])))
    }

    /// Does what a tap on a widget does (`TileTap`), in a task of its own; a failure is noted,
    /// not thrown: a backend's loop must not wait for the daemon.
    public func act(on tap: TileTap, instance id: String) {
        Task {
            do {
                switch tap {
                case .perform(let action): try await perform(instance: id, action: action)
                case .open(let url): try await open(instance: id, url: url)
                }
            } catch {
                note("the tap on \(id) failed: \(error)")
            }
        }
    }

    func post(_ path: String, _ body: [UInt8]) async throws -> [UInt8] {
        guard let client = client.withLock({ $0 }) else { throw HomeScreenError.noDaemon }
        return try await client.post(path, json: body, token: token())
    }

    func put(_ path: String, _ body: [UInt8]) async throws -> [UInt8] {
        guard let client = client.withLock({ $0 }) else { throw HomeScreenError.noDaemon }
        return try await client.put(path, json: body, token: token())
    }

    func get(_ path: String) async throws -> [UInt8] {
        guard let client = client.withLock({ $0 }) else { throw HomeScreenError.noDaemon }
        return try await client.get(path)
    }

    // MARK: The daemon

    private func followDaemon() async throws -> Never {
        var backoff = ReconnectBackoff()
        var toldWhy = false
        while true {
            guard let address = addressLine().flatMap(DaemonAddress.init(line:)) else {
                if !toldWhy { note("waiting for the daemon (widgethost run)") }
                toldWhy = true
                try await pause(backoff.advance())
                continue
            }
            let client = DaemonHTTPClient(address: address, group: group)
            do {
                try await session(client) {
                    self.client.withLock { $0 = client }
                    note("connected to \(address)")
                    toldWhy = false
                    backoff.reset()
                }
                try Task.checkCancellation()
                note("the daemon at \(address) went away; waiting for it")
                toldWhy = true
            } catch let error as DaemonClientError {
                try Task.checkCancellation()
                if !toldWhy { note("cannot reach the daemon: \(error)") }
                toldWhy = true
            }
            self.client.withLock { $0 = nil }
            try await pause(backoff.advance())
        }
    }

    /// Waits on the feed's event loop rather than with `Task.sleep`, whose timer runs on
    /// libdispatch's pool: once started, the pool's monitor would wake the desktop every second
    /// for good (`EventLoopTasks` in the CLI).
    private func pause(_ delay: Duration) async throws {
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        try await group.next().scheduleTask(in: .nanoseconds(nanoseconds)) {}.futureResult.get()
        try Task.checkCancellation()
    }

    /// One connection: every instance's entry, then the events, until the stream ends.
    private func session(_ client: DaemonHTTPClient, connected: () -> Void) async throws {
        let lastEventID = try await fetchAll(client)
        try await fetchKinds(client)
        connected()
        var parser = ServerSentEventParser()
        let headers = [("Accept", "text/event-stream"), ("Last-Event-ID", String(lastEventID))]
        do {
            try await client.stream("/v1/events", headers: headers) { chunk in
                for event in parser.parse(chunk.readableBytesView) { try await handle(event, client) }
            }
        } catch DaemonClientError.answerCutShort {
            // A daemon killed mid-stream: an end like any other.
        }
    }

    /// Reads every widget's state and takes the instances' entries; returns the newest event's id.
    private func fetchAll(_ client: DaemonHTTPClient) async throws -> UInt64 {
        let body = try await client.get("/v1/widgets")
        let list: WidgetList
        do {
            list = try JSONDecoder().decode(WidgetList.self, from: Data(body))
        } catch {
            throw DaemonClientError.malformedAnswer(path: "/v1/widgets", reason: "\(error)")
        }
        var unavailable: [String: UnavailableValue] = [:]
        for widget in list.widgets {
            if let instance = widget.instance, case .object(let state) = widget.json, case .object(let gone)? = state["unavailable"],
                case .string(let parameter)? = gone["parameter"], case .string(let value)? = gone["value"]
            {
                unavailable[instance] = UnavailableValue(parameter: parameter, value: value)
            }
            let face = widget.entry.map { Self.face(kind: widget.kind, content: $0.content, view: $0.view, viewError: nil) }
            guard let instance = widget.instance else {
                // The kind's own timeline: the gallery's preview of it in that family.
                if let family = WidgetFamily(rawValue: widget.family) { screen.setPreview(kind: widget.kind, family: family, face: face) }
                continue
            }
            screen.setEntry(instance: instance, face: face)
        }
        screen.setUnavailable(unavailable)
        return list.lastEventId
    }

    private func handle(_ event: ServerSentEvent, _ client: DaemonHTTPClient) async throws {
        let fields = try? JSONDecoder().decode(EventFields.self, from: Data(event.data.utf8))
        switch event.name {
        case "entry":
            guard let fields, let entry = fields.entry else { return }
            let face = Self.face(kind: fields.kind ?? "", content: entry.content, view: entry.view, viewError: entry.viewError)
            guard let instance = fields.instance else {
                if let kind = fields.kind, let family = fields.family.flatMap(WidgetFamily.init(rawValue:)) {
                    screen.setPreview(kind: kind, family: family, face: face)
                }
                return
            }
            screen.setEntry(instance: instance, face: face)
        case "call", "error":
            if let instance = fields?.instance { screen.setSettled(instance: instance) }
        case "pending":
            if let instance = fields?.instance { screen.setPending(instance: instance) }
        case "instances", "bundle":
            reloadLayout()
            _ = try await fetchAll(client)
            if event.name == "bundle" { try await fetchKinds(client) }
        default:
            break
        }
    }

    static func face(kind: String, content: JSONValue, view: JSONValue?, viewError: String?) -> WidgetFace {
        guard let view else { return WidgetFace(kind: kind, content: content, view: nil, viewError: viewError) }
        do {
            return WidgetFace(kind: kind, content: content, view: try ViewTree(json: view), viewError: viewError)
        } catch {
            return WidgetFace(kind: kind, content: content, view: nil, viewError: "\(error)")
        }
    }

    /// The fields of `entry`, `call`, `error` and `pending` events a home screen reads.
    private struct EventFields: Decodable {
        struct Entry: Decodable {
            let content: JSONValue
            let view: JSONValue?
            let viewError: String?
        }

        let kind: String?
        let family: String?
        let instance: String?
        let entry: Entry?
    }
}
