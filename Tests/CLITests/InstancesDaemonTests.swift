import Foundation
import TestSupport
import Testing

/// Instances and a running `widgethost run`: each change made with `widgethost instances` wakes
/// the daemon, which takes it at once (no polling): a new instance is called, a reconfigured one
/// called again with its new configuration, a removed one forgotten by the registry.
@Suite("widgethost run with instances") struct InstancesDaemonTests {
    /// Whether `status` shows `expected` as the instance's verdict within the timeout: the
    /// daemon saves a call's record just after the call's event.
    static func verdict(of id: String, _ environment: [String: String], becomes expected: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(RunDaemonTests.timeout)
        while Date() < deadline {
            let status = try await widgethost("status", "--format", "json", environment: environment)
            let row = try StatusCommandTests.kinds(status).first { $0["instance"] as? String == id }
            let content = (row?["entry"] as? [String: Any])?["content"] as? [String: Any]
            if (content?["data"] as? [String: Any])?["verdict"] as? String == expected { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test("An instance added, changed and removed while the daemon runs is taken at once")
    func theRunningDaemonTakesEachChange() async throws {
        let keys = try await RunDaemonTests.sampleKeys()
        let data = RunDaemonTests.newDataDirectory()
        let environment = RunDaemonTests.environment(data)
        try await InstancesCommandTests.writeFishGoData(environment)
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await RunDaemonTests.waitForInitialCalls(daemon, keys)

        var mark = daemon.events.count
        let added = try await widgethost("instances", "add", "FishGoWidget", "--set", "spot=harbor", "--format", "json", environment: environment)
        let id = try #require(try InstancesCommandTests.added(added)["id"] as? String)
        let call = try await daemon.waitForEvent(timeout: RunDaemonTests.timeout, after: mark) { $0.isCall && $0.instance == id }
        #expect(call.call?.result == "ok", "\(daemon.diagnostics())")
        #expect(daemon.events.dropFirst(mark).contains { $0.event == "instances" && $0.message?.contains("added FishGoWidget/systemSmall#\(id)") == true },
                "\(daemon.diagnostics())")
        // Only the new instance is called: the kind's other widgets are not reloaded for it.
        try await Task.sleep(for: RunDaemonTests.quietWindow)
        let calls = daemon.events.dropFirst(mark).filter(\.isCall)
        #expect(calls.count == 1 && calls.first?.instance == id, "\(daemon.diagnostics())")
        #expect(try await Self.verdict(of: id, environment, becomes: "go"), "\(daemon.diagnostics())")

        mark = daemon.events.count
        let changed = try await widgethost("instances", "set", id, "--set", "spot=cape", environment: environment)
        #expect(changed.status == 0, "\(changed.standardError)")
        let again = try await daemon.waitForEvent(timeout: RunDaemonTests.timeout, after: mark) { $0.isCall && $0.instance == id }
        #expect(again.call?.cause == "forced", "a changed configuration is reloaded at once: \(again)")
        #expect(try await Self.verdict(of: id, environment, becomes: "no_go"), "\(daemon.diagnostics())")

        mark = daemon.events.count
        let removed = try await widgethost("instances", "remove", id, environment: environment)
        #expect(removed.status == 0, "\(removed.standardError)")
        try await daemon.waitForEvent(timeout: RunDaemonTests.timeout, after: mark) {
            $0.event == "instances" && $0.message?.contains("removed FishGoWidget/systemSmall#\(id)") == true
        }
        // The removed instance's row goes from the registry database at once; `status` also
        // leaves out any row of an instance the store no longer has.
        let status = try await widgethost("status", "--format", "json", environment: environment)
        #expect(try StatusCommandTests.kinds(status).contains { $0["instance"] as? String == id } == false)
        #expect(daemon.isRunning, "\(daemon.diagnostics())")
    }
}
