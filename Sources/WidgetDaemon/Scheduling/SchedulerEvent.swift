import Foundation
import WidgetStoreModel
import WidgetHostCore

/// What the scheduler and the daemon report as they go: `widgethost run` prints one line per
/// event, the simulation keeps the calls, tests assert on them.
public enum SchedulerEvent: Sendable {
    /// The daemon is up; `restored` records came back from the registry database.
    case started(restored: Int)
    /// A timeline call the scheduler made, and what it plans next for that kind and family.
    case called(TimelineKey, CallSummary, next: PlannedReload)
    /// The entry shown for a kind and family changed: its date came, or a reload replaced it.
    case entryBecameCurrent(TimelineKey, WidgetEntry, index: Int, count: Int, at: Date)
    /// Reload requests from apps or the CLI reached the host through the shared store.
    case requestsReceived([ReloadRequest])
    /// A saved row could not be read back; that kind is fetched afresh.
    case restoreProblem(RegistryRowProblem)
    /// The registry database refused a write; the in-memory registry carries on.
    case persistenceFailed(RegistryDatabaseError)
    /// Reload requests could not be read from, or acknowledged in, the shared store.
    case storeFailed(StoreError)
    /// The data folder is open to other users and could not be tightened; reported once.
    case dataFolderNotPrivate(DataFolderPrivacyWarning)
    /// Instances were added, reconfigured or removed (`widgethost instances`, the gallery), or
    /// some are unavailable (their kind is not loaded).
    case instancesChanged(InstanceSync)
    /// A loaded bundle's file changed on disk; its kinds are reloaded with the new code.
    case bundleChanged(path: String, kinds: [String])
    /// A loaded bundle's file was deleted or moved away; its kinds keep their last entries and
    /// are not called until a file is back at `path` (then `bundleChanged`).
    case bundleRemoved(path: String, kinds: [String])
    /// An intent completed twice, or late; recorded against `key`, the widget it was performed
    /// for (nil when its perform named none).
    case intentViolation(IntentCompletionViolation, key: TimelineKey?)
    /// A shutdown signal arrived; in-flight calls are finishing.
    case stopping(inFlight: Int)
    case stopped
}
