/// One event of a `text/event-stream`, as the HTML standard's EventSource dispatches it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The last `id:` seen up to this event (ids carry over to later events); empty if none.
    public let id: String
    /// The `event:` field; `message` when there was none.
    public let name: String
    /// The `data:` lines joined with newlines.
    public let data: String

    public init(id: String, name: String, data: String) {
        self.id = id
        self.name = name
        self.data = data
    }
}
