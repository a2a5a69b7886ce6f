import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// The promises `HostStore` states, checked the same way against every implementation: the
/// shared store (SQLite), opened at once or on first use, and the in-memory one. A store of
/// another kind is added to `Subject`.
@Suite("HostStore conformance")
struct HostStoreConformanceTests {
    /// An implementation under test: it makes a fresh store, in a folder of its own.
    enum Subject: String, CaseIterable, CustomTestStringConvertible {
        case shared = "SharedStore"
        case lazy = "LazySharedStore"
        case memory = "MemoryHostStore"

        var testDescription: String { rawValue }

        func make() throws -> any StoreUnderTest {
            let location = TestStore.temporaryLocation()
            switch self {
            case .shared: return try SharedStore.open(location)
            case .lazy: return LazySharedStore(location: location)
            case .memory: return MemoryHostStore(containersIn: location)
            }
        }
    }

    static let group = try! AppGroupID(validating: "group.conformance.test")
    static let otherGroup = try! AppGroupID(validating: "group.conformance.other")

    // MARK: Defaults

    @Test("A value written is read back, in its group only, until removed", arguments: Subject.allCases)
    func defaultsRoundTrip(_ subject: Subject) throws {
        let store = try subject.make()
        #expect(try store.value(forKey: "count", in: Self.group) == nil)
        try store.setValue(.int(3), forKey: "count", in: Self.group)
        try store.setValue(.string("three"), forKey: "count", in: Self.otherGroup)
        #expect(try store.value(forKey: "count", in: Self.group) == .int(3))
        #expect(try store.value(forKey: "count", in: Self.otherGroup) == .string("three"))

        try store.setValue(.json(.object(["a": .string("b")])), forKey: "count", in: Self.group)
        #expect(try store.value(forKey: "count", in: Self.group) == .json(.object(["a": .string("b")])))

        #expect(try store.removeValue(forKey: "count", in: Self.group))
        #expect(try !store.removeValue(forKey: "count", in: Self.group), "a second removal finds nothing")
        #expect(try store.value(forKey: "count", in: Self.group) == nil)
        #expect(try store.value(forKey: "count", in: Self.otherGroup) == .string("three"))
    }

    @Test("A key or value out of limits is refused with the same error", arguments: Subject.allCases)
    func defaultsRefusals(_ subject: Subject) throws {
        let store = try subject.make()
        #expect(throws: DefaultsError.invalidKey(group: Self.group.rawValue, key: "", problem: .empty)) {
            try store.setValue(.int(1), forKey: "", in: Self.group)
        }
        #expect(throws: DefaultsError.invalidKey(group: Self.group.rawValue, key: "", problem: .empty)) {
            try store.value(forKey: "", in: Self.group)
        }
        let large = StoredValue.data(Data(count: DefaultsLimits.maximumValueSize + 1))
        #expect(throws: DefaultsError.self) { try store.setValue(large, forKey: "big", in: Self.group) }
        // A document JSON cannot hold (`DefaultsLimits` finds it has no size).
        #expect(throws: DefaultsError.self) { try store.setValue(.json(.object(["x": .number(.nan)])), forKey: "nan", in: Self.group) }
        #expect(try store.value(forKey: "big", in: Self.group) == nil, "nothing refused is stored")
        #expect(try store.value(forKey: "nan", in: Self.group) == nil)
    }

    @Test("A group's container is a private folder, the same each time", arguments: Subject.allCases)
    func container(_ subject: Subject) throws {
        let store = try subject.make()
        let url = try store.containerURL(for: Self.group)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(url.lastPathComponent == Self.group.rawValue)
        #expect(try store.containerURL(for: Self.group) == url)
        #expect(try store.containerURL(for: Self.otherGroup) != url)
    }

    @Test("Announcing a defaults change never fails, with or without a listener", arguments: Subject.allCases)
    func announce(_ subject: Subject) throws {
        let store = try subject.make()
        store.announceDefaultsChange(keys: ["count"], in: Self.group)
        store.announceDefaultsChange(keys: [], in: Self.group)
    }

    // MARK: The reload inbox

    @Test("Requests are pending oldest first, under ids that only grow", arguments: Subject.allCases)
    func pendingInOrder(_ subject: Subject) throws {
        let store = try subject.make()
        #expect(try store.pendingReloadRequests() == [])
        let first = try store.recordReloadRequests([.kind("A"), .allKinds], source: "app", forced: false)
        let second = try store.recordReloadRequests(
            [.widget(kind: "B", family: .systemMedium, instance: WidgetInstanceID(rawValue: "w1"))], source: "cli", forced: true)
        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.id) == (first + second).map(\.id))
        #expect(pending.map(\.id) == pending.map(\.id).sorted())
        #expect(Set(pending.map(\.id)).count == 3)
        #expect(pending.map(\.scope) == [.kind("A"), .allKinds, .widget(kind: "B", family: .systemMedium, instance: WidgetInstanceID(rawValue: "w1"))])
        #expect(pending.map(\.source) == ["app", "app", "cli"])
        #expect(pending.map(\.forced) == [false, false, true])
    }

    @Test("Acknowledging through an id keeps what was recorded after it, and ids are never reused", arguments: Subject.allCases)
    func acknowledge(_ subject: Subject) throws {
        let store = try subject.make()
        let seen = try store.recordReloadRequests([.kind("A"), .kind("B")], source: "app", forced: false)
        let later = try store.recordReloadRequests([.kind("C")], source: "app", forced: false)
        try store.acknowledgeReloadRequests(through: try #require(seen.last).id)
        #expect(try store.pendingReloadRequests().map(\.id) == later.map(\.id))
        try store.acknowledgeReloadRequests(through: try #require(later.last).id)
        #expect(try store.pendingReloadRequests() == [])
        let next = try store.recordReloadRequests([.kind("D")], source: "app", forced: false)
        let newest = try #require(later.last).id
        #expect(try #require(next.first).id > newest)
    }

    @Test("Requests recorded from many threads at once each get their own id", arguments: Subject.allCases)
    func concurrentRecording(_ subject: Subject) async throws {
        let store = try subject.make()
        let ids = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for writer in 0..<8 {
                group.addTask {
                    var ids: [Int64] = []
                    for request in 0..<10 {
                        ids += try store.recordReloadRequests([.kind("K\(writer)-\(request)")], source: "app", forced: false).map(\.id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 80)
        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.id) == ids.sorted())
    }

    @Test("A listener hears of a recording, finds it pending, and hears nothing once stopped", arguments: Subject.allCases)
    func listener(_ subject: Subject) async throws {
        let store = try subject.make()
        let seen = Mutex<[[ReloadRequest.Scope]]>([])
        let listener = try store.listenForReloadRequests {
            let pending = (try? store.pendingReloadRequests().map(\.scope)) ?? []
            seen.withLock { $0.append(pending) }
        }
        try store.recordAndWake([.kind("A")])
        try await waitUntil("the listener to see the request") { seen.withLock { $0.contains([.kind("A")]) } }
        listener.stop()
        listener.stop()
        // The store's other listeners still work: a new one hears the next recording.
        let heard = Atomic<Int>(0)
        let second = try store.listenForReloadRequests { heard.add(1, ordering: .relaxed) }
        defer { second.stop() }
        let before = seen.withLock { $0.count }
        try store.recordAndWake([.kind("B")])
        try await waitUntil("the new listener to hear") { heard.load(ordering: .relaxed) > 0 }
        #expect(seen.withLock { $0.count } == before, "a stopped listener is not called")
    }

    // MARK: The catalog

    @Test("The catalog recorded replaces the last, and is stamped when it has no time", arguments: Subject.allCases)
    func catalog(_ subject: Subject) throws {
        let store = try subject.make()
        #expect(try store.catalog().recordedAt == nil)
        let declaration = BundleCatalog.Declaration(bundleName: "Counter", bundlePath: "/bundles/Counter.so")
        try store.recordCatalog(BundleCatalog(groups: ["group.a": [declaration]], kinds: ["CounterWidget": declaration]))
        let recorded = try store.catalog()
        #expect(recorded.groups == ["group.a": [declaration]])
        #expect(recorded.kinds == ["CounterWidget": declaration])
        #expect(recorded.recordedAt != nil)

        let at = Date(timeIntervalSince1970: 1_700_000_000)
        try store.recordCatalog(BundleCatalog(kinds: ["Other": declaration], recordedAt: at))
        let replaced = try store.catalog()
        #expect(replaced.groups.isEmpty)
        #expect(replaced.kinds == ["Other": declaration])
        #expect(replaced.recordedAt == at)
    }

    // MARK: Instances

    @Test("Instances are listed oldest first, found by id, reconfigured and removed", arguments: Subject.allCases)
    func instances(_ subject: Subject) throws {
        let store = try subject.make()
        #expect(try store.instances() == [])
        let first = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        let second = try store.addInstance(kind: "FishGoWidget", family: .systemMedium, configuration: ["spot": .string("cape")])
        #expect(first.id != second.id)
        #expect(try store.instances().map(\.id) == [first, second].sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(\.id))
        #expect(try store.instance(second.id)?.configuration == ["spot": .string("cape")])
        #expect(try store.instance(WidgetInstanceID(rawValue: "wnothere")) == nil)

        let changed = try store.setConfiguration(["spot": .string("bay")], of: second.id)
        #expect(changed?.configuration == ["spot": .string("bay")])
        #expect(try store.instance(second.id)?.configuration == ["spot": .string("bay")])
        #expect(try store.setConfiguration([:], of: WidgetInstanceID(rawValue: "wnothere")) == nil)

        #expect(try store.removeInstance(first.id)?.id == first.id)
        #expect(try store.removeInstance(first.id) == nil)
        #expect(try store.instances().map(\.id) == [second.id])
    }

    @Test("Each change of instances leaves an instances-change request for its kind", arguments: Subject.allCases)
    func instancesAnnounceThemselves(_ subject: Subject) throws {
        let store = try subject.make()
        let added = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        try store.setConfiguration(["n": .integer(1)], of: added.id)
        try store.removeInstance(added.id)
        let pending = try store.pendingReloadRequests()
        #expect(pending.count == 3)
        #expect(pending.allSatisfy { $0.isInstancesChange && $0.scope == .kind("CounterWidget") })
    }
}

/// A store as the conformance tests drive it: the protocol, and what an app or the CLI does to
/// the store (each implementation has these under the same names).
protocol StoreUnderTest: HostStore {
    @discardableResult
    func recordReloadRequests(_ scopes: [ReloadRequest.Scope], source: String, forced: Bool) throws -> [ReloadRequest]
    /// Records a request and wakes the store's listeners, as an app does.
    func recordAndWake(_ scopes: [ReloadRequest.Scope]) throws
    func catalog() throws -> BundleCatalog
    func addInstance(kind: String, family: WidgetFamily, configuration: [String: JSONValue]) throws -> WidgetInstance
    @discardableResult
    func setConfiguration(_ configuration: [String: JSONValue], of id: WidgetInstanceID) throws -> WidgetInstance?
    @discardableResult
    func removeInstance(_ id: WidgetInstanceID) throws -> WidgetInstance?
}

extension SharedStore: StoreUnderTest {
    func recordAndWake(_ scopes: [ReloadRequest.Scope]) throws {
        try recordReloadRequests(scopes, source: "app")
        HostWakeup.notify(location)
    }
}

extension LazySharedStore: StoreUnderTest {
    func recordReloadRequests(_ scopes: [ReloadRequest.Scope], source: String, forced: Bool) throws -> [ReloadRequest] {
        try open().recordReloadRequests(scopes, source: source, forced: forced)
    }

    func recordAndWake(_ scopes: [ReloadRequest.Scope]) throws {
        try open().recordAndWake(scopes)
    }

    func catalog() throws -> BundleCatalog { try open().catalog() }

    func addInstance(kind: String, family: WidgetFamily, configuration: [String: JSONValue]) throws -> WidgetInstance {
        try open().addInstance(kind: kind, family: family, configuration: configuration)
    }

    func setConfiguration(_ configuration: [String: JSONValue], of id: WidgetInstanceID) throws -> WidgetInstance? {
        try open().setConfiguration(configuration, of: id)
    }

    func removeInstance(_ id: WidgetInstanceID) throws -> WidgetInstance? {
        try open().removeInstance(id)
    }
}

extension MemoryHostStore: StoreUnderTest {
    func recordAndWake(_ scopes: [ReloadRequest.Scope]) throws {
        recordReloadRequests(scopes, source: "app")
    }
}
