import Foundation
import NIOCore
import NIOPosix

/// `widgethost watch`: prints a line per shown widget from the running daemon, then a line each
/// time one of them changes, until cancelled.
///
/// It finds the daemon through its address file and waits (`ReconnectBackoff`) while there is
/// none or it refuses connections. Connected, it reads `GET /v1/widgets`, prints, and opens
/// `/v1/events` with `Last-Event-ID` set to that answer's `lastEventId`, so no change between the
/// two is missed. Each event about a shown kind (or a bundle) makes it read the list again and
/// print the widgets whose line changed: driven by events, never polling. When the stream ends
/// (the daemon stopped or restarted) it starts over, and prints only what changed meanwhile.
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
        try show(first, &printed)

        // Events that arrive while the list is being read make one more read, not one each.
        let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let selection = self.selection
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { changed.finish() }
                var parser = ServerSentEventParser()
                let headers = [("Accept", "text/event-stream"), ("Last-Event-ID", String(first.lastEventId))]
                do {
                    try await client.stream("/v1/events", headers: headers) { chunk in
                        for event in parser.parse(chunk.readableBytesView) where selection.isRelevant(DaemonEvent(event)) {
                            changed.yield()
                        }
                    }
                } catch DaemonClientError.answerCutShort {
                    // A daemon killed mid-stream: an end like any other, not a failure to report.
                }
            }
            for await _ in changes { try show(try await widgets(client), &printed) }
            try await group.waitForAll()
        }
    }

    private func widgets(_ client: DaemonHTTPClient) async throws -> WidgetList {
        let body = try await client.get("/v1/widgets")
        do {
            return try JSONDecoder().decode(WidgetList.self, from: Data(body))
        } catch {
            throw DaemonClientError.malformedAnswer(path: "/v1/widgets", reason: "\(error)")
        }
    }

    /// Prints the shown widgets whose line is not the one last printed for them.
    private func show(_ list: WidgetList, _ printed: inout [WidgetKey: String]) throws {
        for widget in try selection.choose(from: list.widgets) {
            let line = format.line(for: widget)
            guard printed[widget.key] != line else { continue }
            try output(line)
            printed[widget.key] = line
        }
    }
}
