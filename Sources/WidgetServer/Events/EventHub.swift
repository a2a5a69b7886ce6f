import Dispatch
import Foundation
import Synchronization

/// Fans the daemon's events out to event-stream clients. Every event gets the next id, and the
/// last `backlogSize` are kept, so a client reconnecting with `Last-Event-ID` gets exactly the
/// events it missed (those still in the backlog).
///
/// Publishing is a hand-off that cannot block: `publish` numbers the event and puts its
/// delivery in the outbox under the hub's lock, and returns. The subscribers are called on the hub's delivery
/// queue, never with the lock held, because a subscriber can wait on something that waits on the
/// lock: an `AsyncStream` continuation's `yield` waits for the consuming task's status record,
/// which a task group cancelling that task holds while it runs the stream's termination handler,
/// which unsubscribes (issue 38 was that deadlock). A slow, stuck or leaving client therefore
/// costs only itself: its stream keeps the newest events it has not read, and the scheduler,
/// the store's wake-up thread and every other client go on.
public final class EventHub: Sendable {
    public struct SubscriberLimitReached: Error, Sendable {
        public let limit: Int
    }

    /// What the delivery queue is to do for some subscribers, in the order it was decided.
    private enum Delivery {
        case events([ServerEvent], to: [any EventSubscriber])
        case finish([any EventSubscriber])
    }

    private struct State {
        var lastId: UInt64 = 0
        var backlog: [ServerEvent] = []
        var subscribers: [UInt64: any EventSubscriber] = [:]
        /// Appended under the lock that numbers the events, so in the ids' order; drained, in
        /// that order, on the delivery queue.
        var outbox: [Delivery] = []
    }

    private let state = Mutex(State())
    private let nextSubscriber = Atomic<UInt64>(0)
    /// Where the subscribers are called: woken after the lock is released, it takes the whole
    /// outbox and calls them outside the lock.
    private let delivery = DispatchQueue(label: "widgethost.events.delivery")
    public let backlogSize: Int
    public let maximumSubscribers: Int

    public init(backlogSize: Int = 1_024, maximumSubscribers: Int = 256) {
        self.backlogSize = max(1, backlogSize)
        self.maximumSubscribers = maximumSubscribers
    }

    public var lastId: UInt64 { state.withLock { $0.lastId } }
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Gives the event the next id, keeps it in the backlog and queues it for every subscriber
    /// there is now; returns without waiting for any of them.
    @discardableResult
    public func publish(name: String, data: String) -> ServerEvent {
        let event = state.withLock { state in
            state.lastId += 1
            let event = ServerEvent(id: state.lastId, name: name, data: data)
            state.backlog.append(event)
            if state.backlog.count > backlogSize { state.backlog.removeFirst(state.backlog.count - backlogSize) }
            if !state.subscribers.isEmpty { state.outbox.append(.events([event], to: Array(state.subscribers.values))) }
            return event
        }
        deliverLater()
        return event
    }

    /// A stream of every event after `lastEventId` (from the backlog, then live), or of live
    /// events only when nil. The backlog and the live events are taken under one lock, so no
    /// event falls between them or comes twice.
    public func subscribe(after lastEventId: UInt64?) throws(SubscriberLimitReached) -> AsyncStream<ServerEvent> {
        // A client too slow to read `backlogSize` events loses the oldest; it sees the gap in
        // the ids and can reconnect with Last-Event-ID, rather than growing memory without end.
        let (stream, continuation) = AsyncStream<ServerEvent>.makeStream(bufferingPolicy: .bufferingNewest(backlogSize * 2))
        let id = try subscribe(continuation, after: lastEventId)
        // Runs on whatever thread ends the stream, possibly with that task's status record held:
        // it only takes the hub's lock, which is never held while a subscriber is called.
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    /// Adds `subscriber`, which first gets the backlog after `lastEventId`; returns its id for
    /// `unsubscribe`. The one way in for every kind of subscriber.
    func subscribe(_ subscriber: any EventSubscriber, after lastEventId: UInt64?) throws(SubscriberLimitReached) -> UInt64 {
        let id = nextSubscriber.add(1, ordering: .relaxed).newValue
        let added = state.withLock { state -> Bool in
            guard state.subscribers.count < maximumSubscribers else { return false }
            state.subscribers[id] = subscriber
            if let lastEventId {
                let missed = state.backlog.filter { $0.id > lastEventId }
                // In the outbox before any live event published after this lock is released.
                if !missed.isEmpty { state.outbox.append(.events(missed, to: [subscriber])) }
            }
            return true
        }
        deliverLater()
        guard added else {
            subscriber.finish()
            throw SubscriberLimitReached(limit: maximumSubscribers)
        }
        return id
    }

    /// Forgets a subscriber (its client left). Safe from any thread, at any time: it only takes
    /// the hub's lock, briefly.
    func unsubscribe(_ id: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
    }

    /// Ends every stream (the daemon is stopping), after the events already queued for it.
    public func finishAll() {
        state.withLock { state in
            state.outbox.append(.finish(Array(state.subscribers.values)))
            state.subscribers.removeAll()
        }
        deliverLater()
    }

    /// Wakes the delivery queue. One wake-up may find the outbox already emptied by the one
    /// before it; every delivery is still made once, in order, since each drain takes all.
    private func deliverLater() {
        delivery.async { [self] in
            let due = state.withLock { state in
                defer { state.outbox.removeAll() }
                return state.outbox
            }
            for item in due {
                switch item {
                case .events(let events, let subscribers):
                    for event in events { for subscriber in subscribers { subscriber.deliver(event) } }
                case .finish(let subscribers):
                    for subscriber in subscribers { subscriber.finish() }
                }
            }
        }
    }
}

/// What the hub hands events to: an event stream's continuation, or a test's probe.
///
/// The hub calls both methods on its delivery queue, one call at a time, never while holding its
/// lock; an implementation may therefore take any lock, including through the hub (unsubscribing).
/// It must return promptly: a subscriber that blocks holds up the deliveries queued after it.
protocol EventSubscriber: Sendable {
    func deliver(_ event: ServerEvent)
    func finish()
}

extension AsyncStream<ServerEvent>.Continuation: EventSubscriber {
    /// Never blocks: the stream buffers (dropping its oldest past its limit) or resumes its reader.
    func deliver(_ event: ServerEvent) { yield(event) }
}
