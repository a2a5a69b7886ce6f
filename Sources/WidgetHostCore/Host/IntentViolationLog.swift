import Synchronization

/// The perform completions bundles got wrong (a second answer, a late one), in process or in a
/// worker: a perform belongs to no timeline key, so they are kept here rather than against one.
public final class IntentViolationLog: Sendable {
    /// Enough to show what went wrong lately without growing for ever.
    private static let capacity = 100
    private let entries = Mutex<[IntentCompletionViolation]>([])

    public init() {}

    /// Oldest first.
    public var violations: [IntentCompletionViolation] { entries.withLock { $0 } }

    package func record(_ violation: IntentCompletionViolation) {
        entries.withLock { entries in
            entries.append(violation)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }
}
