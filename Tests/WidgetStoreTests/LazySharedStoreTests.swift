import Foundation
import Testing
import TestSupport
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// What a `LazySharedStore` adds to the shared store it opens (its `HostStore` promises are in
/// `HostStoreConformanceTests`): nothing is made before the first use, and an opening that fails
/// is each use's error, tried again at the next.
@Suite("LazySharedStore")
struct LazySharedStoreTests {
    static let group = try! AppGroupID(validating: "group.lazy.test")

    @Test("Nothing is made until the store is first needed, and then it is opened once")
    func opensOnFirstUse() throws {
        let location = TestStore.temporaryLocation()
        let store = LazySharedStore(location: location)
        store.announceDefaultsChange(keys: ["k"], in: Self.group)
        #expect(!FileManager.default.fileExists(atPath: location.directory.path), "announcing opens nothing")

        #expect(try store.value(forKey: "k", in: Self.group) == nil)
        #expect(FileManager.default.fileExists(atPath: location.databaseURL.path))
        #expect(try store.open() === store.open())
    }

    @Test("A store that cannot be opened fails each use in its own terms, and opens once it can")
    func failureIsEachUsesError() throws {
        // The data folder's place is taken by a file: no folder can be made there.
        let blocked = TestPaths.temporaryURL("lazy-blocked")
        try Data("not a folder".utf8).write(to: blocked)
        let location = StoreLocation(directory: blocked)
        let store = LazySharedStore(location: location)

        #expect { try store.value(forKey: "k", in: Self.group) } throws: { error in
            guard case DefaultsError.storeUnavailable = error else { return false }
            return true
        }
        #expect(throws: StoreError.self) { try store.pendingReloadRequests() }
        #expect { _ = try store.listenForReloadRequests {} } throws: { error in
            guard let error = error as? HostWakeupError else { return false }
            return error.path == location.wakeupSocketURL.path && error.description.hasPrefix("cannot listen for reload requests at")
        }

        try FileManager.default.removeItem(at: blocked)
        try store.setValue(.int(1), forKey: "k", in: Self.group)
        #expect(try store.value(forKey: "k", in: Self.group) == .int(1))
    }

    @Test("Given an open store, it uses that one")
    func wrapsAnOpenStore() throws {
        let shared = try SharedStore.open(TestStore.temporaryLocation())
        let store = LazySharedStore(shared)
        #expect(try store.open() === shared)
        #expect(store.location == shared.location)
    }
}
