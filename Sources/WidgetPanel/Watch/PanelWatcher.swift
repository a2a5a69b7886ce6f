import Foundation
import NIOCore
import NIOPosix

/// `widgethost watch`: prints a line per shown widget from the running daemon, then a line each
/// time one of them changes, until cancelled.
///
/// It finds the daemon through its address file and waits (`ReconnectBackoff`) while there is
/// none or it refuses connections. Connected, it reads `GET /v1/widgets`, prints, and opens
/// `/v1/events` with `Last-Event-ID` set to that answer's `lastEventId`, so no change between the
/// two is missed. Each event about a shown widget makes it read that widget again (its own route,
/// not the list: `WatchRefresh`), and an event that can change which widgets there are (a bundle,
/// instances) the list; it prints the widgets whose line changed: driven by events, never
/// polling. When the stream ends (the daemon stopped or restarted) it starts over, and prints
/// only what changed meanwhile.
public struct PanelWatcher: Sendable {
    public let selection: WidgetSelection
    public let format: PanelFormat
    /// The address file's line, or nil when no daemon serves.
    let addressLine: @Sendable () -> String?
    /// Writes one line; a panel reads each as it comes, so it must not be buffered.
    let output: @Sendable (String) throws -> Void
    let note: @Sendable (WatchNote) -> Void

    public init(
        selection: WidgetSelection, format: PanelFormat, addressLine: @escaping @Sendable () -> String?,
        output: @escaping @Sendable (String) throws -> Void, note: @escaping @Sendable (WatchNote) -> Void = { _ in }
    ) {
        self.selection = selection
        self.format = format
        self.addressLine = addressLine
        self.output = output
        self.note = note
    }

    /// Runs until the task is cancelled (throwing `CancellationError`), `output` fails, or the
    /// selection cannot be shown (`WatchError`).
    public func run() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            try await watch(group)
        } catch {
            try? await group.shutdownGracefully()
            throw Task.isCancelled ? CancellationError() : error
        }
    }

    private func watch(_ group: any EventLoopGroup) async throws -> Never {
        var printed: [WidgetKey: String] = [:]
        var backoff = ReconnectBackoff()
        // Said once per spell without a daemon, not at every retry.
        var toldWhy = false
        while true {
            guard let address = addressLine().flatMap(DaemonAddress.init(line:)) else {
                if !toldWhy { note(.waitingForDaemon) }
                toldWhy = true
                try await backoff.wait()
                continue
            }
            let client = DaemonHTTPClient(address: address, group: group)
            do {
                try await session(client, &printed) {
                    note(.connected(address))
                    toldWhy = false
                    backoff.reset()
                }
                try Task.checkCancellation()  // a stream ended by our own stop is no news
                note(.disconnected(address))
                toldWhy = true
            } catch let error as DaemonClientError {
                try Task.checkCancellation()
                if !toldWhy { note(.unreachable(error)) }
                toldWhy = true
            }
            try await backoff.wait()
        }
    }

    /// One connection's life: the state, then a refresh per relevant event, until the stream ends.
    private func session(_ client: DaemonHTTPClient, _ printed: inout [WidgetKey: String], connected: () -> Void) async throws {
        let first = try await widgets(client)
        connected()
        let missing = selection.missingKinds(in: first.widgets)
        if !missing.isEmpty { note(.kindsNotServed(missing)) }
        // The widgets on screen: an event about another (another family of a watched kind) is
        // not read at all.
        var shown = try show(first, &printed)

        let pending = PendingRefreshes()
        let selection = self.selection
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { pending.finish() }
                var parser = ServerSentEventParser()
                let headers = [("Accept", "text/event-stream"), ("Last-Event-ID", String(first.lastEventId))]
                do {
                    try await client.stream("/v1/events", headers: headers) { chunk in
                        for event in parser.parse(chunk.readableBytesView) {
                            if let refresh = WatchRefresh(event, selection: selection) { pending.add(refresh) }
                        }
                    }
                } catch DaemonClientError.answerCutShort {
                    // A daemon killed mid-stream: an end like any other, not a failure to report.
                }
            }
            for await _ in pending.signals {
                let due = pending.take()
                if due.everything {
                    shown = try show(try await widgets(client), &printed)
                    continue
                }
                for key in due.widgets where shown.contains(key) {
                    guard let widget = try await widget(key, client) else {
                        // Gone since the list was read: the list says what is shown now.
                        shown = try show(try await widgets(client), &printed)
                        break
                    }
                    try show(widget, &printed)
                }
            }
            try await group.waitForAll()
        }
    }

    private func widgets(_ client: DaemonHTTPClient) async throws -> WidgetList {
        try await decode(WidgetList.self, from: client.get("/v1/widgets"), path: "/v1/widgets")
    }

    /// One widget's state from its own route; nil when the daemon no longer shows it (404).
    private func widget(_ key: WidgetKey, _ client: DaemonHTTPClient) async throws -> WidgetState? {
        let path = Self.path(of: key)
        let body: [UInt8]
        do {
            body = try await client.get(path)
        } catch DaemonClientError.status(404, _, _) {
            return nil
        }
        return try decode(WidgetDetail.self, from: body, path: path).state
    }

    /// `GET /v1/instances/{id}` for an added instance, `GET /v1/widgets/{kind}/{family}` for a
    /// kind's implicit one (docs/openapi.yaml).
    static func path(of key: WidgetKey) -> String {
        func segment(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
        }
        if let instance = key.instance { return "/v1/instances/\(segment(instance))" }
        return "/v1/widgets/\(segment(key.kind))/\(segment(key.family))"
    }

    private func decode<Answer: Decodable>(_ type: Answer.Type, from body: [UInt8], path: String) throws(DaemonClientError) -> Answer {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw .malformedAnswer(path: path, reason: "\(error)")
        }
    }

    /// Prints the shown widgets whose line is not the one last printed for them; returns the
    /// widgets shown.
    @discardableResult
    private func show(_ list: WidgetList, _ printed: inout [WidgetKey: String]) throws -> Set<WidgetKey> {
        let chosen = try selection.choose(from: list.widgets)
        for widget in chosen { try show(widget, &printed) }
        return Set(chosen.map(\.key))
    }

    /// Prints one widget's line unless it is the one last printed for it.
    private func show(_ widget: WidgetState, _ printed: inout [WidgetKey: String]) throws {
        let line = format.line(for: widget)
        guard printed[widget.key] != line else { return }
        try output(line)
        printed[widget.key] = line
    }
}

/// `GET /v1/widgets/{kind}/{family}` and `GET /v1/instances/{id}`, as far as a watcher reads them.
private struct WidgetDetail: Decodable {
    let state: WidgetState
}
