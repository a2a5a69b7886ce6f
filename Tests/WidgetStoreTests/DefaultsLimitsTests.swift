import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore

/// Keys, values and suite names outside the limits are refused with an error naming the problem,
/// and leave the store as it was.
@Suite("Shared defaults limits and names")
struct DefaultsLimitsTests {
    private static let group = "group.bacon.data"

    @Test("An empty key is refused, for reads and writes alike")
    func emptyKey() throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        let expected = DefaultsError.invalidKey(group: Self.group, key: "", problem: .empty)
        #expect(throws: expected) { try defaults.set(1, forKey: "") }
        #expect(throws: expected) { try defaults.integer(forKey: "") }
        #expect(throws: expected) { try defaults.removeObject(forKey: "") }
    }

    @Test("NaN and infinities are refused before they reach the store, and the old value stays",
          arguments: [Double.nan, Double.infinity, -Double.infinity])
    func nonFiniteNumbers(_ number: Double) throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        try defaults.set(1.5, forKey: "ratio")
        #expect(throws: DefaultsError.nonFiniteNumber(group: Self.group, key: "ratio")) { try defaults.set(number, forKey: "ratio") }
        #expect(throws: DefaultsError.nonFiniteNumber(group: Self.group, key: "when")) {
            try defaults.set(Date(timeIntervalSince1970: number), forKey: "when")
        }
        #expect(try defaults.double(forKey: "ratio") == 1.5)
        #expect(try defaults.date(forKey: "when") == nil)
    }

    @Test("Dates outside years 1 to 9999 are refused, and the old value stays; the years' ends are kept",
          arguments: [1e300, -1e300, 253_402_300_800, -62_135_769_601, 1.7e12])
    func datesOutOfRange(_ seconds: Double) throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        let kept = Date(timeIntervalSince1970: 1_700_000_000)
        try defaults.set(kept, forKey: "when")
        #expect(throws: DefaultsError.dateOutOfRange(group: Self.group, key: "when")) {
            try defaults.set(Date(timeIntervalSince1970: seconds), forKey: "when")
        }
        #expect(try defaults.date(forKey: "when") == kept)
        for edge in [SupportedDates.earliest, SupportedDates.end - 1] {
            try defaults.set(Date(timeIntervalSince1970: edge), forKey: "edge")
            #expect(try defaults.date(forKey: "edge") == Date(timeIntervalSince1970: edge))
        }
    }

    @Test("A 256-byte key is accepted; a 257-byte key is refused")
    func keyLength() throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        let longest = String(repeating: "k", count: 256)
        try defaults.set(1, forKey: longest)
        #expect(try defaults.integer(forKey: longest) == 1)

        let tooLong = String(repeating: "k", count: 257)
        #expect(throws: DefaultsError.invalidKey(group: Self.group, key: tooLong, problem: .tooLong(bytes: 257))) {
            try defaults.set(1, forKey: tooLong)
        }
        // Bytes count, not characters: 86 three-byte characters are 258 bytes.
        let wide = String(repeating: "魚", count: 86)
        #expect(throws: DefaultsError.invalidKey(group: Self.group, key: wide, problem: .tooLong(bytes: 258))) {
            try defaults.set(1, forKey: wide)
        }
    }

    @Test("A key holding a NUL is refused")
    func nulInKey() throws {
        let defaults = SharedDefaults(suiteName: Self.group, location: TestStore.temporaryLocation())
        #expect(throws: DefaultsError.invalidKey(group: Self.group, key: "a\0b", problem: .containsNUL)) {
            try defaults.set(1, forKey: "a\0b")
        }
    }

    @Test("A value of exactly 1 MiB is accepted; one byte more is refused and nothing is written")
    func valueSize() throws {
        let location = TestStore.temporaryLocation()
        let defaults = SharedDefaults(suiteName: Self.group, location: location)
        let limit = DefaultsLimits.maximumValueSize
        #expect(limit == 1 << 20)

        try defaults.set(Data(repeating: 1, count: limit), forKey: "fits")
        #expect(try defaults.data(forKey: "fits")?.count == limit)

        #expect(throws: DefaultsError.valueTooLarge(group: Self.group, key: "big", bytes: limit + 1, limit: limit)) {
            try defaults.set(Data(repeating: 2, count: limit + 1), forKey: "big")
        }
        #expect(try defaults.data(forKey: "big") == nil)

        // A too-large value does not replace what the key held before.
        try defaults.set("small", forKey: "text")
        let bigText = String(repeating: "x", count: limit + 1)
        #expect(throws: DefaultsError.valueTooLarge(group: Self.group, key: "text", bytes: limit + 1, limit: limit)) {
            try defaults.set(bigText, forKey: "text")
        }
        #expect(try defaults.string(forKey: "text") == "small")

        let store = try SharedStore.open(location)
        #expect(try store.entries(in: AppGroupID(validating: Self.group)).map(\.key) == ["fits", "text"])
    }

    @Test("An invalid suite name fails every call with invalidGroup", arguments: [
        ("grup.x", AppGroupIDError.Problem.missingPrefix),
        ("group.x", .tooFewLabels),
        ("group.a..b", .emptyLabel),
        ("group.-a.b", .invalidLabel("-a")),
        ("group.a.b.", .emptyLabel),
        ("group.bacon.da_ta", .invalidLabel("da_ta")),
        ("Group.bacon.data", .missingPrefix),
    ])
    func invalidSuiteName(_ name: String, _ problem: AppGroupIDError.Problem) throws {
        let location = TestStore.temporaryLocation()
        let defaults = SharedDefaults(suiteName: name, location: location)
        let isExpected = { (error: any Error) -> Bool in
            guard case .invalidGroup(let refusal) = error as? DefaultsError else { return false }
            return refusal.name == name && refusal.problem == problem
        }
        #expect { try defaults.set(1, forKey: "key") } throws: { isExpected($0) }
        #expect { try defaults.integer(forKey: "key") } throws: { isExpected($0) }
        #expect { try defaults.removeObject(forKey: "key") } throws: { isExpected($0) }
        #expect { try defaults.setValues(["key": .int(1)]) } throws: { isExpected($0) }
        #expect { try defaults.containerURL() } throws: { isExpected($0) }
        // Refused before the store is even opened.
        #expect(!FileManager.default.fileExists(atPath: location.directory.path))
    }

    @Test("Well-formed App Group names are accepted", arguments: [
        "group.bacon.data", "group.jp.netflowers.FishGo", "group.com.example.my-app", "group.a1.b2",
    ])
    func validSuiteName(_ name: String) throws {
        let defaults = SharedDefaults(suiteName: name, location: TestStore.temporaryLocation())
        try defaults.set("ok", forKey: "key")
        #expect(try defaults.string(forKey: "key") == "ok")
    }
}
