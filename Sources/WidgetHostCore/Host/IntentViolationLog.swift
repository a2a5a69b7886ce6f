import Foundation
import Synchronization

/// The perform completions bundles got wrong (a second answer, a late one), in process or in a
/// worker. Each is kept here and, when the perform named the widget it was made for (a tap on
/// that widget, `widgethost perform`), also recorded against that widget's key in the registry,
/// where `status`, the server's widget states and the registry database show record errors.
public final class IntentViolationLog: Sendable {
    /// Enough to show what went wrong lately without growing for ever.
    private static let capacity = 100
    private let entries = Mutex<[IntentCompletionViolation]>([])
    /// The widget each intent was last performed for. A worker's report names the kind and the
    /// intent, not the widget (the protocol carries no key, and the ABI no widget), so it is
    /// recorded against the widget of the latest perform of that intent: exact unless the same
    /// intent is performed for two widgets at once and the earlier one then misbehaves.
    private let targets = Mutex<[IntentSite: TimelineKey]>([:])
    private let observers = Mutex<[@Sendable (IntentCompletionViolation, TimelineKey?) -> Void]>([])
    private let registry: TimelineRegistry
    private let clock: any HostClock

    init(registry: TimelineRegistry, clock: any HostClock) {
        self.registry = registry
        self.clock = clock
    }

    /// Oldest first.
    public var violations: [IntentCompletionViolation] { entries.withLock { $0 } }

    /// Calls `observer` after each violation is recorded, with the widget it was recorded
    /// against (nil when its perform named none), on whatever thread the bundle completed on:
    /// keep it quick. Observers are never removed; the daemon and the server add one each.
    public func observe(_ observer: @escaping @Sendable (IntentCompletionViolation, TimelineKey?) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Notes that `intent` of `key.kind` is being performed for `key`, before the call, so a
    /// violation reported without a key (a worker's) still finds its widget.
    func notePerform(of intent: String, for key: TimelineKey) {
        targets.withLock { $0[IntentSite(kind: key.kind, intent: intent)] = key }
    }

    /// Records `violation` against `key`, or without one against the widget its intent was last
    /// performed for.
    package func record(_ violation: IntentCompletionViolation, for key: TimelineKey? = nil) {
        entries.withLock { entries in
            entries.append(violation)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
        let key = key ?? targets.withLock { $0[IntentSite(kind: violation.kind, intent: violation.intent)] }
        if let key {
            registry.recordError(RecordedError(cause: .intentCompletion(violation), at: clock.now), for: key)
        }
        for observer in observers.withLock({ $0 }) { observer(violation, key) }
    }
}

/// One intent of one kind.
private struct IntentSite: Hashable {
    let kind: String
    let intent: String
}
