import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore

/// `AppService`: the one app-facing service behind `SharedDefaults`, `WidgetCenter`, the CLI,
/// the HTTP API and the D-Bus service.
@Suite("Apps: one service behind every front end")
struct AppServiceTests {
    /// Two kinds, with their families, as the daemon's loaded bundles would say.
    struct TwoKinds: WidgetKindDirectory {
        func families(ofKind kind: String) -> [WidgetFamily]? {
            ["CounterWidget": [.systemSmall, .systemMedium], "PillarWidget": [.systemMedium]][kind]
        }
        var installedKinds: [String] { ["CounterWidget", "PillarWidget"] }
    }

    let location = TestStore.temporaryLocation()
    var service: AppService { AppService(location: location, source: "test", kinds: TwoKinds()) }

    @Test("Values read back type for type; a nil removes its key")
    func roundTrip() throws {
        let values: [String: StoredValue] = [
            "count": .int(42), "ratio": .double(0.5), "on": .bool(true), "name": .string("Ünïcode"),
            "bytes": .data(Data([0, 1, 255])), "when": .date(Date(timeIntervalSince1970: 1_700_000_000.5)),
            "doc": .json(.object(["list": .array([.integer(1), .string("two")])])),
        ]
        try service.set(values, inGroup: "group.test.apps")
        #expect(try service.values(inGroup: "group.test.apps") == values)
        #expect(try service.value(forKey: "count", inGroup: "group.test.apps") == .int(42))
        try service.set(["count": nil], inGroup: "group.test.apps")
        let missing = #expect(throws: AppServiceError.self) { try service.value(forKey: "count", inGroup: "group.test.apps") }
        #expect(missing?.code == .unknownKey)
    }

    @Test("A write with one value the store refuses writes nothing, and names the key")
    func atomicWrite() throws {
        try service.set(["kept": .int(1)], inGroup: "group.test.apps")
        let refused = #expect(throws: AppServiceError.self) {
            try service.set(["kept": .int(2), "fresh": .string("x"), "huge": .string(String(repeating: "a", count: 2 << 20))], inGroup: "group.test.apps")
        }
        #expect(refused?.code == .invalidValue)
        #expect(refused?.description.contains("'huge'") == true)
        #expect(try service.values(inGroup: "group.test.apps") == ["kept": .int(1)])
    }

    @Test("Hostile group names and keys are typed errors", arguments: [
        ("group.a/../b", "k", AppServiceError.Code.invalidGroup), ("..", "k", .invalidGroup), ("group.x", "k", .invalidGroup),
        ("group.test.apps", "", .invalidKey), ("group.test.apps", String(repeating: "k", count: 300), .invalidKey),
    ])
    func hostileNames(group: String, key: String, code: AppServiceError.Code) throws {
        let refused = #expect(throws: AppServiceError.self) { try service.set([key: .int(1)], inGroup: group) }
        #expect(refused?.code == code)
    }

    @Test("Reloads and pins check the kind and the family, naming what is installed")
    func kindsAndFamilies() throws {
        let unknown = #expect(throws: AppServiceError.self) { try service.reloadTimelines(ofKinds: ["CounterWidget", "Nope"]) }
        #expect(unknown?.code == .unknownKind)
        #expect(unknown?.description == "no installed bundle declares kind 'Nope'; known kinds: CounterWidget, PillarWidget")
        let family = #expect(throws: AppServiceError.self) { try service.pinWidget(kind: "PillarWidget", family: "systemSmall") }
        #expect(family?.code == .unknownFamily)

        let reload = try service.reloadTimelines(ofKinds: ["CounterWidget"])
        #expect(reload.requests.map(\.scope) == [.kind("CounterWidget")])
        #expect(reload.deliveredToRunningHost == false)
        let pinned = try service.pinWidget(kind: "PillarWidget", family: nil)
        #expect(pinned.family == .systemMedium)
        #expect(try service.currentConfigurations().map(\.id) == [pinned.id])
    }

    @Test("Every write reaches a listening daemon as one notice naming its group and keys, whoever made it")
    func changeNotices() async throws {
        let notices = EventLog<String>()
        let listener = try DefaultsChangeListener(location: location) { group, keys in
            notices.append("\(group): \(keys.joined(separator: ","))")
        }
        defer { listener.stop() }
        try service.set(["b": .int(1), "a": .int(2)], inGroup: "group.test.apps")
        try SharedDefaults(suiteName: "group.test.apps", location: location).set(storedValue: .bool(true), forKey: "c")
        try service.remove(["a"], fromGroup: "group.test.apps")
        try await notices.wait(for: "three notices") { $0.count == 3 }
        #expect(notices.all == ["group.test.apps: a,b", "group.test.apps: c", "group.test.apps: a"])
    }
}
