import Foundation
import TestSupport
import Testing
@testable import WidgetDaemon
@testable import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// Instances (issue 14): a kind, a family and a configuration under a stable id, each with its
/// own record, timeline and budget, kept in the store (here in memory) and synced into the registry.
/// The kind is Tests/Fixtures/Configurable/instance_probe.c, in process.
@Suite struct InstanceTests {
    /// A host over a private copy of the probe, with its own store, and a scheduler that saves.
    struct Fixture {
        let host: BundleHost
        let scheduler: ReloadScheduler
        let database: RegistryDatabase
        let scratch: URL
        /// The host's store, where the tests add, change and remove instances.
        let store: MemoryHostStore

        init() throws {
            let built = try FixtureCompiler.compile("Tests/Fixtures/Configurable/instance_probe.c")
            let folder = try TestPaths.makeTemporaryDirectory("widgethost-instances")
            try FileManager.default.copyItem(at: built, to: folder.appendingPathComponent("instance_probe.so"))
            scratch = try TestPaths.makeTemporaryDirectory("widgethost-instance-gates")
            let location = TestStore.temporaryLocation()
            store = MemoryHostStore(containersIn: location)
            host = BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: CallLimits(timeout: 120), storeLocation: location, store: store, isolation: InProcessIsolation()))
            database = try RegistryDatabase.open(location)
            scheduler = ReloadScheduler(host: host, database: database)
        }

        func add(_ configuration: [String: JSONValue], family: WidgetFamily = .systemSmall) throws -> TimelineKey {
            let instance = store.addInstance(kind: "InstanceProbe", family: family, configuration: configuration)
            try host.syncInstances()
            return TimelineKey(instance)
        }

        func label(_ key: TimelineKey) -> JSONValue? {
            host.registry.record(for: key)?.timeline?.entries.first?.content["label"]
        }

        func savedKeys() throws -> Set<TimelineKey> {
            Set(try database.restore().records.map(\.key))
        }
    }

    @Test("Two instances of one kind have their own configurations, timelines and budgets")
    func twoInstancesKeepApart() async throws {
        let fixture = try Fixture()
        let harbor = try fixture.add(["label": .string("harbor")])
        let cape = try fixture.add(["label": .string("cape")])
        #expect(harbor.instance != cape.instance)

        let initial = await fixture.scheduler.reloadDue()
        // Two implicit instances (small, medium) and the two added.
        #expect(initial.count == 4)
        #expect(fixture.label(harbor) == .string("harbor"))
        #expect(fixture.label(cape) == .string("cape"))
        #expect(fixture.label(TimelineKey(kind: "InstanceProbe", family: .systemSmall)) == .string("none"))

        let harborBefore = try #require(fixture.host.registry.record(for: harbor)).schedule.budget.spent.count
        let capeBefore = try #require(fixture.host.registry.record(for: cape)).schedule.budget.spent.count
        let call = try #require(await fixture.scheduler.reload(harbor, cause: .request))
        #expect(call.succeeded)
        #expect(fixture.host.registry.record(for: harbor)?.schedule.budget.spent.count == harborBefore + 1)
        #expect(fixture.host.registry.record(for: cape)?.schedule.budget.spent.count == capeBefore)
        #expect(try fixture.savedKeys().isSuperset(of: [harbor, cape]))
    }

    @Test("A configuration that does not fit the schema is refused before the call, naming the parameter")
    func aWrongConfigurationIsNeverSent() async throws {
        let fixture = try Fixture()
        let widget = try fixture.host.widget(kind: "InstanceProbe")
        await #expect {
            _ = try await fixture.host.timeline(for: widget, in: CallContext(family: .systemSmall, configuration: ["label": .integer(3)]))
        } throws: { error in
            guard case HostCallError.invalidConfiguration("InstanceProbe", .wrongType("label", .string, _, _)) = error else { return false }
            return error.localizedDescription.isEmpty == false && "\(error)".contains("'label'")
        }
        // Not called: the first call the probe answers is still its first.
        let timeline = try await fixture.host.timeline(for: widget, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.first?.content["n"] == .integer(1))
    }

    @Test("Removing an instance while its call is under way: nothing from that call is shown or saved; adding again gives a new id")
    func removalDuringACall() async throws {
        let fixture = try Fixture()
        let gate = fixture.scratch.appendingPathComponent("gate")
        let key = try fixture.add(["label": .string("doomed"), "gate": .string(gate.path)])
        let id = try #require(key.instance)

        let call = Task { await fixture.scheduler.reload(key, cause: .request) }
        let started = URL(fileURLWithPath: gate.path + ".started")
        try await waitUntil("the call to reach the probe's gate") { FileManager.default.fileExists(atPath: started.path) }
        try #require(fixture.store.removeInstance(id) != nil)
        let sync = try fixture.host.syncInstances()
        #expect(sync.removed == [key])
        try fixture.database.forget(sync.removed)
        FileManager.default.createFile(atPath: gate.path, contents: nil)

        _ = await call.value
        #expect(fixture.host.registry.record(for: key) == nil)
        #expect(try fixture.savedKeys().contains(key) == false)

        let again = try fixture.add(["label": .string("doomed")])
        #expect(again.instance != id)
        #expect(fixture.host.registry.record(for: again)?.timeline == nil)
    }

    @Test("A changed configuration drops the old timeline and asks for a forced reload")
    func reconfiguring() async throws {
        let fixture = try Fixture()
        let key = try fixture.add(["label": .string("before")])
        _ = await fixture.scheduler.reload(key, cause: .initial)
        #expect(fixture.label(key) == .string("before"))

        try #require(fixture.store.setConfiguration(["label": .string("after")], of: #require(key.instance)) != nil)
        let sync = try fixture.host.syncInstances()
        #expect(sync.reconfigured == [key])
        let record = try #require(fixture.host.registry.record(for: key))
        #expect(record.timeline == nil)
        #expect(record.reloadForced)
        #expect(record.configuration == ["label": .string("after")])

        _ = await fixture.scheduler.reloadDue()
        #expect(fixture.label(key) == .string("after"))
    }

    @Test("An instance whose kind is not loaded is kept in the store, reported unavailable, never scheduled")
    func anInstanceOfAVanishedBundle() async throws {
        let fixture = try Fixture()
        let gone = fixture.store.addInstance(kind: "VanishedKind", family: .systemSmall, configuration: [:])
        let sync = try fixture.host.syncInstances()
        #expect(sync.unavailable == [gone])
        #expect(fixture.host.registry.record(for: TimelineKey(gone)) == nil)
        let calls = await fixture.scheduler.reloadDue()
        #expect(calls.count == 2)  // the probe's two implicit instances, nothing else
        #expect(fixture.store.instance(gone.id) == gone)
    }

    @Test("`reloadTimelines(ofKind:)` marks every instance of the kind")
    func aKindsReloadReachesEveryInstance() async throws {
        let fixture = try Fixture()
        let first = try fixture.add(["label": .string("one")])
        let second = try fixture.add(["label": .string("two")], family: .systemMedium)
        _ = await fixture.scheduler.reloadDue()
        let marked = fixture.host.registry.recordReloadRequest(kinds: ["InstanceProbe"], at: Date())
        #expect(Set(marked).isSuperset(of: [first, second]))
        #expect(marked.count == 4)
    }
}

/// A registry database written before instances existed (Tests/Fixtures/Registry/
/// registry-before-instances.sqlite, made by `widgethost run` at the commit before issue 14's
/// instances) migrates: every row becomes its kind's implicit instance, timeline and all.
@Suite struct RegistryInstanceMigrationTests {
    @Test func aDatabaseFromBeforeInstancesKeepsEveryRow() throws {
        let location = TestStore.temporaryLocation()
        try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Registry/registry-before-instances.sqlite"),
            to: location.registryDatabaseURL)

        let database = try RegistryDatabase.open(location)
        let restored = try database.restore()
        #expect(restored.problems.isEmpty, "\(restored.problems)")
        #expect(restored.records.map(\.key.label) == [
            "ClockWidget/systemSmall", "ClockWidget/systemMedium", "ClockWidget/accessoryRectangular", "PillarWidget/systemSmall",
        ])
        for record in restored.records {
            #expect(record.key.instance == nil)
            #expect(record.configuration == nil)
            #expect(record.timeline?.entries.isEmpty == false, "\(record.key) lost its timeline")
            #expect(record.schedule.lastCall?.succeeded == true)
        }

        // The migrated table takes an instance's row beside its kind's implicit one.
        var added = TimelineRecord(
            key: TimelineKey(kind: "PillarWidget", family: .systemSmall, instance: WidgetInstanceID(rawValue: "wtest")),
            bundleName: "Pillar", bundlePath: "/nowhere/libPillarWidget.so")
        added.configuration = ["topic": .string("rest")]
        try database.save([added])
        let again = try database.restore().records
        #expect(again.count == 5)
        #expect(again.first { $0.key.instance != nil }?.configuration == ["topic": .string("rest")])
        try database.forget([added.key])
        #expect(try database.restore().records.count == 4)
    }
}
