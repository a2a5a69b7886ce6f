#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
import WidgetDaemon
import WidgetHostCore
import WidgetStoreModel

/// Instances and a running `widgethost run`: each change made with `widgethost instances` wakes
/// the daemon, which takes it at once (no polling): a new instance is called, a reconfigured one
/// called again with its new configuration, a removed one forgotten by the registry.
@Suite("widgethost run with instances") struct InstancesDaemonTests {
    /// Waits until the registry database holds the instance's timeline with `expected` as its
    /// verdict (the daemon saves a call's record just after the call's event), then checks that
    /// `status` shows it.
    static func waitForVerdict(of id: String, _ data: URL, _ expected: String) async throws {
        try await waitUntil("the saved timeline of instance \(id) to say \(expected)") {
            guard let database = try RegistryDatabase.openIfExists(StoreLocation(directory: data)) else { return false }
            let record = try database.restore().records.first { $0.key.instance?.rawValue == id }
            let entries = record?.timeline?.entries ?? []
            return !entries.isEmpty && entries.allSatisfy { $0.content["data"]?["verdict"] == .string(expected) }
        }
        let status = try await widgethost("status", "--format", "json", environment: RunDaemonTests.environment(data))
        let row = try StatusCommandTests.kinds(status).first { $0["instance"] as? String == id }
        let content = (row?["entry"] as? [String: Any])?["content"] as? [String: Any]
        #expect((content?["data"] as? [String: Any])?["verdict"] as? String == expected, "\(status.standardOutput)")
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
        let start = daemon.events.count

        var mark = daemon.events.count
        let added = try await widgethost("instances", "add", "FishGoWidget", "--set", "spot=harbor", "--format", "json", environment: environment)
        let id = try #require(try InstancesCommandTests.added(added)["id"] as? String)
        let call = try await daemon.waitForEvent("the new instance's call", after: mark) { $0.isCall && $0.instance == id }
        #expect(call.call?.result == "ok", "\(daemon.diagnostics())")
        #expect(daemon.events.dropFirst(mark).contains { $0.event == "instances" && $0.message?.contains("added FishGoWidget/systemSmall#\(id)") == true },
                "\(daemon.diagnostics())")
        try await Self.waitForVerdict(of: id, data, "go")

        mark = daemon.events.count
        let changed = try await widgethost("instances", "set", id, "--set", "spot=cape", environment: environment)
        #expect(changed.status == 0, "\(changed.standardError)")
        let again = try await daemon.waitForEvent("the changed instance's call", after: mark) { $0.isCall && $0.instance == id }
        #expect(again.call?.cause == "forced", "a changed configuration is reloaded at once: \(again)")
        try await Self.waitForVerdict(of: id, data, "no_go")

        mark = daemon.events.count
        let removed = try await widgethost("instances", "remove", id, environment: environment)
        #expect(removed.status == 0, "\(removed.standardError)")
        try await daemon.waitForEvent("the removal", after: mark) {
            $0.event == "instances" && $0.message?.contains("removed FishGoWidget/systemSmall#\(id)") == true
        }
        // The removed instance's row goes from the registry database at once; `status` also
        // leaves out any row of an instance the store no longer has.
        let status = try await widgethost("status", "--format", "json", environment: environment)
        #expect(try StatusCommandTests.kinds(status).contains { $0["instance"] as? String == id } == false)
        #expect(daemon.isRunning, "\(daemon.diagnostics())")

        // Only the instance was called, once when added and once when changed: the kind's other
        // widgets were not reloaded for it.
        let calls = try await RunDaemonTests.callsUpToBarrier(daemon, data, keys: keys, barrier: "PillarWidget", after: start)
        #expect(calls.count == 2 && calls.allSatisfy { $0.instance == id }, "\(daemon.diagnostics())")
    }
}
