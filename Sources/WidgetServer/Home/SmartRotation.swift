import Foundation
import Synchronization
import WidgetDaemon
import WidgetHostCore
import WidgetStore
import WidgetStoreModel

/// The daemon's hand on Smart Rotate: when a member's current entry may have changed (a new
/// timeline, an entry coming due, instances changing) or the stacks did (a stack made, a member
/// added, Smart Rotate turned on), it applies `SmartRotate` to every stack and writes what moved
/// to the shared store. The store's wake-up then tells every home screen (`/home` through the
/// `home` event, `widgethost desktop` through its own listener), which all show the stored member,
/// so they agree. It is told of changes; nothing polls. The one thing no event tells of, a
/// relevance whose `duration` runs out while its entry is current, is an alarm on the host's
/// clock at the earliest such moment, set only while one is pending.
public final class SmartRotation: Sendable {
    private let host: BundleHost
    private let store: LazySharedStore
    /// Told when the store cannot be read or written, a line each.
    private let report: @Sendable (String) -> Void
    /// One pass at a time, off the caller's thread (the scheduler's handler must not block), on
    /// a thread of its own that sleeps until asked: no libdispatch queue, whose pool would wake
    /// an idle daemon (`DaemonExecutor` says why).
    private let worker = RotationThread()
    /// Whether a pass is asked for and not started: asks meanwhile are covered by it.
    private let queued = Atomic<Bool>(false)
    private let listener = Mutex<HomeLayoutListener?>(nil)
    /// The alarm for the next relevance to run out, and its date.
    private let expiry = Mutex<(date: Date, alarm: ClockAlarm)?>(nil)

    public init(host: BundleHost, store: LazySharedStore, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.host = host
        self.store = store
        self.report = report
    }

    /// Follows the home layout (a stack made or changed re-ranks it at once) until `stop()`.
    public func start() throws(HostWakeupError) {
        let made = try HomeLayoutListener(location: store.location) { [weak self] in self?.review() }
        listener.withLock { $0 = made }
        review()
    }

    public func stop() {
        listener.withLock { listener in
            listener?.stop()
            listener = nil
        }
        expiry.withLock { expiry in
            expiry?.alarm.cancel()
            expiry = nil
        }
    }

    /// What the daemon tells: the events after which a member's current entry may differ.
    public func schedulerEvent(_ event: SchedulerEvent) {
        switch event {
        case .entryBecameCurrent, .called, .instancesChanged, .started: review()
        default: break
        }
    }

    /// Asks for a pass soon, on its thread; asks made before it starts share it.
    public func review() {
        guard !queued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        worker.run { [weak self] in
            guard let self else { return }
            queued.store(false, ordering: .releasing)
            do {
                try apply(at: host.clock.now)
            } catch {
                report("Smart Rotate could not update the home screen's stacks: \(error)")
            }
        }
    }

    deinit { worker.finish() }

    /// Applies Smart Rotate to every stack at `date`, now, on the caller's thread; the stacks
    /// that changed.
    @discardableResult
    public func apply(at date: Date) throws(StoreError) -> [HomeStack] {
        let store = try store.open()
        let stacks = try store.homeStacks().filter(\.smartRotate)
        guard !stacks.isEmpty else {
            setExpiry(nil)
            return []
        }
        let instances = Dictionary(try store.instances().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let registry = host.registry
        let timeline = { (key: TimelineKey) in registry.record(for: key)?.timeline }
        let changed = try store.rotateStacks { stack in
            SmartRotate.apply(to: stack, scores: SmartRotate.scores(of: stack, instances: instances, at: date, timeline: timeline))
        }
        setExpiry(stacks.compactMap { SmartRotate.nextExpiry(of: $0, instances: instances, at: date, timeline: timeline) }.min())
        return changed
    }

    /// Sets the alarm for `date` (replacing another), or none for nil.
    private func setExpiry(_ date: Date?) {
        expiry.withLock { expiry in
            guard expiry?.date != date else { return }
            expiry?.alarm.cancel()
            expiry = date.map { date in (date, host.clock.schedule(at: date) { [weak self] in self?.review() }) }
        }
    }
}

/// A thread that runs one job at a time, sleeping on a semaphore in between (no timer, no pool),
/// started with the first job and ended by `finish()`.
private final class RotationThread: Sendable {
    private let jobs = Mutex<(pending: [@Sendable () -> Void], started: Bool, finished: Bool)>(([], false, false))
    private let wake = DispatchSemaphore(value: 0)

    func run(_ job: @escaping @Sendable () -> Void) {
        let start = jobs.withLock { jobs -> Bool in
            guard !jobs.finished else { return false }
            jobs.pending.append(job)
            defer { jobs.started = true }
            return !jobs.started
        }
        if start {
            // The thread holds this object, not its owner (jobs hold that weakly), so the owner
            // can go; its deinit's `finish()` ends the thread.
            Thread.detachNewThread { [self] in
                ThreadName.setCurrent("wh.smart-rotate")
                while true {
                    wake.wait()
                    let (next, finished) = jobs.withLock { jobs in
                        (jobs.pending.isEmpty ? nil : jobs.pending.removeFirst(), jobs.finished)
                    }
                    if finished { return }
                    next?()
                }
            }
        }
        wake.signal()
    }

    func finish() {
        jobs.withLock { $0.finished = true }
        wake.signal()
    }
}
