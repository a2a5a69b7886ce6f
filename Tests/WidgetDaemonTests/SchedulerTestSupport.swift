import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetApp
import WidgetStore
@testable import WidgetHostCore
@testable import WidgetDaemon

/// What a scheduler reported, in order: the calls it made and the entries that became current.
final class SchedulerEventLog: Sendable {
    private let events = Mutex<[SchedulerEvent]>([])

    func append(_ event: SchedulerEvent) {
        events.withLock { $0.append(event) }
    }

    /// Every call made for `key`, in the order they were reported.
    func calls(for key: TimelineKey) -> [CallSummary] {
        events.withLock { events in
            events.compactMap { event in
                guard case .called(let calledKey, let call, _) = event, calledKey == key else { return nil }
                return call
            }
        }
    }

    var callCount: Int {
        events.withLock { events in
            events.count { if case .called = $0 { true } else { false } }
        }
    }

    /// Every `entryBecameCurrent` of `key`: which entry, out of how many, and when.
    func currentEntries(for key: TimelineKey) -> [(index: Int, entry: WidgetEntry, at: Date)] {
        events.withLock { events in
            events.compactMap { event in
                guard case .entryBecameCurrent(let shownKey, let entry, let index, _, let at) = event, shownKey == key
                else { return nil }
                return (index, entry, at)
            }
        }
    }
}

/// A host over a private copy of one bundle (the scripted fixture or a sample), on a virtual
/// clock, with a private store and a scheduler whose events are logged.
///
/// A private copy is a library of its own for dlopen: its call counters are this test's, and its
/// host services report to this host and read this store, whatever other suites load.
final class SchedulerHarness: Sendable {
    /// 2026-01-01T00:00:00Z. Every offset the tests use is a whole second (or a binary fraction),
    /// exact through the seconds since 1970 a provider sees.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let scriptedGroup = "group.dev.widgethost.scripted"
    static let scriptedKinds = ["ScriptedAtEnd", "ScriptedAfter", "ScriptedNever"]

    let folder: URL
    let clock: VirtualClock
    let host: BundleHost
    /// The host's store, the shared one: the tests steer the fixtures through it as an app does.
    let store: SharedStore
    let settings: SchedulerSettings
    let database: RegistryDatabase?
    let scheduler: ReloadScheduler
    let log = SchedulerEventLog()

    /// A harness over a private copy of Tests/Fixtures/Bundles/scripted.c.
    static func scripted(
        settings: SchedulerSettings = SchedulerSettings(), persisted: Bool = false, callTimeout: Double = SchedulerHarness.callLimit
    ) async throws -> SchedulerHarness {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-scheduler")
        try FileManager.default.copyItem(
            at: try await FixtureBundles.bundle("scripted"), to: folder.appendingPathComponent("scripted.so"))
        return try SchedulerHarness(folder: folder, settings: settings, persisted: persisted, callTimeout: callTimeout)
    }

    /// A harness over a private copy of a sample bundle built by `swift build`.
    static func sample(_ product: String, settings: SchedulerSettings = SchedulerSettings()) throws -> SchedulerHarness {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-scheduler")
        try TestPaths.copyBundle(TestPaths.sampleBundle(product), into: folder)
        return try SchedulerHarness(folder: folder, settings: settings, persisted: false)
    }

    /// The calls' limit: the tests' hang guard (180 s). These tests are about scheduling, not
    /// timeouts. 10 s, then 60 s, were both reached on a two-core machine: an in-process
    /// provider's async work (FishGo's perform) waits in the cooperative pool's queue behind
    /// every suite's tasks, and some of those block their thread on a process or a build.
    static let callLimit = hangGuardSeconds

    private init(folder: URL, settings: SchedulerSettings, persisted: Bool, callTimeout: Double = SchedulerHarness.callLimit) throws {
        self.folder = folder
        self.settings = settings
        let location = TestStore.temporaryLocation()
        clock = VirtualClock(start: Self.start)
        store = try SharedStore.open(location)
        host = BundleHost(HostConfiguration(
            searchPath: Self.searchPath(folder), limits: CallLimits(timeout: callTimeout), clock: clock, storeLocation: location,
            store: store))
        database = persisted ? try RegistryDatabase.open(location) : nil
        let log = self.log
        scheduler = ReloadScheduler(host: host, settings: settings, database: database) { log.append($0) }
        #expect(host.bundles.catalog.widgets.isEmpty == false, "no widget loaded from \(folder.path)")
    }

    static func searchPath(_ folder: URL) -> BundleSearchPath {
        BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)])
    }

    static func key(_ kind: String, _ family: WidgetFamily = .systemSmall) -> TimelineKey {
        TimelineKey(kind: kind, family: family)
    }

    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    // MARK: Looking

    func record(_ kind: String, _ family: WidgetFamily = .systemSmall, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimelineRecord {
        try #require(host.registry.record(for: Self.key(kind, family)), "no record for \(kind)", sourceLocation: sourceLocation)
    }

    /// What the planner says about `kind` now.
    func plan(_ kind: String, _ family: WidgetFamily = .systemSmall, sourceLocation: SourceLocation = #_sourceLocation) throws -> PlannedReload {
        ReloadPlanner.plan(for: try record(kind, family, sourceLocation: sourceLocation), settings: settings, now: clock.now)
    }

    func calls(_ kind: String, _ family: WidgetFamily = .systemSmall) -> [CallSummary] {
        log.calls(for: Self.key(kind, family))
    }

    /// The call count the scripted fixture put in the current timeline's content.
    func n(_ kind: String) -> JSONValue? {
        host.registry.record(for: Self.key(kind))?.timeline?.entries.first?.content["n"]
    }

    // MARK: Steering the scripted fixture

    var defaults: SharedDefaults { SharedDefaults(suiteName: Self.scriptedGroup, location: host.storeLocation) }

    func setFailing(_ kind: String, _ failing: Bool) throws {
        try defaults.set(failing, forKey: "\(kind).fail")
    }

    func setDelay(_ kind: String, milliseconds: Int) throws {
        try defaults.set(milliseconds, forKey: "\(kind).delayMs")
    }

    // MARK: Moving the clock

    /// Makes what is due now and reports the entries that became current.
    @discardableResult
    func reloadDue() async -> [CallSummary] {
        let calls = await scheduler.reloadDue()
        scheduler.announceCurrentEntries()
        return calls
    }

    /// Moves the clock to the scheduler's next wake date (if any, and not after `limit`) and
    /// does what is due there; returns the date, or nil when nothing happens by `limit`.
    @discardableResult
    func step(notAfter limit: Date = .distantFuture) async -> Date? {
        guard let next = scheduler.nextWakeDate(), next <= limit else { return nil }
        #expect(next >= clock.now, "the next wake date \(next) is before now \(clock.now)")
        clock.advance(to: next)
        await reloadDue()
        return next
    }

    /// Does what is due now, then steps wake date by wake date up to and including `end`; the
    /// clock stays at the last wake date. A bounded number of steps, so a scheduler that keeps
    /// waking at one instant fails the test instead of hanging it.
    func run(through end: Date, maximumSteps: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation) async {
        await reloadDue()
        var steps = 0
        while await step(notAfter: end) != nil {
            steps += 1
            guard steps < maximumSteps else {
                Issue.record("more than \(maximumSteps) wake-ups before \(end)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Steps until `kind` has been called `count` times in all, or fails at `limit`.
    func step(_ kind: String, untilCalls count: Int, notAfter limit: Date, sourceLocation: SourceLocation = #_sourceLocation) async {
        while calls(kind).count < count {
            guard await step(notAfter: limit) != nil else {
                Issue.record("\(kind) was called \(calls(kind).count) times by \(limit), not \(count)", sourceLocation: sourceLocation)
                return
            }
        }
    }
}

extension PlannedReload: CustomTestStringConvertible {
    public var testDescription: String {
        "PlannedReload(date: \(date.map { "start+\($0.timeIntervalSince(SchedulerHarness.start))" } ?? "nil"), "
            + "cause: \(cause?.rawValue ?? "nil"), hold: \(hold?.rawValue ?? "nil"))"
    }
}
