import Foundation
import HTTPTypes
import Hummingbird
import WidgetHostCore

/// `GET /v1/events`: Server-Sent Events from the hub, resumed after `Last-Event-ID`, with a
/// heartbeat comment so proxies keep the connection open.
struct EventRoutes: Sendable {
    let hub: EventHub
    let heartbeat: Duration
    /// The host's clock: heartbeats wait on it, so a test on a `VirtualClock` sends one by
    /// advancing the clock instead of waiting out the interval.
    let clock: any HostClock

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/v1/events") { request, _ in try stream(request) }
    }

    private func stream(_ request: Request) throws -> Response {
        // The header (a reconnecting EventSource sends it) wins over `?lastEventId=` (a browser
        // cannot set the header on its first request).
        let header = request.headers[HTTPField.Name("Last-Event-ID")!]
        let lastId = (header ?? request.uri.queryParameters.get("lastEventId"))
            .flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        let events: AsyncStream<ServerEvent>
        do {
            events = try hub.subscribe(after: lastId)
        } catch {
            var refusal = APIError(.serviceUnavailable, code: "tooManySubscribers",
                                   "the event stream has its maximum of \(hub.maximumSubscribers) subscribers; try again later")
            refusal.headers[.retryAfter] = "5"
            throw refusal
        }
        let (interval, clock) = (heartbeat.timeInterval, self.clock)
        let bufferedLines = hub.backlogSize * 2 + 1
        let body = ResponseBody { writer in
            // `retry:` first: how long a browser's EventSource waits before reconnecting.
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Bounded as the hub's stream is: a client that stops reading costs only its own
                // connection (the oldest lines go), never memory without end.
                let (lines, output) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(bufferedLines))
                group.addTask {
                    for await event in events { output.yield(event.wireText) }
                    output.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await clock.sleep(for: interval)
                        output.yield(": heartbeat\n\n")
                    }
                }
                for await line in lines { try await writer.write(ByteBuffer(string: line)) }
                group.cancelAll()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "text/event-stream; charset=utf-8",
            .cacheControl: "no-store",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ], body: body)
    }
}

extension Duration {
    /// In seconds, as the host clock counts.
    fileprivate var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
