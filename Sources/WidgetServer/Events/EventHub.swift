import Foundation
import Synchronization

/// Fans the daemon's events out to event-stream clients. Every event gets the next id, and the
/// last `backlogSize` are kept, so a client reconnecting with `Last-Event-ID` gets exactly the
/// events it missed (those still in the backlog).
public final class EventHub: Sendable {
    public struct SubscriberLimitReached: Error, Sendable {
        public let limit: Int
    }

    private struct State {
        var lastId: UInt64 = 0
        var backlog: [ServerEvent] = []
        var subscribers: [UInt64: AsyncStream<ServerEvent>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
    }

    private let state = Mutex(State())
    public let backlogSize: Int
    public let maximumSubscribers: Int

    public init(backlogSize: Int = 1_024, maximumSubscribers: Int = 256) {
        self.backlogSize = max(1, backlogSize)
        self.maximumSubscribers = maximumSubscribers
    }

    public var lastId: UInt64 { state.withLock { $0.lastId } }
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Gives the event the next id, keeps it in the backlog and hands it to every subscriber.
    @discardableResult
    public func publish(name: String, data: String) -> ServerEvent {
        state.withLock { state in
            state.lastId += 1
            let event = ServerEvent(id: state.lastId, name: name, data: data)
            state.backlog.append(event)
            if state.backlog.count > backlogSize { state.backlog.removeFirst(state.backlog.count - backlogSize) }
            for continuation in state.subscribers.values { continuation.yield(event) }
            return event
        }
    }

    /// A stream of every event after `lastEventId` (from the backlog, then live), or of live
    /// events only when nil. The backlog and the live events are taken under one lock, so no
    /// event falls between them or comes twice.
    public func subscribe(after lastEventId: UInt64?) throws(SubscriberLimitReached) -> AsyncStream<ServerEvent> {
        // A client too slow to read `backlogSize` events loses the oldest; it sees the gap in
        // the ids and can reconnect with Last-Event-ID, rather than growing memory without end.
        let (stream, continuation) = AsyncStream<ServerEvent>.makeStream(bufferingPolicy: .bufferingNewest(backlogSize * 2))
        let subscriber: UInt64? = state.withLock { state in
            guard state.subscribers.count < maximumSubscribers else { return nil }
            if let lastEventId {
                for event in state.backlog where event.id > lastEventId { continuation.yield(event) }
            }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let subscriber else {
            continuation.finish()
            throw SubscriberLimitReached(limit: maximumSubscribers)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: subscriber) }
        }
        return stream
    }

    /// Ends every stream (the daemon is stopping).
    public func finishAll() {
        let continuations = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
