import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// JSONValueEncoder against the round trip it replaces (ReferenceEncoding): same JSONValue for
// every kind of value an entry can hold.

private struct Everything: Encodable {
    struct Inner: Codable { let name: String; let tags: [String] }
    enum Shape: Encodable { case circle(radius: Double), square(Int), none }

    var date = Date(timeIntervalSince1970: 1_767_225_600.75)
    var ancient = Date(timeIntervalSince1970: -1e11)
    var url = URL(string: "https://example.com/a b?q=1#frag")!
    var relativeURL = URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!
    var data = Data([0, 1, 2, 254, 255])
    var missing: String? = nil
    var present: Int? = 3
    var inner = Inner(name: "ß😀\n\"x\"", tags: ["a", "", "c"])
    var matrix: [[Int]] = [[1, 2], [], [3]]
    var byName: [String: Double] = ["a": 0.1, "b": 2, "c": -0.0]
    var byNumber: [Int: String] = [1: "one", -2: "minus two"]
    var optionals: [Double?] = [1.5, nil, 3]
    var score: Float = 0.42
    var floats: [Float] = [1, 1e10, 3.4028235e38, 1e-7, 0.1, -2.5]
    var huge: UInt64 = .max
    var unsigned: UInt = 7
    var small: [Int8] = [.min, .max]
    var wide: (Int16, Int32, Int64, UInt8, UInt16, UInt32) = (-3, .max, .min, 255, 65535, .max)
    var doubles: [Double] = [0.1, 1e21, 1e-7, .leastNonzeroMagnitude, 1767225600, 0x1p53, 0x1p60, -0x1p63, 0x1p63, 1.7976931348623157e308]
    var decimals: [Decimal] = [Decimal(string: "1.5")!, 3, Decimal(string: "12345678901234567890123")!, Decimal(string: "-0.001")!]
    var bigIntegers: (Int128, UInt128) = (-5, .max)
    var shapes: [Shape] = [.circle(radius: 2.5), .square(4), .none]
    var flag = true

    enum CodingKeys: String, CodingKey {
        case date, ancient, url, relativeURL, data, missing, present, inner, matrix, byName, byNumber, optionals
        case score, floats, huge, unsigned, small, wide, doubles, decimals, bigIntegers, shapes, flag
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(ancient, forKey: .ancient)
        try container.encode(url, forKey: .url)
        try container.encode(relativeURL, forKey: .relativeURL)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(missing, forKey: .missing)
        try container.encodeIfPresent(present, forKey: .present)
        try container.encode(inner, forKey: .inner)
        try container.encode(matrix, forKey: .matrix)
        try container.encode(byName, forKey: .byName)
        try container.encode(byNumber, forKey: .byNumber)
        try container.encode(optionals, forKey: .optionals)
        try container.encode(score, forKey: .score)
        try container.encode(floats, forKey: .floats)
        try container.encode(huge, forKey: .huge)
        try container.encode(unsigned, forKey: .unsigned)
        try container.encode(small, forKey: .small)
        // Straight into an unkeyed container: the primitive overloads, not the generic one.
        var wide = container.nestedUnkeyedContainer(forKey: .wide)
        try wide.encode(self.wide.0)
        try wide.encode(self.wide.1)
        try wide.encode(self.wide.2)
        try wide.encode(self.wide.3)
        try wide.encode(self.wide.4)
        try wide.encode(self.wide.5)
        try wide.encodeNil()
        try container.encode(doubles, forKey: .doubles)
        try container.encode(decimals, forKey: .decimals)
        var big = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .bigIntegers)
        try big.encode(bigIntegers.0, forKey: .date)
        try big.encode(bigIntegers.1, forKey: .url)
        try big.encodeNil(forKey: .missing)
        try container.encode(shapes, forKey: .shapes)
        try container.encode(flag, forKey: .flag)
    }
}

private class Animal: Encodable {
    var legs = 4
    var name: String? = "rex"
}

/// Encodes its superclass into the same container, as most subclasses do.
private final class Dog: Animal {
    var goodBoy = true

    enum CodingKeys: String, CodingKey { case goodBoy }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(goodBoy, forKey: .goodBoy)
        try super.encode(to: encoder)
    }
}

/// Encodes its superclass under "super" and "parent", plus a super encoder nobody fills.
private final class Cat: Animal {
    enum CodingKeys: String, CodingKey { case lives, parent, unused, list }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(9, forKey: .lives)
        try super.encode(to: container.superEncoder())
        try super.encode(to: container.superEncoder(forKey: .parent))
        _ = container.superEncoder(forKey: .unused)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try super.encode(to: list.superEncoder())
        var nested = list.nestedContainer(keyedBy: CodingKeys.self)
        try nested.encode("x", forKey: .lives)
        var deeper = list.nestedUnkeyedContainer()
        try deeper.encode(1.5)
        try list.encode(2)
    }
}

private struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private struct Wrapper<T: Encodable>: Encodable {
    let value: T
    let nothing = EncodesNothing()
}

/// Reads its coding path while encoding, as some custom encoders do.
private struct PathReporter: Encodable {
    struct Leaf: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
        }
    }

    let leaves = ["a": [Leaf(), Leaf()]]
}

@Suite struct JSONValueEncoderTests {
    private func expectSameAsReference<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ReferenceEncoding.jsonValue(value)
        #expect(try JSONValueEncoder().encode(value) == expected, sourceLocation: sourceLocation)
    }

    @Test func everyKindOfValueComesOutAsTheRoundTripGaveIt() throws {
        try expectSameAsReference(Everything())
    }

    @Test func theSamplesEntriesComeOutAsTheRoundTripGaveThem() throws {
        try expectSameAsReference(SampleEntries.counter)
        try expectSameAsReference(SampleEntries.movie)
        for entry in SampleEntries.pillars { try expectSameAsReference(entry) }
        for entry in SampleEntries.fishGo { try expectSameAsReference(entry) }
    }

    @Test func subclassesAndSuperEncoders() throws {
        try expectSameAsReference(Dog())
        try expectSameAsReference(Cat())
        #expect(try JSONValueEncoder().encode(Dog()) == .object(["goodBoy": .bool(true), "legs": .integer(4), "name": .string("rex")]))
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObjectInsideAndAnErrorAtTheTop() throws {
        try expectSameAsReference(Wrapper(value: 1))
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(EncodesNothing()) }
    }

    @Test func topLevelFragments() throws {
        try expectSameAsReference("text")
        try expectSameAsReference(2.0)
        try expectSameAsReference(Optional<Int>.none)
        try expectSameAsReference([Date(timeIntervalSince1970: 0)])
    }

    @Test func codingPathsAreThoseJSONEncoderGives() throws {
        try expectSameAsReference(PathReporter())
    }

    private static let edgeDoubles: [Double] = [
        0.0, -0.0, 1, -1, 0.5, 1e15, 1e16, 1e17 + 16, 0x1p53 + 2, 4.5e15, 1.2345678901234568e17,
        0x1p62, 0x1p63 - 1024, -0x1p63, 0x1p64, 1e22, 1e-300, 2.5e-5, .pi, -.greatestFiniteMagnitude, .leastNormalMagnitude,
    ]

    @Test(arguments: edgeDoubles)
    func doublesReadBackAsJSONDecoderReadThem(_ number: Double) throws {
        try expectSameAsReference([number])
        try expectSameAsReference([Float(number)].filter(\.isFinite))
    }

    @Test func randomDoublesAndFloatsAgreeWithTheRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = []
        var floats: [Float] = []
        for _ in 0..<2000 {
            // Any bit pattern: every magnitude, whole numbers above 2^53 included.
            let double = Double(bitPattern: generator.next())
            if double.isFinite { doubles.append(double) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if float.isFinite { floats.append(float) }
            doubles.append(Double(Int64.random(in: .min ... .max, using: &generator)))
        }
        try expectSameAsReference(doubles)
        try expectSameAsReference(floats)
    }

    @Test func nonFiniteNumbersThrowAsJSONEncoderDoes() throws {
        struct Holder: Encodable { let inner: [[String: Double]]; let score: Float }
        for value in [Holder(inner: [["x": -.infinity]], score: 1), Holder(inner: [], score: .nan)] {
            let reference = try #require(throws: EncodingError.self) { try ReferenceEncoding.jsonValue(value) }
            let error = try #require(throws: EncodingError.self) { try JSONValueEncoder().encode(value) }
            #expect("\(error)" == "\(reference)")
        }
    }
}
