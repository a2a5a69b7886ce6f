import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// What the in-memory store does beyond the promises every `HostStore` keeps (those are checked
/// against it and the shared store alike, in WidgetStoreTests' `HostStoreConformanceTests`): its
/// times are its clock's, its listeners are many, and a bundle's writes reach its observers.
@Suite("MemoryHostStore")
struct MemoryHostStoreTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let group = try! AppGroupID(validating: "group.memory.test")

    private static func makeStore() -> (MemoryHostStore, VirtualClock) {
        let clock = VirtualClock(start: start)
        return (MemoryHostStore(clock: clock, containersIn: TestStore.temporaryLocation()), clock)
    }

    @Test("Requests, instances and the catalog are stamped with the store's clock")
    func stampsWithItsClock() throws {
        let (store, clock) = Self.makeStore()
        let request = try #require(store.recordReloadRequests([.allKinds], source: "test").first)
        #expect(request.requestedAt == Self.start)

        clock.advance(by: 60)
        let instance = store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        #expect(instance.createdAt == Self.start.addingTimeInterval(60))
        #expect(instance.updatedAt == instance.createdAt)

        clock.advance(by: 60)
        let changed = try #require(store.setConfiguration(["n": .integer(2)], of: instance.id))
        #expect(changed.createdAt == Self.start.addingTimeInterval(60))
        #expect(changed.updatedAt == Self.start.addingTimeInterval(120))

        store.recordCatalog(BundleCatalog())
        #expect(store.catalog().recordedAt == Self.start.addingTimeInterval(120))
    }

    @Test("Instances created at the same time are listed by id")
    func sameTimeOrderedByID() {
        let (store, _) = Self.makeStore()
        let added = (0..<5).map { _ in store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]) }
        #expect(store.instances().map(\.id) == added.map(\.id).sorted())
    }

    @Test("Several listeners hear every recording; a stopped one no longer does")
    func manyListeners() async throws {
        let (store, _) = Self.makeStore()
        let first = Atomic<Int>(0)
        let second = Atomic<Int>(0)
        let firstListener = store.listenForReloadRequests { first.add(1, ordering: .relaxed) }
        let secondListener = store.listenForReloadRequests { second.add(1, ordering: .relaxed) }
        defer { secondListener.stop() }

        store.recordReloadRequests([.kind("A")], source: "test")
        try await waitUntil("both listeners to hear") {
            first.load(ordering: .relaxed) == 1 && second.load(ordering: .relaxed) == 1
        }
        firstListener.stop()
        _ = store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        try await waitUntil("the second listener to hear the instance added") { second.load(ordering: .relaxed) == 2 }
        #expect(first.load(ordering: .relaxed) == 1)
    }

    @Test("Recording nothing wakes nobody and hands out no id")
    func recordingNothing() async throws {
        let (store, _) = Self.makeStore()
        let woken = Atomic<Int>(0)
        let listener = store.listenForReloadRequests { woken.add(1, ordering: .relaxed) }
        defer { listener.stop() }
        #expect(store.recordReloadRequests([], source: "test").isEmpty)
        let next = try #require(store.recordReloadRequests([.allKinds], source: "test").first)
        #expect(next.id == 1)
        try await waitUntil("the listener to hear the one recording") { woken.load(ordering: .relaxed) > 0 }
        #expect(woken.load(ordering: .relaxed) == 1)
    }

    @Test("A bundle's announced change reaches every observer, with its group and keys")
    func defaultsObservers() {
        let (store, _) = Self.makeStore()
        let seen = Mutex<[(AppGroupID, [String])]>([])
        store.observeDefaultsChanges { group, keys in seen.withLock { $0.append((group, keys)) } }
        store.observeDefaultsChanges { group, keys in seen.withLock { $0.append((group, keys)) } }
        store.announceDefaultsChange(keys: ["count"], in: Self.group)
        let changes = seen.withLock { $0 }
        #expect(changes.count == 2)
        #expect(changes.allSatisfy { $0.0 == Self.group && $0.1 == ["count"] })
    }

    @Test("Containers are made in the folder it was given, as the worker's sandbox expects")
    func containersInItsLocation() throws {
        let location = TestStore.temporaryLocation()
        let store = MemoryHostStore(containersIn: location)
        let url = try store.containerURL(for: Self.group)
        #expect(url == location.containerURL(for: Self.group))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(!FileManager.default.fileExists(atPath: location.databaseURL.path), "no database is made")
    }
}
