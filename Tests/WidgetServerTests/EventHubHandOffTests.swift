import Foundation
import Synchronization
import Testing
import TestSupport
@testable import WidgetServer

/// Publishing is a hand-off (issue 38): the hub never calls a subscriber while it holds its lock,
/// so a subscriber that waits on whoever is unsubscribing cannot wedge the daemon, and a stuck
/// subscriber never holds up a publisher.
@Suite("Event hub: publishing never waits on a subscriber")
struct EventHubHandOffTests {
    /// The daemon's deadlock, step by step and without luck: a client's task is being cancelled
    /// (the runtime holds its status record, modelled by `statusRecord`) and its stream's
    /// termination handler unsubscribes, while `publish` hands that client an event (which needs
    /// the status record). Before the fix, `publish` held the hub's lock while it delivered, and
    /// both sides waited for ever. The canceller unsubscribes only once `publish` has returned
    /// with the delivery still blocked on the status record, so the order of the steps is the
    /// hub's doing, not the scheduler's (a busy run once saw the publishing thread record its
    /// return after the delivery had ended); a `publish` that waited on the delivery never
    /// returns, and the canceller never unsubscribes.
    @Test func aSubscriberLeavingWhileAnEventIsDeliveredToItDoesNotDeadlock() async throws {
        let hub = EventHub(backlogSize: 8, maximumSubscribers: 4)
        let statusRecord = NSLock()
        let steps = EventLog<Step>()
        let probe = ProbeSubscriber { event in
            steps.append(.deliveryStarted)
            statusRecord.lock()
            statusRecord.unlock()
            steps.append(.delivered(event.id))
        }
        let id = try hub.subscribe(probe, after: nil)

        Thread.detachNewThread {
            // The cancelling task: holds the status record until its termination handler is done.
            statusRecord.lock()
            defer { statusRecord.unlock() }
            steps.append(.cancellerHoldsStatusRecord)
            guard steps.waitOnThread(until: { $0.contains(.deliveryStarted) && $0.contains(.published) }) else { return }
            hub.unsubscribe(id)
            steps.append(.unsubscribed)
        }
        try await steps.wait(for: "the canceller to hold the status record", hangGuard: .seconds(60)) {
            $0.contains(.cancellerHoldsStatusRecord)
        }
        Thread.detachNewThread {
            hub.publish(name: "entry", data: "{}")
            steps.append(.published)
        }
        let seen = try await steps.wait(for: "publish, unsubscribe and the delivery to all finish", hangGuard: .seconds(60)) {
            $0.contains(.published) && $0.contains(.unsubscribed) && $0.contains(.delivered(1))
        }
        #expect(hub.subscriberCount == 0)
        #expect(seen.firstIndex(of: .published)! < seen.firstIndex(of: .delivered(1))!, "publish returned before the delivery ended")
    }

    /// A subscriber stuck in a delivery holds up no publisher: every `publish` returns, and the
    /// subscriber still gets every event, in order, once it moves again.
    @Test func aStuckSubscriberHoldsUpNoPublisher() async throws {
        let hub = EventHub(backlogSize: 256, maximumSubscribers: 4)
        // Closed until the test opens it; then every delivery passes.
        let gate = DispatchSemaphore(value: 0)
        let received = EventLog<UInt64>()
        let probe = ProbeSubscriber { event in
            gate.wait()
            gate.signal()
            received.append(event.id)
        }
        _ = try hub.subscribe(probe, after: nil)
        // On a thread, so that a publish that waited for the subscriber fails the test, not hangs it.
        let published = EventLog<Int>()
        Thread.detachNewThread {
            for index in 1...100 { hub.publish(name: "entry", data: "\(index)") }
            published.append(100)
        }
        try await published.wait(for: "every publish to return", hangGuard: .seconds(60)) { !$0.isEmpty }
        #expect(hub.lastId == 100)
        #expect(received.all.isEmpty, "the subscriber is still stuck in its first delivery")
        gate.signal()
        let ids = try await received.wait(for: "every event to reach the subscriber", hangGuard: .seconds(60)) { $0.count == 100 }
        #expect(ids == Array(1...100))
    }

    /// The daemon's shape with real streams: clients whose tasks are cancelled (as a task group
    /// cancels a connection's tasks when its client leaves) while another thread publishes.
    @Test func clientsCancelledWhilePublishingLeaveAndTheHubGoesOn() async throws {
        let hub = EventHub(backlogSize: 64, maximumSubscribers: 64)
        let publisher = Publisher()
        Thread.detachNewThread {
            // A burst for each round of clients, racing their cancellation. Publishing without
            // pause for the whole test kept a core busy while the rest of the suite ran: a
            // twelfth of the unit suite's CPU time.
            while true {
                publisher.go.wait()
                if publisher.stopped.load(ordering: .relaxed) { return }
                for _ in 0..<Publisher.burst {
                    hub.publish(name: "entry", data: "{}")
                    publisher.count.add(1, ordering: .relaxed)
                }
            }
        }
        defer {
            publisher.stopped.store(true, ordering: .relaxed)
            publisher.go.signal()
        }
        for _ in 0..<50 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    guard let events = try? hub.subscribe(after: nil) else { continue }
                    group.addTask { for await _ in events {} }
                }
                publisher.go.signal()
                group.cancelAll()
            }
        }
        try await waitUntil("every cancelled client to be unsubscribed", hangGuard: .seconds(60)) { hub.subscriberCount == 0 }
        try await waitUntil("every burst to be published", hangGuard: .seconds(60)) {
            publisher.count.load(ordering: .relaxed) == 50 * Publisher.burst
        }
        publisher.go.signal()
        try await waitUntil("the publisher to go on", hangGuard: .seconds(60)) {
            publisher.count.load(ordering: .relaxed) == 51 * Publisher.burst
        }
    }
}

/// The publishing thread's state (an `Atomic` cannot be captured itself).
private final class Publisher: Sendable {
    /// Events published for each signal of `go`.
    static let burst = 200
    let go = DispatchSemaphore(value: 0)
    let stopped = Atomic<Bool>(false)
    let count = Atomic<Int>(0)
}

private enum Step: Sendable, Equatable {
    case cancellerHoldsStatusRecord, deliveryStarted, delivered(UInt64), unsubscribed, published
}

/// A subscriber whose delivery the test scripts.
private struct ProbeSubscriber: EventSubscriber {
    let onDeliver: @Sendable (ServerEvent) -> Void
    init(_ onDeliver: @escaping @Sendable (ServerEvent) -> Void) { self.onDeliver = onDeliver }
    func deliver(_ event: ServerEvent) { onDeliver(event) }
    func finish() {}
}

extension EventLog {
    /// `wait`, for a plain thread that must not return before the condition holds: false if it
    /// still does not after a minute (the test then fails on its own wait).
    fileprivate func waitOnThread(until condition: @escaping @Sendable ([Event]) -> Bool) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await wait(for: "a step of the test", hangGuard: .seconds(60), until: condition)
            done.signal()
        }
        done.wait()
        return condition(all)
    }
}
