import Foundation

/// One event of a `text/event-stream` body, as a browser's EventSource would dispatch it.
public struct ServerSentEvent: Equatable, Sendable {
    public let id: UInt64
    public let name: String
    public let data: String

    public init(id: UInt64, name: String, data: String) {
        self.id = id
        self.name = name
        self.data = data
    }
}

public enum ServerSentEvents {
    /// The events in `text`, and the text after the last complete block. Blocks without an
    /// `id:` (`retry:`, heartbeat comments) are not events. Chunk-size lines of a chunked body
    /// start with no field name, so they are skipped too.
    public static func parse(_ text: String) -> (events: [ServerSentEvent], rest: String) {
        // "\r\n" is one Character to Swift, so it is made "\n" before splitting.
        var rest = text.replacingOccurrences(of: "\r\n", with: "\n")
        var events: [ServerSentEvent] = []
        while let end = rest.range(of: "\n\n") {
            let block = rest[..<end.lowerBound]
            rest = String(rest[end.upperBound...])
            var id: UInt64?, name = "", data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = UInt64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            if let id { events.append(ServerSentEvent(id: id, name: name, data: data)) }
        }
        return (events, rest)
    }

    /// Reads a live connection until `count` events have come (or it ends, or its read times
    /// out). Blocking: call it through `offThePool`.
    public static func read(_ connection: RawHTTPClient.Connection, count: Int) -> [ServerSentEvent] {
        var rest = "", events: [ServerSentEvent] = []
        while events.count < count, let chunk = connection.receive() {
            let parsed = parse(rest + String(decoding: chunk, as: UTF8.self))
            events += parsed.events
            rest = parsed.rest
        }
        return events
    }
}
