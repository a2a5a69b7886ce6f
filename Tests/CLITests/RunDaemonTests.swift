#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetDaemon
import WidgetStore
import WidgetStoreModel

/// `widgethost run`: the host daemon as a real process. Each test has its own data folder.
///
/// Scheduled reloads are at least 5 minutes apart, so once its initial calls are made a daemon
/// is idle for minutes: any call a test sees after that was caused by what the test did, and a
/// call that comes after a request shows the request reached the daemon (nothing in it polls).
/// Every wait is for an event the daemon prints and ends as soon as it comes; a call the daemon
/// must not make is ruled out by `callsUpToBarrier`, never by watching it for a while.
@Suite("widgethost run") struct RunDaemonTests {
    // MARK: Start-up

    @Test("a started daemon reports started, then one ok initial call per sample kind and family, then goes quiet")
    func startsAndMakesInitialCalls() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }

        let started = try await daemon.waitForEvent("started") { $0.event == "started" }
        #expect(started.restoredCount == 0, "\(started)")
        try await Self.waitForInitialCalls(daemon, keys)
        #expect(daemon.isRunning, "\(daemon.diagnostics())")

        let calls = try await Self.callsUpToBarrier(daemon, data, keys: keys, barrier: "PillarWidget")
        let events = daemon.events
        #expect(events.first?.event == "started", "\(daemon.diagnostics())")
        #expect(calls.count == keys.count, "one call per kind and family, no more:\n\(daemon.diagnostics())")
        #expect(Set(calls.compactMap(\.key)) == keys)
        for call in calls {
            #expect(call.call?.cause == "initial", "\(call)")
            #expect(call.call?.result == "ok", "\(call)")
            // Quiet by its own plan: nothing reloads sooner than the 5-minute minimum interval
            // (`.never` would have no date).
            #expect(try Self.secondsToNextReload(call) >= Self.minimumInterval, "\(call)")
        }
        #expect(!events.contains { $0.event == "error" || $0.event == "restoreProblem" }, "\(daemon.diagnostics())")
        #expect(daemon.unparsedLines.isEmpty, "\(daemon.unparsedLines)")
    }

    // MARK: Requests

    @Test("widgethost reload KIND reaches the running daemon at once, which reloads that kind's families and nothing else")
    func reloadReachesTheRunningDaemon() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await Self.waitForInitialCalls(daemon, keys)
        let mark = daemon.events.count

        let reload = try await widgethost("reload", "CounterWidget", "--format", "json", environment: Self.environment(data))
        #expect(reload.status == 0, "\(reload.standardError)")
        let reply = try #require(try json(reload) as? [String: Any], "\(reload.standardOutput)")
        #expect(reply["deliveredToRunningHost"] as? Bool == true, "\(reload.standardOutput)")

        let request = try await daemon.waitForEvent("the request", after: mark) { $0.event == "request" }
        #expect(request.requests?.map(\.kind) == ["CounterWidget"], "\(request)")
        #expect(request.requests?.first?.source == "cli", "\(request)")

        let counterKeys = keys.filter { $0.hasPrefix("CounterWidget/") }
        #expect(counterKeys.count == 3)
        try await daemon.waitUntil("a request call for every CounterWidget family") { events in
            Set(events.dropFirst(mark).filter { $0.isCall && $0.call?.cause == "request" }.compactMap(\.key))
                .isSuperset(of: counterKeys)
        }
        // Honoured requests are forgotten by the store.
        try await waitUntil("the store to forget the request") { try Self.pendingRequests(data).isEmpty }

        // Anything else the request wrongly set off is in the log by the barrier's end.
        let calls = try await Self.callsUpToBarrier(daemon, data, keys: keys, barrier: "PillarWidget", after: mark)
        #expect(calls.count == counterKeys.count, "one call per CounterWidget family, no more:\n\(daemon.diagnostics())")
        #expect(calls.allSatisfy { $0.kind == "CounterWidget" && $0.call?.cause == "request" && $0.call?.result == "ok" },
                "\(daemon.diagnostics())")
    }

    @Test("widgethost reload --force KIND makes the running daemon call that kind with cause forced")
    func forcedReload() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await Self.waitForInitialCalls(daemon, keys)
        let mark = daemon.events.count

        let reload = try await widgethost("reload", "--force", "PillarWidget", "--format", "json", environment: Self.environment(data))
        #expect(reload.status == 0, "\(reload.standardError)")
        let reply = try #require(try json(reload) as? [String: Any], "\(reload.standardOutput)")
        #expect(reply["deliveredToRunningHost"] as? Bool == true, "\(reload.standardOutput)")

        let call = try await daemon.waitForEvent("PillarWidget's call", after: mark) {
            $0.isCall && $0.key == "PillarWidget/systemSmall"
        }
        #expect(call.call?.cause == "forced", "\(call)")
        #expect(call.call?.result == "ok", "\(call)")

        let request = try #require(daemon.events.dropFirst(mark).first { $0.event == "request" }, "\(daemon.diagnostics())")
        #expect(request.requests?.map(\.kind) == ["PillarWidget"], "\(request)")
        // The event log says the request was forced, as the text log's "(forced)" does.
        #expect(request.requests?.first?.forced == true, "the request event does not say forced: \(request)")
    }

    @Test("a reload requested while no daemon runs is honoured when the daemon starts, by one call, and then forgotten")
    func requestWaitingAtStartIsHonoured() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let reload = try await widgethost("reload", "PillarWidget", "--format", "json", environment: Self.environment(data))
        #expect(reload.status == 0, "\(reload.standardError)")
        let reply = try #require(try json(reload) as? [String: Any], "\(reload.standardOutput)")
        #expect(reply["deliveredToRunningHost"] as? Bool == false, "\(reload.standardOutput)")
        #expect(try Self.pendingRequests(data).map(\.scope) == [.kind("PillarWidget")])

        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await Self.waitForCalls(daemon, keys)
        let calls = try await Self.callsUpToBarrier(daemon, data, keys: keys, barrier: "CounterWidget")

        let events = daemon.events
        let requestIndex = try #require(events.firstIndex { $0.event == "request" }, "\(daemon.diagnostics())")
        #expect(events[requestIndex].requests?.map(\.kind) == ["PillarWidget"])
        #expect(events[requestIndex].requests?.first?.source == "cli")
        // Taken at start-up, before any provider is called.
        let firstCall = try #require(events.firstIndex { $0.isCall })
        #expect(requestIndex < firstCall, "\(daemon.diagnostics())")

        // The kind has no timeline yet, and a request is waiting: one call answers both, and it
        // is logged as the request's (the planner puts a pending request before "no timeline").
        #expect(calls.count == keys.count, "one call per kind and family, no more:\n\(daemon.diagnostics())")
        for call in calls {
            let expected = call.kind == "PillarWidget" ? "request" : "initial"
            #expect(call.call?.cause == expected, "\(call)")
            #expect(call.call?.result == "ok", "\(call)")
        }
        #expect(try Self.pendingRequests(data).isEmpty, "the store still holds the honoured request")
    }

    // MARK: One daemon per data folder

    @Test("a second daemon on the same data folder exits non-zero at once, naming the lock file, and leaves the first alone")
    func secondDaemonIsRefused() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let first = try DaemonProcess(dataDirectory: data)
        defer { first.kill() }
        try await Self.waitForInitialCalls(first, keys)

        let second = try DaemonProcess(dataDirectory: data)
        defer { second.kill() }
        let status = try await second.waitForExit()
        #expect(status != 0, "\(second.diagnostics())")
        #expect(!second.terminatedBySignal, "\(second.diagnostics())")
        let lockPath = data.appendingPathComponent("daemon.lock").path
        #expect(second.standardError.contains(lockPath), "stderr should name \(lockPath):\n\(second.standardError)")
        #expect(second.standardError.contains("another widgethost daemon is running"), "\(second.standardError)")
        #expect(!second.events.contains { $0.event == "started" || $0.isCall }, "\(second.diagnostics())")

        // The first still runs and still hears requests: the second took neither its lock nor
        // its socket.
        #expect(first.isRunning, "\(first.diagnostics())")
        let mark = first.events.count
        let reload = try await widgethost("reload", "PillarWidget", "--format", "json", environment: Self.environment(data))
        #expect((try json(reload) as? [String: Any])?["deliveredToRunningHost"] as? Bool == true, "\(reload.standardOutput)")
        let call = try await first.waitForEvent("a call", after: mark) { $0.isCall }
        #expect(call.key == "PillarWidget/systemSmall", "\(call)")
    }

    // MARK: Shutdown and restart

    @Test("SIGTERM or SIGINT stops the daemon cleanly: stopping, stopped, exit 0, every timeline saved, no daemon recorded",
          arguments: [SIGTERM, SIGINT])
    func signalStopsCleanly(signal: Int32) async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await Self.waitForInitialCalls(daemon, keys)
        let mark = daemon.events.count

        daemon.signal(signal)
        let status = try await daemon.waitForExit()
        #expect(status == 0, "\(daemon.diagnostics())")
        #expect(!daemon.terminatedBySignal, "\(daemon.diagnostics())")
        // Let the reader take the last lines.
        try await daemon.waitForOutputEnd()

        let tail = daemon.events.dropFirst(mark).map(\.event).filter { $0 != "entry" }
        #expect(tail == ["stopping", "stopped"], "\(daemon.diagnostics())")
        #expect(daemon.events.last?.event == "stopped", "\(daemon.diagnostics())")
        #expect(daemon.standardError.isEmpty, "\(daemon.standardError)")

        let database = try #require(try RegistryDatabase.openIfExists(StoreLocation(directory: data)))
        let records = try database.restore().records
        let saved = Set(records.filter { $0.timeline != nil }.map { "\($0.key.kind)/\($0.key.family.rawValue)" })
        #expect(saved == keys, "saved with a timeline: \(saved.sorted())")
        #expect(try database.daemon() == nil)
    }

    /// A call that never returns (and a call timeout far beyond the test) cannot hold a
    /// signalled daemon: the stop deadline names it and ends the process (issue 38).
    @Test("SIGTERM stops a daemon whose call is stuck: the stop deadline names the call and exits 1")
    func stopDeadlineEndsAStuckStop() async throws {
        let bundles = try TestPaths.makeTemporaryDirectory("widgethost-stuck-bundles")
        for name in ["hangs", "staggered_entries"] {
            try FileManager.default.copyItem(at: try await FixtureBundles.bundle(name), to: bundles.appendingPathComponent("lib\(name).so"))
        }
        let daemon = try DaemonProcess(dataDirectory: Self.newDataDirectory(), arguments: [
            "--bundles", bundles.path, "--no-default-bundles", "--isolation", "in-process", "--timeout", "3600",
        ])
        defer { daemon.kill() }
        // Both kinds' initial calls are claimed in the daemon's first step: once the one that
        // returns has been reported, the one that hangs is under way.
        _ = try await daemon.waitForEvent("the returning kind's initial call") { $0.isCall }

        daemon.signal(SIGTERM)
        let status = try await daemon.waitForExit()
        #expect(status == 1, "\(daemon.diagnostics())")
        #expect(daemon.events.contains { $0.event == "stopping" }, "\(daemon.diagnostics())")
        #expect(!daemon.events.contains { $0.event == "stopped" }, "\(daemon.diagnostics())")
        let report = daemon.standardError
        #expect(report.contains("did not stop within 5 s"), "\(report)")
        #expect(report.contains("1 call(s) under way: Hangs/systemSmall"), "\(report)")
    }

    @Test("after kill -9 a new daemon starts, restores the last good timelines and calls no provider")
    func restartAfterKillRestoresTimelines() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let first = try DaemonProcess(dataDirectory: data)
        defer { first.kill() }
        try await Self.waitForInitialCalls(first, keys)
        first.signal(SIGKILL)
        _ = try await first.waitForExit()
        #expect(first.terminatedBySignal)
        #expect(!first.events.contains { $0.event == "stopping" || $0.event == "stopped" })

        // A killed daemon stays recorded (its pid tells it is gone); its lock died with it.
        let database = try #require(try RegistryDatabase.openIfExists(StoreLocation(directory: data)))
        #expect(try database.daemon()?.pid == first.processIdentifier)

        let second = try DaemonProcess(dataDirectory: data)
        defer { second.kill() }
        let started = try await second.waitForEvent("started") { $0.event == "started" }
        let restored = try #require(started.restoredCount, "\(started)")
        #expect(restored > 0)
        #expect(restored == keys.count, "\(started)")
        // What is on screen is the restored timelines' entries, announced at the loop's first step.
        let entries = try await second.waitUntil("an entry for each restored timeline") { events in
            Set(events.filter { $0.event == "entry" }.compactMap(\.key)).isSuperset(of: keys)
        }
        #expect(Set(entries.filter { $0.event == "entry" }.compactMap(\.key)) == keys, "\(second.diagnostics())")
        #expect(second.isRunning, "\(second.diagnostics())")
        #expect(try database.daemon()?.pid == second.processIdentifier)

        // The restored timelines are current and their next reloads minutes away: no call but
        // the barrier's (which stops the daemon with SIGTERM, so exit 0 is checked there).
        let calls = try await Self.callsUpToBarrier(second, data, keys: keys, barrier: "PillarWidget")
        #expect(calls.isEmpty, "a provider was called:\n\(second.diagnostics())")
        #expect(!second.events.contains { $0.event == "restoreProblem" || $0.event == "error" }, "\(second.diagnostics())")
    }

    // MARK: Helpers

    /// Every sample kind × family, as `kind/family`, from `widgethost list`.
    static func sampleKeys() async throws -> Set<String> {
        let result = try await widgethost("list", "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let kinds = try #require(try json(result) as? [[String: Any]], "\(result.standardOutput)")
        var keys: Set<String> = []
        for item in kinds {
            let kind = try #require(item["kind"] as? String)
            for family in try #require(item["families"] as? [String]) { keys.insert("\(kind)/\(family)") }
        }
        let sampleKinds = Set(keys.map { String($0.prefix { $0 != "/" }) })
        try #require(sampleKinds.isSuperset(of: ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget"]),
                     "\(sampleKinds)")
        return keys
    }

    static func newDataDirectory() -> URL {
        TestStore.temporaryLocation().directory
    }

    static func environment(_ data: URL) -> [String: String] {
        ["WIDGETHOST_DATA_DIR": data.path]
    }

    static func pendingRequests(_ data: URL) throws -> [ReloadRequest] {
        try SharedStore.open(StoreLocation(directory: data)).pendingReloadRequests()
    }

    /// Waits for a call, of any cause, for every key.
    static func waitForCalls(_ daemon: DaemonProcess, _ keys: Set<String>) async throws {
        try await daemon.waitUntil("a call for each of \(keys.count) kinds and families") { events in
            Set(events.filter(\.isCall).compactMap(\.key)).isSuperset(of: keys)
        }
    }

    /// Waits for an `initial` call for every key.
    static func waitForInitialCalls(_ daemon: DaemonProcess, _ keys: Set<String>) async throws {
        try await daemon.waitUntil("an initial call for each of \(keys.count) kinds and families") { events in
            Set(events.filter { $0.isCall && $0.call?.cause == "initial" }.compactMap(\.key)).isSuperset(of: keys)
        }
    }

    /// The minimum interval between scheduled reloads (`SchedulerSettings`), in seconds.
    static let minimumInterval: TimeInterval = 5 * 60

    /// From a call's start to the next reload it planned; a second of slack for the
    /// milliseconds the log's dates are rounded to.
    static func secondsToNextReload(_ call: DaemonEvent) throws -> TimeInterval {
        let start = try isoDate(try #require(call.call?.at, "\(call)"))
        let next = try isoDate(try #require(call.next?.at, "no next reload: \(call)"))
        return next.timeIntervalSince(start) + 1
    }

    /// A date as the log writes it: ISO 8601, with milliseconds unless whole.
    static func isoDate(_ text: String) throws -> Date {
        try Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text)
    }

    /// Every call the daemon made after `mark`, once it can have made no other: the way a test
    /// shows that a call does not happen, without watching the daemon for a while.
    ///
    /// `widgethost reload BARRIER` is taken by one step of the daemon's loop, which claims,
    /// along with the request's calls, every reload due by then; SIGTERM then lets every claimed
    /// call finish, and be logged, before `stopped`. So when this returns (the daemon stopped
    /// cleanly, exit 0) any call the daemon wrongly made or had due is in the log. The barrier's
    /// own calls (one `request` call per family of BARRIER, after its request) are left out.
    static func callsUpToBarrier(
        _ daemon: DaemonProcess, _ data: URL, keys: Set<String>, barrier kind: String, after mark: Int = 0
    ) async throws -> [DaemonEvent] {
        let barrierKeys = keys.filter { $0.hasPrefix("\(kind)/") }
        try #require(!barrierKeys.isEmpty, "no sample kind \(kind): \(keys.sorted())")
        let barrierMark = daemon.events.count
        let reload = try await widgethost("reload", kind, "--format", "json", environment: environment(data))
        #expect((try json(reload) as? [String: Any])?["deliveredToRunningHost"] as? Bool == true, "\(reload.standardOutput)")
        let isBarrierCall: @Sendable (DaemonEvent) -> Bool = { $0.isCall && $0.kind == kind && $0.call?.cause == "request" }
        try await daemon.waitUntil("the barrier's call for every \(kind) family") { events in
            Set(events.dropFirst(barrierMark).filter(isBarrierCall).compactMap(\.key)).isSuperset(of: barrierKeys)
        }
        daemon.signal(SIGTERM)
        #expect(try await daemon.waitForExit() == 0, "\(daemon.diagnostics())")
        try await daemon.waitForOutputEnd()

        var barrierCallsLeft = barrierKeys
        var calls: [DaemonEvent] = []
        for (index, event) in daemon.events.enumerated().dropFirst(mark) where event.isCall {
            if index >= barrierMark, isBarrierCall(event), let key = event.key, barrierCallsLeft.remove(key) != nil { continue }
            calls.append(event)
        }
        return calls
    }
}
