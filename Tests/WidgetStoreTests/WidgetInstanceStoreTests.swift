import Foundation
import Testing
import TestSupport
import WidgetApp
import Synchronization
import WidgetStore
import WidgetStoreModel

/// Widget instances in the shared store: ids never reused, each change a reload request for the
/// kind (so a running host picks it up), and apps read them back as WidgetKit's `WidgetInfo`.
@Suite("Widget instances in the store")
struct WidgetInstanceStoreTests {
    @Test("Added instances get distinct ids and read back with their configuration, oldest first")
    func addAndRead() throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        let first = try store.addInstance(kind: "FishGoWidget", family: .systemSmall, configuration: ["spot": .string("harbor")])
        let second = try store.addInstance(kind: "FishGoWidget", family: .systemMedium, configuration: ["spot": .string("cape")])
        #expect(first.id != second.id)
        #expect(first.id.rawValue.hasPrefix("w") && first.id.rawValue.count == 11)
        #expect(try store.instances() == [first, second])
        #expect(try store.instance(second.id)?.configuration == ["spot": .string("cape")])
        // Each addition leaves word for the host that the kind's instances changed.
        let requests = try store.pendingReloadRequests()
        #expect(requests.map(\.scope) == [.kind("FishGoWidget"), .kind("FishGoWidget")])
        #expect(requests.allSatisfy { $0.isInstancesChange && !$0.forced })

        let apps = try WidgetCenter(location: location).currentConfigurations()
        #expect(apps.map(\.id) == [first.id.rawValue, second.id.rawValue])
        #expect(apps.map(\.family) == [.systemSmall, .systemMedium])
        #expect(apps[0].configuration == ["spot": .string("harbor")])
    }

    @Test("Setting a configuration replaces it; an unknown id changes nothing")
    func setConfiguration() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let instance = try store.addInstance(kind: "K", family: .systemSmall, configuration: ["a": .integer(1)])
        let changed = try #require(try store.setConfiguration(["a": .integer(2), "b": .bool(true)], of: instance.id))
        #expect(changed.id == instance.id)
        #expect(changed.configuration == ["a": .integer(2), "b": .bool(true)])
        #expect(changed.updatedAt >= instance.updatedAt)
        #expect(try store.setConfiguration([:], of: WidgetInstanceID(rawValue: "wnothere")) == nil)
        #expect(try store.instance(instance.id)?.configuration == changed.configuration)
    }

    @Test("Removing returns the instance once; adding the same widget again gives a new id")
    func removeAndAddAgain() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let instance = try store.addInstance(kind: "K", family: .systemSmall, configuration: [:])
        #expect(try store.removeInstance(instance.id) == instance)
        #expect(try store.removeInstance(instance.id) == nil)
        #expect(try store.instances().isEmpty)
        let again = try store.addInstance(kind: "K", family: .systemSmall, configuration: [:])
        #expect(again.id != instance.id)
    }

    @Test("WidgetKit's getCurrentConfigurations hands over the same list")
    func getCurrentConfigurations() throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        let instance = try store.addInstance(kind: "K", family: .accessoryInline, configuration: ["x": .string("y")])
        let received = Mutex<[WidgetInfo]?>(nil)
        WidgetCenter(location: location).getCurrentConfigurations { result in
            received.withLock { $0 = try? result.get() }
        }
        #expect(received.withLock { $0 }?.map(\.id) == [instance.id.rawValue])
    }
}
