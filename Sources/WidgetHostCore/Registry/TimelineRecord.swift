import Foundation
import WidgetPayload

/// What the registry knows about one kind in one family.
public struct TimelineRecord: Sendable {
    public let key: TimelineKey
    public let bundleName: String
    public let bundlePath: String
    /// The configuration the provider is called with: the instance's, nil for an implicit
    /// instance (every parameter at its default).
    public package(set) var configuration: [String: JSONValue]?
    /// The last good timeline; a failed reload keeps it.
    public package(set) var timeline: WidgetTimeline?
    /// The host clock when `timeline` was fetched.
    public package(set) var fetchedAt: Date?
    /// How long the call that fetched `timeline` took.
    public package(set) var callDuration: Duration?
    /// The most recent thing that went wrong, and when.
    public package(set) var lastError: RecordedError?
    /// The most recent completion the provider, or an intent performed for this widget, got
    /// wrong (a second answer, or one after the timeout). Kept apart from `lastError`, which the next failed call replaces: a late answer
    /// and the timeout it came after race to be last, and neither should hide the other.
    public package(set) var lastCompletionViolation: RecordedError?
    /// When a reload of this kind was last asked for (by the bundle, an app or the CLI), if no
    /// call has answered it yet.
    public package(set) var reloadRequestedAt: Date?
    /// Whether the pending request was forced by the user: exempt from budget and backoff.
    public package(set) var reloadForced = false
    /// How many reload requests have been made; tells a request made during a fetch from one
    /// the fetch answers, even when the clock stands still.
    package var reloadRequestCount = 0
    /// What the scheduler remembers: budget spent, failures in a row, the last call.
    public package(set) var schedule = KindSchedule()
    /// The registry's revision of this record's last change (`TimelineRegistry.records(changedAfter:)`).
    var revision: UInt64 = 0

    init(key: TimelineKey, widget: WidgetDescriptor) {
        self.key = key
        self.bundleName = widget.bundleName
        self.bundlePath = widget.bundlePath
    }

    /// A record read back from the registry database.
    package init(key: TimelineKey, bundleName: String, bundlePath: String) {
        self.key = key
        self.bundleName = bundleName
        self.bundlePath = bundlePath
    }

    /// Whether a reload has been asked for and not yet answered by a call.
    public var hasPendingRequest: Bool { reloadRequestedAt != nil }

    /// The entry to show at `date`; nil before the first entry or without a timeline.
    public func entry(at date: Date) -> WidgetEntry? {
        timeline?.entry(at: date)
    }
}

/// An error the registry keeps against a kind.
public struct RecordedError: Sendable, CustomStringConvertible {
    public enum Cause: Sendable {
        case call(ProviderCall, ProviderCallError)
        case completion(CompletionViolation)
        /// An intent performed for this widget completed twice, or after the host stopped
        /// waiting (`IntentViolationLog`).
        case intentCompletion(IntentCompletionViolation)
        /// An intent performed for this widget failed (threw, timed out, its worker died); no
        /// reload was made for it.
        case perform(PerformFailure)
        /// An error recorded before the host restarted, as the registry database kept it.
        case restored(code: String, description: String)
        /// A timeline arrived whose entry at `entryIndex` has a view the host cannot read. The
        /// timeline is kept; that entry is drawn as its content card with an error badge.
        case malformedView(ProviderCall, entryIndex: Int, ViewTreeError)
    }

    public let cause: Cause
    public let at: Date

    public init(cause: Cause, at: Date) {
        self.cause = cause
        self.at = at
    }

    /// A completion got wrong, by a provider or an intent: kept apart in
    /// `TimelineRecord.lastCompletionViolation` as well.
    var isCompletionViolation: Bool {
        switch cause {
        case .completion, .intentCompletion: true
        case .call, .perform, .restored, .malformedView: false
        }
    }

    /// A stable identifier of what went wrong (`timedOut`, `secondCompletion`, …).
    public var code: String {
        switch cause {
        case .call(_, let error): error.code
        case .completion(let violation): violation.isSecondCompletion ? "secondCompletion" : "lateCompletion"
        case .intentCompletion(let violation): violation.isSecondCompletion ? "intentSecondCompletion" : "intentLateCompletion"
        case .perform: "performFailed"
        case .restored(let code, _): code
        case .malformedView: "malformedView"
        }
    }

    public var description: String {
        switch cause {
        case .call(let call, let error): "\(call.rawValue): \(error)"
        case .completion(let violation): violation.description
        case .intentCompletion(let violation): violation.description
        case .perform(let failure): failure.description
        case .restored(_, let description): description
        case .malformedView(let call, let index, let error): "\(call.rawValue): entry \(index): \(error)"
        }
    }
}
