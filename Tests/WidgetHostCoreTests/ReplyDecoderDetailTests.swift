import Foundation
import Testing
@testable import WidgetHostCore

/// What `ReplyDecoder` says about a payload of the wrong shape (the bundle author reads it), and
/// the shapes it accepts at the edges: null or absent optional members, unknown members.
@Suite struct ReplyDecoderDetailTests {
    private let decoder = ReplyDecoder(limits: CallLimits())

    private func entryError(_ json: String) -> ProviderCallError? {
        do {
            _ = try decoder.entry(from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    private func timeline(entries: String, policy: String = #"{"type":"atEnd"}"#) -> String {
        #"{"version":1,"entries":\#(entries),"policy":\#(policy)}"#
    }

    private static let goodEntry = #"{"date":1,"relevance":null,"content":{}}"#

    @Test func namesAMissingMemberByItsPath() {
        #expect(decoder.timelineError(timeline(entries: #"[{"content":{}}]"#)) == .malformedPayload(detail: #"missing "entries.0.date""#))
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry),{\"date\":2}]")) == .malformedPayload(detail: #"missing "entries.1.content""#))
        #expect(entryError(#"{"version":1,"entry":{"content":{}}}"#) == .malformedPayload(detail: #"missing "entry.date""#))
        #expect(decoder.timelineError(#"{"entries":[]}"#) == .malformedPayload(detail: #"missing "version""#))
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry)]", policy: "{}")) == .malformedPayload(detail: #"missing "policy.type""#))
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry)]", policy: #"{"type":"after"}"#))
            == .malformedPayload(detail: #"missing "policy.date""#))
        #expect(decoder.timelineError(#"{"version":1,"error":{}}"#) == .malformedPayload(detail: #"missing "error.message""#))
    }

    @Test func namesAWrongTypeByItsPathAndWhatWasThere() {
        let entries = "[\(Self.goodEntry),\(Self.goodEntry),{\"date\":\"soon\",\"content\":{}}]"
        #expect(decoder.timelineError(timeline(entries: entries))
            == .malformedPayload(detail: #"wrong type at "entries.2.date": expected a number, found a string"#))
        #expect(decoder.timelineError(timeline(entries: #"[{"date":1,"relevance":{"score":null,"duration":1},"content":{}}]"#))
            == .malformedPayload(detail: #"wrong type at "entries.0.relevance.score": expected a number, found null"#))
        #expect(decoder.timelineError(timeline(entries: "[[]]")) == .malformedPayload(detail: #"wrong type at "entries.0": expected an object, found an array"#))
        #expect(decoder.timelineError(timeline(entries: "{}")) == .malformedPayload(detail: #"wrong type at "entries": expected an array, found an object"#))
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry)]", policy: #""atEnd""#))
            == .malformedPayload(detail: #"wrong type at "policy": expected an object, found a string"#))
        #expect(decoder.timelineError(#"{"version":1,"error":{"message":404}}"#)
            == .malformedPayload(detail: #"wrong type at "error.message": expected a string, found an integer"#))
        #expect(decoder.timelineError("[1]") == .malformedPayload(detail: "wrong type at the top level: expected an object, found an array"))
    }

    @Test func wantsAnIntegerVersion() {
        #expect(decoder.timelineError(#"{"version":"1"}"#) == .malformedPayload(detail: #"wrong type at "version": expected an integer such as 1, found a string"#))
        #expect(decoder.timelineError(#"{"version":1.5}"#) == .malformedPayload(detail: #"wrong type at "version": expected an integer such as 1, found the number 1.5"#))
        #expect(decoder.timelineError(#"{"version":null}"#) == .malformedPayload(detail: #"wrong type at "version": expected an integer such as 1, found null"#))
        // The version is read before anything else, so a newer payload's other members do not matter.
        #expect(decoder.timelineError(#"{"version":3,"entries":"a newer shape"}"#) == .unsupportedPayloadVersion(found: 3, supported: 1))
    }

    @Test func namesTheUnknownPolicyType() {
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry)]", policy: #"{"type":"sometimes"}"#))
            == .malformedPayload(detail: #"unknown policy type "sometimes" at "policy.type"; expected atEnd, never or after"#))
    }

    @Test func passesOnWhereTheJSONItselfIsWrong() {
        #expect(decoder.timelineError(timeline(entries: "[\(Self.goodEntry),]")) == .malformedPayload(detail: "expected a value at byte 65"))
        #expect(decoder.timelineError(#"{"version":1,"version":1}"#) == .malformedPayload(detail: #"a second member named "version" at byte 13"#))
        // JSON has no infinity: a date that overflows a Double is malformed, not a non-finite date.
        #expect(decoder.timelineError(timeline(entries: #"[{"date":1e999,"content":{}}]"#))
            == .malformedPayload(detail: "a number too large for a Double at byte 32"))
    }

    @Test func readsTheWholeShapeBeforeTheProvidersError() {
        #expect(decoder.timelineError(#"{"version":1,"error":{"message":"offline"},"entries":[{}]}"#)
            == .malformedPayload(detail: #"missing "entries.0.date""#))
        #expect(decoder.timelineError(#"{"version":1,"error":{"message":"offline"},"entries":null,"policy":null}"#) == .providerFailed(message: "offline"))
    }

    @Test func acceptsNullOrAbsentOptionalMembersAndIgnoresUnknownOnes() throws {
        #expect(decoder.timelineError(#"{"version":1,"entries":null,"policy":{"type":"atEnd"}}"#) == .missingMember("entries"))
        #expect(entryError(#"{"version":1,"entry":null}"#) == .missingMember("entry"))
        let json = timeline(
            entries: #"[{"date":1e10,"relevance":{"score":-2,"duration":0.5,"why":"x"},"content":[]},{"date":253402300799,"relevance":{"score":9007199254740993,"duration":0},"content":null,"extra":[1]}]"#,
            policy: #"{"type":"after","date":5.5,"note":{}}"#)
        let decoded = try decoder.timeline(from: Array(json.utf8))
        #expect(decoded.entries.map(\.date.timeIntervalSince1970) == [1e10, 253_402_300_799])
        #expect(decoded.entries.map(\.content) == [.array([]), .null])
        // An integer past 2^53 is read as the nearest Double, as JSONDecoder does.
        #expect(decoded.entries.map(\.relevance) == [EntryRelevance(score: -2, duration: 0.5), EntryRelevance(score: 9_007_199_254_740_992, duration: 0)])
        #expect(decoded.policy == .after(Date(timeIntervalSince1970: 5.5)))
        // An older payload version is read the same way.
        #expect(try decoder.entry(from: Array(#"{"version":0,"entry":{"date":-0,"content":{"n":1.0}}}"#.utf8)).content
            == .object(["n": .number(1)]))
    }
}
