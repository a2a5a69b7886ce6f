import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore

/// `setValues` writes a batch in one transaction: every key lands, or none does.
@Suite("setValues is atomic")
struct SetValuesAtomicityTests {
    private static let group = "group.bacon.data"

    @Test("A batch with one invalid key writes nothing and leaves earlier values alone")
    func invalidKeyWritesNothing() throws {
        let location = TestStore.temporaryLocation()
        let defaults = SharedDefaults(suiteName: Self.group, location: location)
        try defaults.set(1, forKey: "a")

        let tooLong = String(repeating: "z", count: 257)
        #expect(throws: DefaultsError.invalidKey(group: Self.group, key: tooLong, problem: .tooLong(bytes: 257))) {
            try defaults.setValues(["a": .int(100), "b": .string("new"), tooLong: .int(3), "c": nil])
        }
        #expect(try defaults.integer(forKey: "a") == 1)
        #expect(try defaults.string(forKey: "b") == nil)
        let store = try SharedStore.open(location)
        #expect(try store.entries(in: AppGroupID(validating: Self.group)).map(\.key) == ["a"])
    }

    @Test("A batch with one value over the limit writes nothing")
    func oversizedValueWritesNothing() throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        #expect(throws: DefaultsError.self) {
            try defaults.setValues([
                "small": .int(1),
                "huge": .data(Data(count: DefaultsLimits.maximumValueSize + 1)),
            ])
        }
        #expect(try defaults.integer(forKey: "small") == nil)
        #expect(try defaults.data(forKey: "huge") == nil)
    }

    @Test("A valid batch writes every key, and a nil value removes its key")
    func validBatch() throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        try defaults.set("old", forKey: "removed")
        try defaults.setValues(["x": .int(1), "y": .bool(true), "z": .string("zed"), "removed": nil])
        #expect(try defaults.integer(forKey: "x") == 1)
        #expect(try defaults.bool(forKey: "y") == true)
        #expect(try defaults.string(forKey: "z") == "zed")
        #expect(try defaults.string(forKey: "removed") == nil)
    }
}
