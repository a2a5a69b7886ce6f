#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetDaemon

/// `widgethost run`: the host daemon as a real process. Each test has its own data folder.
///
/// Scheduled reloads are at least 5 minutes apart, so once its initial calls are made a daemon
/// is idle for minutes: any call a test sees after that was caused by what the test did, and a
/// call that comes within seconds of a request shows the request reached the daemon at once
/// (nothing in it polls on a shorter period). Waits are generous, for a loaded CI machine; they
/// end as soon as the awaited event arrives.
@Suite("widgethost run") struct RunDaemonTests {
    /// For things that take milliseconds on an idle machine.
    static let timeout: TimeInterval = 20
    /// How long a quiet daemon is watched to show it makes no call.
    static let quietWindow: Duration = .seconds(2)

    // MARK: Start-up

    @Test("a started daemon reports started, then one ok initial call per sample kind and family, then goes quiet")
    func startsAndMakesInitialCalls() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }

        let started = try await daemon.waitForEvent(timeout: Self.timeout) { $0.event == "started" }
        #expect(started.restoredCount == 0, "\(started)")
        try await Self.waitForInitialCalls(daemon, keys)
        try await Task.sleep(for: Self.quietWindow)

        let events = daemon.events
        #expect(events.first?.event == "started", "\(daemon.diagnostics())")
        let calls = events.filter(\.isCall)
        #expect(calls.count == keys.count, "one call per kind and family, no more:\n\(daemon.diagnostics())")
        #expect(Set(calls.compactMap(\.key)) == keys)
        for call in calls {
            #expect(call.call?.cause == "initial", "\(call)")
            #expect(call.call?.result == "ok", "\(call)")
            // Nothing reloads sooner than the 5-minute minimum interval; `.never` would have no date.
            #expect(call.next?.at != nil, "\(call)")
        }
        #expect(!events.contains { $0.event == "error" || $0.event == "restoreProblem" }, "\(daemon.diagnostics())")
        #expect(daemon.unparsedLines.isEmpty, "\(daemon.unparsedLines)")
        #expect(daemon.isRunning, "\(daemon.diagnostics())")
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

        let request = try await daemon.waitForEvent(timeout: Self.timeout, after: mark) { $0.event == "request" }
        #expect(request.requests?.map(\.kind) == ["CounterWidget"], "\(request)")
        #expect(request.requests?.first?.source == "cli", "\(request)")

        let counterKeys = keys.filter { $0.hasPrefix("CounterWidget/") }
        #expect(counterKeys.count == 3)
        try await daemon.waitUntil(timeout: Self.timeout, "a request call for every CounterWidget family") { events in
            Set(events.dropFirst(mark).filter { $0.isCall && $0.call?.cause == "request" }.compactMap(\.key))
                .isSuperset(of: counterKeys)
        }
        // Anything else the request wrongly set off would come with these calls.
        try await Task.sleep(for: Self.quietWindow)

        let calls = daemon.events.dropFirst(mark).filter(\.isCall)
        #expect(calls.count == counterKeys.count, "one call per CounterWidget family, no more:\n\(daemon.diagnostics())")
        #expect(calls.allSatisfy { $0.kind == "CounterWidget" && $0.call?.cause == "request" && $0.call?.result == "ok" },
                "\(daemon.diagnostics())")
        // Honoured requests are forgotten by the store.
        try await Self.eventually("the store to forget the request") { try Self.pendingRequests(data).isEmpty }
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

        let call = try await daemon.waitForEvent(timeout: Self.timeout, after: mark) {
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
        try await Task.sleep(for: Self.quietWindow)

        let events = daemon.events
        let requestIndex = try #require(events.firstIndex { $0.event == "request" }, "\(daemon.diagnostics())")
        #expect(events[requestIndex].requests?.map(\.kind) == ["PillarWidget"])
        #expect(events[requestIndex].requests?.first?.source == "cli")
        // Taken at start-up, before any provider is called.
        let firstCall = try #require(events.firstIndex { $0.isCall })
        #expect(requestIndex < firstCall, "\(daemon.diagnostics())")

        // The kind has no timeline yet, and a request is waiting: one call answers both, and it
        // is logged as the request's (the planner puts a pending request before "no timeline").
        let calls = events.filter(\.isCall)
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
        let status = try await second.waitForExit(timeout: Self.timeout)
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
        let call = try await first.waitForEvent(timeout: Self.timeout, after: mark) { $0.isCall }
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
        let status = try await daemon.waitForExit(timeout: Self.timeout)
        #expect(status == 0, "\(daemon.diagnostics())")
        #expect(!daemon.terminatedBySignal, "\(daemon.diagnostics())")
        // Let the reader take the last lines.
        try await daemon.waitUntil(timeout: Self.timeout, "the end of the output") { _ in daemon.outputEnded }

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

    @Test("after kill -9 a new daemon starts, restores the last good timelines and calls no provider")
    func restartAfterKillRestoresTimelines() async throws {
        let keys = try await Self.sampleKeys()
        let data = Self.newDataDirectory()
        let first = try DaemonProcess(dataDirectory: data)
        defer { first.kill() }
        try await Self.waitForInitialCalls(first, keys)
        first.signal(SIGKILL)
        _ = try await first.waitForExit(timeout: Self.timeout)
        #expect(first.terminatedBySignal)
        #expect(!first.events.contains { $0.event == "stopping" || $0.event == "stopped" })

        // A killed daemon stays recorded (its pid tells it is gone); its lock died with it.
        let database = try #require(try RegistryDatabase.openIfExists(StoreLocation(directory: data)))
        #expect(try database.daemon()?.pid == first.processIdentifier)

        let second = try DaemonProcess(dataDirectory: data)
        defer { second.kill() }
        let started = try await second.waitForEvent(timeout: Self.timeout) { $0.event == "started" }
        let restored = try #require(started.restoredCount, "\(started)")
        #expect(restored > 0)
        #expect(restored == keys.count, "\(started)")

        // The restored timelines are current and their next reloads minutes away: no call.
        try await Task.sleep(for: Self.quietWindow)
        #expect(second.isRunning, "\(second.diagnostics())")
        #expect(!second.events.contains { $0.isCall }, "a provider was called:\n\(second.diagnostics())")
        #expect(!second.events.contains { $0.event == "restoreProblem" || $0.event == "error" }, "\(second.diagnostics())")
        // What is on screen is the restored timelines' entries.
        let shown = Set(second.events.filter { $0.event == "entry" }.compactMap(\.key))
        #expect(shown == keys, "\(second.diagnostics())")
        #expect(try database.daemon()?.pid == second.processIdentifier)

        second.signal(SIGTERM)
        #expect(try await second.waitForExit(timeout: Self.timeout) == 0, "\(second.diagnostics())")
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
        try await daemon.waitUntil(timeout: timeout, "a call for each of \(keys.count) kinds and families") { events in
            Set(events.filter(\.isCall).compactMap(\.key)).isSuperset(of: keys)
        }
    }

    /// Waits for an `initial` call for every key.
    static func waitForInitialCalls(_ daemon: DaemonProcess, _ keys: Set<String>) async throws {
        try await daemon.waitUntil(timeout: timeout, "an initial call for each of \(keys.count) kinds and families") { events in
            Set(events.filter { $0.isCall && $0.call?.cause == "initial" }.compactMap(\.key)).isSuperset(of: keys)
        }
    }

    /// Waits for `condition`, checked every 20 ms, up to the timeout.
    static func eventually(_ what: String, _ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            guard Date() < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
