import Dispatch
import Synchronization
import WidgetHostCore
import WidgetPayload

/// The bundle's host services inside a worker: log lines, reload requests and shared-defaults
/// calls all go to the host as messages on the channel. The worker never opens the store: the
/// host checks each defaults call's group against what the bundle declared, and answers.
///
/// Every method is called on one of the bundle's threads, and may block there while the channel
/// is full: a bundle that logs faster than the host reads is slowed down, not given memory.
final class WorkerServicesDelegate: BundleServicesDelegate {
    let channel: WorkerChannel
    /// Defaults calls waiting for the host's answer, by request number.
    private let waiting = Mutex<(next: UInt64, replies: [UInt64: PendingReply])>((0, [:]))
    /// Open once the host has the scan, and so the groups the bundle declared: a defaults call
    /// from a thread the bundle started in `init` waits for it rather than be refused.
    private let scanSent = DispatchGroup()
    /// Run on a bundle's thread about to wait for the host's answer: the thread may be the one
    /// reading the channel, which must hand the reading on first (`WorkerCallThreads`).
    private let beforeWaiting = Mutex<(@Sendable () -> Void)?>(nil)

    init(channel: WorkerChannel) {
        self.channel = channel
        scanSent.enter()
    }

    func bundleLogged(_ line: BundleLogLine) {
        // The bundle's name and path are the host's to add: it knows which worker this is.
        WorkerServer.send(.log(level: line.level, message: line.message), on: channel)
    }

    func reloadRequested(kinds: [String], bundle: String, path: String) {
        WorkerServer.send(.reloadRequested(kinds: kinds), on: channel)
    }

    /// Asks the host and blocks until it answers. If the host hangs up first, the worker exits.
    func answerDefaults(_ request: DefaultsRequest, in group: AppGroupID, bundle: String) -> DefaultsReply {
        scanSent.wait()
        let pending = PendingReply()
        let id = waiting.withLock { waiting in
            waiting.next += 1
            waiting.replies[waiting.next] = pending
            return waiting.next
        }
        WorkerServer.send(.defaults(id: id, group: group.rawValue, request: request), on: channel)
        beforeWaiting.withLock { $0 }?()
        return pending.wait()
    }

    /// Runs `action` on each bundle thread about to wait for the host, from now on.
    func beforeWaitingForHost(_ action: @escaping @Sendable () -> Void) {
        beforeWaiting.withLock { $0 = action }
    }

    /// The scan has been sent: defaults calls may go to the host from now on.
    func scanWasSent() {
        scanSent.leave()
    }

    /// The host's answer to request `id`; one nobody waits for is the host's bug, and dropped.
    func received(_ reply: DefaultsReply, for id: UInt64) {
        guard let pending = waiting.withLock({ $0.replies.removeValue(forKey: id) }) else {
            WorkerExit.complain("the host answered defaults request \(id), which nobody asked; dropped")
            return
        }
        pending.deliver(reply)
    }
}

/// One defaults call's answer, handed from the thread that read it to the bundle's thread.
private final class PendingReply: Sendable {
    private let reply = Mutex<DefaultsReply?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    func deliver(_ answer: DefaultsReply) {
        reply.withLock { $0 = answer }
        arrived.signal()
    }

    func wait() -> DefaultsReply {
        arrived.wait()
        // Set before the signal that ended the wait.
        return reply.withLock { $0! }
    }
}
