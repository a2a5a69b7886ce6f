import Foundation
import Testing
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

/// The host's own JSON (worker headers, bundle-cache.json, broken-bundles.json) through
/// JSONValueEncoder.roundTrip → JSONWriter → JSONReader → JSONValueDecoder.roundTrip: each value
/// comes back equal. Errors are in JSONValueDecoderErrorTests.
enum HostJSON {
    static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONValueDecoder.roundTrip.decode(T.self, from: JSONReader().read(bytes))
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try decode(T.self, from: bytes(value))
    }
}

@Suite struct JSONValueDecoderTests {
    private func expectRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try HostJSON.roundTrip(value) == value, sourceLocation: sourceLocation)
    }

    @Test(arguments: WorkerProtocolTests.hostMessages)
    func everyHostMessage(_ message: HostMessage) throws {
        try expectRoundTrip(message)
    }

    @Test(arguments: WorkerProtocolTests.workerMessages)
    func everyWorkerMessage(_ message: WorkerMessage) throws {
        try expectRoundTrip(message)
    }

    static let loadErrors: [BundleLoadError] = [
        .notELF(path: "/a.so"),
        .missing(path: "/a.so"),
        .openFailed(path: "/a.so", reason: "no such file"),
        .missingEntrySymbol(path: "/a.so"),
        .entryReturnedNull(path: "/a.so"),
        .incompatibleABI(path: "/a.so", bundle: ABIVersion(major: 2, minor: 0, patch: 1), host: .host),
        .malformedBundle(path: "/a.so", field: "name", problem: "is NULL"),
        .initFailed(path: "/a.so", bundle: "A"),
        .invalidWidget(path: "/a.so", index: 3, kind: nil, field: "kind", problem: "is empty"),
        .invalidWidget(path: "/a.so", index: 0, kind: "K", field: "families", problem: "is empty"),
        .hostServicesUnavailable(path: "/a.so", reason: "ffi"),
        .invalidAppGroup(path: "/a.so", bundle: "A", index: 1, problem: appGroupError("group.-x.y")),
        .invalidAppGroup(path: "/a.so", bundle: "A", index: 0, problem: appGroupError("y")),
    ]

    private static func appGroupError(_ name: String) -> AppGroupIDError {
        do {
            _ = try AppGroupID(validating: name)
            preconditionFailure("\(name) is a valid App Group")
        } catch {
            return error
        }
    }

    @Test func everyBundleLoadErrorInAScanReport() throws {
        #expect(Set(Self.loadErrors.map(\.code)).count == 11, "a BundleLoadError case is missing here")
        for error in Self.loadErrors {
            try expectRoundTrip(WorkerScanReport(status: .failed, bundle: nil, error: error))
            try expectRoundTrip(WorkerMessage.scanned(WorkerScanReport(status: .failed, bundle: nil, error: error)))
        }
    }

    @Test func bundleCacheEntries() throws {
        let bundle = ScannedBundle(
            name: "Wide ✓ \"quoted\"", version: "1.0", abiVersion: .host, appGroups: ["group.a.b", "group.c.d"],
            widgets: [
                ScannedWidget(kind: "A", displayName: "Ä", description: "", families: WidgetFamily.allCases),
                ScannedWidget(kind: "B", displayName: "B\n", description: "d", families: []),
            ])
        let entries = [
            BundleCache.Entry(path: "/x/a.so", size: .max, modifiedSeconds: .min, modifiedNanoseconds: 999_999_999,
                              report: WorkerScanReport(status: .loaded, bundle: bundle, error: nil)),
            BundleCache.Entry(path: "/x/b.so", size: 0, modifiedSeconds: 1_767_225_600, modifiedNanoseconds: 0,
                              report: WorkerScanReport(status: .skipped, bundle: nil, error: nil)),
        ]
        try expectRoundTrip(entries)
        try expectRoundTrip(BundleCache.Producer())
    }

    static let failures: [WorkerFailure] = [
        .crashed(signal: 11), .exited(status: -1), .timedOut(seconds: 15.25), .protocolError("bad\u{0}header"),
        .spawnFailed(""), .restarting(until: Date(timeIntervalSince1970: 1_767_225_600.123_456_7), after: "crashed"),
    ]

    @Test func brokenBundleEntries() throws {
        let entries = Self.failures.enumerated().map { index, failure in
            BrokenBundleMemory.Entry(
                path: "/b/\(index).so", size: Int64(index), modifiedSeconds: index, modifiedNanoseconds: index,
                failure: failure, at: Date(timeIntervalSinceReferenceDate: 800_000_000.000_001 * Double(index)))
        }
        try expectRoundTrip(entries)
        // A list written by JSONEncoder, before this decoder, still reads: the same shape.
        #expect(try HostJSON.decode([BrokenBundleMemory.Entry].self, from: Array(JSONEncoder().encode(entries))) == entries)
    }

    /// Optionals inside optionals inside collections; a missing key and null both read as nil.
    private struct Nested: Codable, Equatable {
        struct Inner: Codable, Equatable {
            var value: Int?
            var list: [String?]?
            var byName: [String: Double?]
        }

        var inner: Inner?
        var inners: [Inner?]
        var deep: [[Inner]]?
    }

    @Test func nestedOptionals() throws {
        let full = Nested.Inner(value: 1, list: ["a", nil, ""], byName: ["x": 1.5, "y": nil])
        let empty = Nested.Inner(value: nil, list: nil, byName: [:])
        try expectRoundTrip(Nested(inner: full, inners: [nil, empty, full], deep: [[full], [], [empty]]))
        try expectRoundTrip(Nested(inner: nil, inners: [], deep: nil))
        let explicitNulls = Array(#"{"inner":{"value":null,"list":null,"byName":{}},"inners":[null],"deep":null}"#.utf8)
        #expect(try HostJSON.decode(Nested.self, from: explicitNulls) == Nested(inner: empty, inners: [nil], deep: nil))
    }

    private struct Integers: Codable, Equatable {
        var int8: [Int8] = [.min, -1, 0, .max]
        var int16: [Int16] = [.min, .max]
        var int32: [Int32] = [.min, .max]
        var int64: [Int64] = [.min, .max]
        var int: [Int] = [.min, .max]
        var int128: [Int128] = [.min, Int128(Int64.min) - 1, Int128(Int64.max) + 1, .max]
        var uint8: [UInt8] = [0, .max]
        var uint16: [UInt16] = [.max]
        var uint32: [UInt32] = [.max]
        var uint64: [UInt64] = [0, UInt64(Int64.max), UInt64(Int64.max) + 1, .max - 1, .max]
        var uint: [UInt] = [.max]
        var uint128: [UInt128] = [.max]
        var single: UInt64 = .max
        var optional: UInt64? = .max
    }

    @Test func integerEdgeValues() throws {
        try expectRoundTrip(Integers())
        // An id above Int64.max is the one place the JSON differs from JSONEncoder's: a string.
        let request = WorkerCallRequest(id: .max, call: .timeline, kind: "K", context: CallContext(family: .systemSmall))
        let header = try #require(JSONValueEncoder.roundTrip.encode(HostMessage.call(request))["call"]?["_0"])
        #expect(header["id"] == .string("18446744073709551615"))
        // The integer types read a whole `.number` too, as JSONDecoder reads 1e3.
        #expect(try HostJSON.decode([UInt8].self, from: Array("[1e2, 2.0, 3]".utf8)) == [100, 2, 3])
    }

    @Test func datesComeBackExactly() throws {
        var dates = [
            Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.0), .distantPast, .distantFuture,
            Date(timeIntervalSince1970: 1_767_225_600.123_456_789), Date(timeIntervalSince1970: -1e11 - 0.5),
            Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude), Date(timeIntervalSinceReferenceDate: 0x1p60 + 0x1p8),
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let seconds = Double(bitPattern: generator.next())
            if seconds.isFinite { dates.append(Date(timeIntervalSinceReferenceDate: seconds)) }
            dates.append(Date(timeIntervalSince1970: Double.random(in: 0..<4e9, using: &generator)))
        }
        let decoded = try HostJSON.roundTrip(dates)
        for (date, back) in zip(dates, decoded) {
            #expect(back.timeIntervalSinceReferenceDate == date.timeIntervalSinceReferenceDate)
        }
        #expect(decoded.count == dates.count)
    }

    @Test func doublesAndFloatsComeBackExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = [0.1, 1e21, 1e-7, 0x1p53 + 2, 0x1p63, 0x1p64, -.greatestFiniteMagnitude, .leastNormalMagnitude]
        var floats: [Float] = [0.42, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e10]
        for _ in 0..<2000 {
            let double = Double(bitPattern: generator.next())
            if double.isFinite { doubles.append(double) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if float.isFinite { floats.append(float) }
        }
        try expectRoundTrip(doubles)
        try expectRoundTrip(floats)
    }

    @Test func dataURLsAndDictionaries() throws {
        try expectRoundTrip([Data(), Data([0]), Data((0...255).map { UInt8($0) })])
        try expectRoundTrip([URL(string: "https://example.com/a%20b?q=1#f")!, URL(fileURLWithPath: "/tmp/x y")])
        try expectRoundTrip(["": 1, "a": 2, "ä\"\\": 3])
        try expectRoundTrip([1: "one", -2: "minus two"])
        try expectRoundTrip(["k": ["nested": [true, false]]])
    }

    @Test func theDefaultsReadISO8601DatesAsTheSDKWritesThem() throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        let encoded = try JSONValueEncoder().encode([date])
        #expect(encoded == .array([.string("2026-01-01T00:00:00Z")]))
        #expect(try JSONValueDecoder().decode([Date].self, from: encoded) == [date])
    }

    @Test func aJSONValueComesBackAsItIs() throws {
        let value = JSONValue.object(["n": .number(2.5), "i": .integer(2), "a": .array([.null, .bool(true), .string("s")])])
        #expect(try JSONValueDecoder.roundTrip.decode(JSONValue.self, from: value) == value)
        #expect(try JSONValueDecoder.roundTrip.decode([String: JSONValue].self, from: value) == value.objectValue)
    }

    @Test func subclassesThroughSuperDecoders() throws {
        let pet = Pet(name: "rex", lives: 9)
        let back = try HostJSON.roundTrip(pet)
        #expect(back.name == "rex" && back.lives == 9)
        #expect(try JSONValueEncoder.roundTrip.encode(pet) == .object(["lives": .integer(9), "super": .object(["name": .string("rex")])]))
    }
}

private class Animal: Codable {
    let name: String
    init(name: String) { self.name = name }
}

/// Keeps its superclass under "super", through superEncoder and superDecoder.
private final class Pet: Animal {
    let lives: Int
    enum CodingKeys: String, CodingKey { case lives }

    init(name: String, lives: Int) {
        self.lives = lives
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lives = try container.decode(Int.self, forKey: .lives)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: container.superEncoder())
    }
}
