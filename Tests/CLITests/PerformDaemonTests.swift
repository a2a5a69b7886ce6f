import Foundation
import TestSupport
import Testing
import WidgetDaemon
import WidgetHostCore
import WidgetStoreModel

/// `widgethost perform` beside a running `widgethost run`, as on a desktop: the Counter's `+`
/// performed without `--instance` reloads every Counter, the instance the desktop shows included,
/// which then shows the new count (issue 40: it kept showing 0).
@Suite("widgethost perform with a running daemon") struct PerformDaemonTests {
    @Test("A perform without --instance reloads the kind's instance at once, which shows the new count")
    func theInstanceShowsTheNewCount() async throws {
        let keys = try await RunDaemonTests.sampleKeys()
        let data = RunDaemonTests.newDataDirectory()
        let environment = RunDaemonTests.environment(data)
        let daemon = try DaemonProcess(dataDirectory: data)
        defer { daemon.kill() }
        try await RunDaemonTests.waitForInitialCalls(daemon, keys)

        var mark = daemon.events.count
        let added = try await widgethost("instances", "add", "CounterWidget", "--family", "systemMedium", "--format", "json", environment: environment)
        let id = try #require(try InstancesCommandTests.added(added)["id"] as? String)
        try await daemon.waitForEvent("the new instance's call", after: mark) { $0.isCall && $0.instance == id }

        mark = daemon.events.count
        let perform = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", environment: environment)
        #expect(perform.status == 0, "\(perform.standardError)")
        #expect(perform.standardOutput.contains("Asked the running host to reload every timeline of CounterWidget ("), "\(perform.standardOutput)")
        #expect(perform.standardOutput.contains("CounterWidget/systemMedium#\(id)"), "\(perform.standardOutput)")
        let call = try await daemon.waitForEvent("the instance's reload", after: mark) { $0.isCall && $0.instance == id }
        #expect(call.call?.cause == "forced", "outside the budget, as the kind's other widgets: \(call)")
        #expect(call.call?.result == "ok", "\(daemon.diagnostics())")

        // The desktop reads what `status` reads: the instance's current entry.
        try await waitUntil("the instance's saved timeline to show count 1") {
            guard let database = try RegistryDatabase.openIfExists(StoreLocation(directory: data)) else { return false }
            let record = try database.restore().records.first { $0.key.instance?.rawValue == id }
            return record?.timeline?.entries.first?.content["count"] == .integer(1)
        }
        let status = try await widgethost("status", "--format", "json", environment: environment)
        let row = try StatusCommandTests.kinds(status).first { $0["instance"] as? String == id }
        #expect(((row?["entry"] as? [String: Any])?["content"] as? [String: Any])?["count"] as? Int == 1, "\(status.standardOutput)")
        #expect(daemon.isRunning, "\(daemon.diagnostics())")
    }
}
