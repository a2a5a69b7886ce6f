import FishGoData
import Foundation
import Testing
import TestSupport
import WidgetApp

/// Every value type goes through the app-side `SharedDefaults` and the SQLite store and comes
/// back as it was, with UserDefaults' names and this project's stricter type rules.
@Suite("Shared defaults values")
struct SharedDefaultsValueTests {
    private static let group = "group.bacon.data"

    private let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())

    /// A date that survives the trip through seconds since 1970 bit for bit.
    private static let exactDate = Date(timeIntervalSince1970: 1_767_225_600.5)

    @Test("A bool round-trips")
    func bool() throws {
        try defaults.set(true, forKey: "yes")
        try defaults.set(false, forKey: "no")
        #expect(try defaults.bool(forKey: "yes") == true)
        #expect(try defaults.bool(forKey: "no") == false)
    }

    @Test("An int round-trips, including the extremes", arguments: [0, 42, -7, Int.max, Int.min])
    func int(_ number: Int) throws {
        try defaults.set(number, forKey: "number")
        #expect(try defaults.integer(forKey: "number") == number)
        #expect(try defaults.storedValue(forKey: "number") == .int(number))
    }

    @Test("A double round-trips", arguments: [3.25, -0.1, 1e300, -Double.leastNonzeroMagnitude, 2.0])
    func double(_ number: Double) throws {
        try defaults.set(number, forKey: "ratio")
        #expect(try defaults.double(forKey: "ratio") == number)
        // 2.0 stays a double: SQLite keeps a REAL as a REAL.
        #expect(try defaults.storedValue(forKey: "ratio") == .double(number))
    }

    @Test("A string round-trips, including the empty string and non-ASCII text", arguments: ["hello", "", "魚 🎣", "a\nb"])
    func string(_ text: String) throws {
        try defaults.set(text, forKey: "text")
        #expect(try defaults.string(forKey: "text") == text)
    }

    @Test("Data round-trips byte for byte, including empty data")
    func data() throws {
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }) + Data([0, 0, 255])
        try defaults.set(bytes, forKey: "blob")
        #expect(try defaults.data(forKey: "blob") == bytes)
        try defaults.set(Data(), forKey: "empty")
        #expect(try defaults.data(forKey: "empty") == Data())
    }

    @Test("A date round-trips")
    func date() throws {
        try defaults.set(Self.exactDate, forKey: "when")
        #expect(try defaults.date(forKey: "when") == Self.exactDate)
        // Today's date keeps at least microseconds.
        let now = Date()
        try defaults.set(now, forKey: "now")
        let read = try #require(try defaults.date(forKey: "now"))
        #expect(abs(read.timeIntervalSince(now)) < 1e-6)
    }

    @Test("A JSON document round-trips")
    func jsonDocument() throws {
        let document = JSONValue.object([
            "name": .string("Pillar"),
            "count": .integer(3),
            "ratio": .number(0.5),
            "flags": .array([.bool(true), .null]),
            "nested": .object(["deep": .string("yes")]),
        ])
        try defaults.set(storedValue: .json(document), forKey: "doc")
        #expect(try defaults.storedValue(forKey: "doc") == .json(document))
    }

    @Test("A Codable struct round-trips through the generic set and value(_:forKey:)")
    func codableStruct() throws {
        let data = WidgetFishingData(
            spotName: "Jōgashima", verdict: .noGo, windSpeed: 9.5, waveHeight: 1.25,
            windDirection: "NNE", tideType: "spring", updatedAt: Self.exactDate)
        try data.save(to: defaults)
        #expect(try WidgetFishingData.load(from: defaults) == data)
        // Stored as one JSON document, which is what a widget or `defaults read` sees.
        let stored = try #require(try defaults.storedValue(forKey: WidgetFishingData.storageKey))
        #expect(stored.type == .json)
        guard case .json(let document) = stored else { return }
        #expect(document["verdict"] == .string("no_go"))
        #expect(document["updatedAt"] == .number(1_767_225_600.5))
    }

    @Test("A Codable value stored as JSON bytes in data decodes through value(_:forKey:)")
    func codableFromJSONData() throws {
        struct Score: Codable, Equatable { var player: String; var points: Int }
        let bytes = try JSONEncoder().encode(Score(player: "ann", points: 12))
        try defaults.set(bytes, forKey: "score")
        #expect(try defaults.value(Score.self, forKey: "score") == Score(player: "ann", points: 12))
    }

    @Test("A missing key reads as nil with every accessor")
    func missingKey() throws {
        #expect(try defaults.bool(forKey: "absent") == nil)
        #expect(try defaults.integer(forKey: "absent") == nil)
        #expect(try defaults.double(forKey: "absent") == nil)
        #expect(try defaults.string(forKey: "absent") == nil)
        #expect(try defaults.data(forKey: "absent") == nil)
        #expect(try defaults.date(forKey: "absent") == nil)
        #expect(try defaults.value(WidgetFishingData.self, forKey: "absent") == nil)
        #expect(try defaults.storedValue(forKey: "absent") == nil)
    }

    @Test("Reading another type throws typeMismatch naming what was expected and found")
    func typeMismatch() throws {
        try defaults.set("hello", forKey: "text")
        try defaults.set(42, forKey: "number")
        try defaults.set(true, forKey: "flag")
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "text", expected: .int, found: .string)) {
            try defaults.integer(forKey: "text")
        }
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "number", expected: .string, found: .int)) {
            try defaults.string(forKey: "number")
        }
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "number", expected: .bool, found: .int)) {
            try defaults.bool(forKey: "number")
        }
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "flag", expected: .int, found: .bool)) {
            try defaults.integer(forKey: "flag")
        }
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "text", expected: .json, found: .string)) {
            try defaults.value(WidgetFishingData.self, forKey: "text")
        }
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "text", expected: .data, found: .string)) {
            try defaults.data(forKey: "text")
        }
    }

    @Test("A double read of an int is widened; an int read of a double is refused")
    func intWidensToDouble() throws {
        try defaults.set(7, forKey: "number")
        #expect(try defaults.double(forKey: "number") == 7.0)
        try defaults.set(7.5, forKey: "ratio")
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "ratio", expected: .int, found: .double)) {
            try defaults.integer(forKey: "ratio")
        }
    }

    @Test("A document that does not decode as the type asked for throws undecodable")
    func undecodableDocument() throws {
        try defaults.set(storedValue: .json(.object(["spotName": .integer(1)])), forKey: "fish")
        #expect {
            try defaults.value(WidgetFishingData.self, forKey: "fish")
        } throws: { error in
            guard case .undecodable(let group, let key, let type, _) = error as? DefaultsError else { return false }
            return group == Self.group && key == "fish" && type == "WidgetFishingData"
        }
        try defaults.set(Data("not json".utf8), forKey: "bytes")
        #expect {
            try defaults.value(WidgetFishingData.self, forKey: "bytes")
        } throws: { error in
            guard case .undecodable(_, "bytes", _, _) = error as? DefaultsError else { return false }
            return true
        }
    }

    @Test("The string \"42\" stays a string: SQLite does not convert it")
    func numericStringStaysString() throws {
        try defaults.set("42", forKey: "answer")
        try defaults.set("1.5", forKey: "decimal")
        try defaults.set("0042", forKey: "padded")
        #expect(try defaults.string(forKey: "answer") == "42")
        #expect(try defaults.string(forKey: "decimal") == "1.5")
        #expect(try defaults.string(forKey: "padded") == "0042")
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "answer", expected: .int, found: .string)) {
            try defaults.integer(forKey: "answer")
        }
    }

    @Test("removeObject removes the key; removing a missing key is not an error")
    func removeObject() throws {
        try defaults.set(1, forKey: "gone")
        try defaults.set(2, forKey: "kept")
        try defaults.removeObject(forKey: "gone")
        #expect(try defaults.integer(forKey: "gone") == nil)
        #expect(try defaults.integer(forKey: "kept") == 2)
        try defaults.removeObject(forKey: "never-there")
    }

    @Test("Writing a value of another type replaces the value and its type")
    func overwriteChangesType() throws {
        try defaults.set(42, forKey: "slot")
        try defaults.set("forty-two", forKey: "slot")
        #expect(try defaults.string(forKey: "slot") == "forty-two")
        #expect(throws: DefaultsError.typeMismatch(group: Self.group, key: "slot", expected: .int, found: .string)) {
            try defaults.integer(forKey: "slot")
        }
        try defaults.set(Self.exactDate, forKey: "slot")
        #expect(try defaults.storedValue(forKey: "slot") == .date(Self.exactDate))
    }

    @Test("Groups are separate: a key in one group is not seen from another")
    func groupsAreSeparate() throws {
        let location = TestStore.temporaryLocation()
        let bacon = SharedDefaults(suiteName: "group.bacon.data", location: location)
        let fish = SharedDefaults(suiteName: "group.jp.netflowers.FishGo", location: location)
        try bacon.set(1, forKey: "shared-name")
        #expect(try fish.integer(forKey: "shared-name") == nil)
        try fish.set(2, forKey: "shared-name")
        #expect(try bacon.integer(forKey: "shared-name") == 1)
    }
}
