/// Reads a `text/event-stream` body as it arrives, in chunks of any size, into events, by the
/// HTML standard's rules ("Interpreting an event stream"): lines end with CRLF, LF or CR (a CRLF
/// split between two chunks is one ending), `:` starts a comment (the daemon's heartbeat),
/// several `data:` lines make one event, a blank line dispatches it, and `id:` carries over.
public struct ServerSentEventParser: Sendable {
    /// The last `id:` field seen: what to send as `Last-Event-ID` when reconnecting.
    public private(set) var lastEventId = ""
    /// The last `retry:` field, in milliseconds: how long the server asks a client to wait
    /// before reconnecting.
    public private(set) var retry: Int?
    /// Comment lines seen (heartbeats), which tell a client the connection is alive.
    public private(set) var commentCount = 0

    private var line: [UInt8] = []
    /// The previous chunk ended with CR: an LF first in the next chunk belongs to it.
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var eventName = ""
    private var data = ""
    private var hasData = false

    public init() {}

    /// The events completed by `bytes`; a partial line or event waits for the next chunk.
    public mutating func parse(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            switch byte {
            case Self.carriageReturn, Self.lineFeed:
                afterCarriageReturn = byte == Self.carriageReturn
                if let event = take(line) { events.append(event) }
                line.removeAll(keepingCapacity: true)
            default:
                line.append(byte)
            }
        }
        return events
    }

    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One whole line: a field, a comment, or the blank line that dispatches an event.
    private mutating func take(_ bytes: [UInt8]) -> ServerSentEvent? {
        var bytes = bytes[...]
        if atStreamStart {
            atStreamStart = false
            if bytes.starts(with: Self.byteOrderMark) { bytes = bytes.dropFirst(Self.byteOrderMark.count) }
        }
        guard !bytes.isEmpty else { return dispatch() }
        if bytes.first == UInt8(ascii: ":") {
            commentCount += 1
            return nil
        }
        let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: bytes[..<(colon ?? bytes.endIndex)], as: UTF8.self)
        var value = colon.map { bytes[bytes.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let text = String(decoding: value, as: UTF8.self)
        switch name {
        case "event":
            eventName = text
        case "data":
            if hasData { data += "\n" }
            data += text
            hasData = true
        case "id":
            if !text.contains("\0") { lastEventId = text }
        case "retry":
            if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                retry = Int(text)
            }
        default:
            break  // unknown fields are ignored
        }
        return nil
    }

    /// A blank line: the event so far, if it has data; either way the next starts afresh.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventName = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(id: lastEventId, name: eventName.isEmpty ? "message" : eventName, data: data)
    }
}
