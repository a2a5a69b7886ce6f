import Foundation
import Testing
@testable import WidgetHostCore
import WidgetPayload

@Suite struct ReplyDecoderTests {
    private let decoder = ReplyDecoder(limits: { var limits = CallLimits(); limits.maxEntries = 3; return limits }())

    private func timeline(_ json: String) throws(ProviderCallError) -> WidgetTimeline {
        try decoder.timeline(from: Array(json.utf8))
    }

    private func timelineError(_ json: String) -> ProviderCallError? {
        do {
            _ = try timeline(json)
            return nil
        } catch {
            return error
        }
    }

    private func entries(_ dates: [String]) -> String {
        "[" + dates.map { #"{"date":\#($0),"relevance":null,"content":{}}"# }.joined(separator: ",") + "]"
    }

    @Test func decodesAValidTimeline() throws {
        let decoded = try timeline(#"{"version":1,"entries":\#(entries(["10", "20"])),"policy":{"type":"after","date":30}}"#)
        #expect(decoded.entries.map(\.date.timeIntervalSince1970) == [10, 20])
        #expect(decoded.policy == .after(Date(timeIntervalSince1970: 30)))
    }

    @Test("An empty timeline is WidgetKit's 'nothing new', with its policy")
    func decodesAnEmptyTimeline() throws {
        let decoded = try timeline(#"{"version":1,"entries":[],"policy":{"type":"after","date":30}}"#)
        #expect(decoded.entries.isEmpty)
        #expect(decoded.policy == .after(Date(timeIntervalSince1970: 30)))
    }

    @Test func refusesEntriesOutOfOrder() {
        let error = timelineError(#"{"version":1,"entries":\#(entries(["10", "30", "20"])),"policy":{"type":"atEnd"}}"#)
        #expect(error == .invalidTimeline(.outOfOrder(index: 2)))
    }

    @Test func allowsEntriesWithTheSameDate() throws {
        #expect(try timeline(#"{"version":1,"entries":\#(entries(["10", "10"])),"policy":{"type":"never"}}"#).entries.count == 2)
    }

    @Test func boundsTheNumberOfEntries() {
        let error = timelineError(#"{"version":1,"entries":\#(entries(["1", "2", "3", "4"])),"policy":{"type":"atEnd"}}"#)
        #expect(error == .invalidTimeline(.tooManyEntries(count: 4, limit: 3)))
    }

    @Test func refusesANegativeRelevanceDuration() {
        let json = #"{"version":1,"entries":[{"date":1,"relevance":{"score":1,"duration":-5},"content":{}}],"policy":{"type":"atEnd"}}"#
        #expect(timelineError(json) == .invalidTimeline(.invalidRelevance(index: 0)))
    }

    @Test func refusesAPayloadFromANewerSDK() {
        #expect(timelineError(#"{"version":2,"entries":[]}"#) == .unsupportedPayloadVersion(found: 2, supported: 1))
    }

    @Test func namesWhatIsMissing() {
        #expect(timelineError(#"{"version":1,"entries":\#(entries(["1"]))}"#) == .missingMember("policy"))
        #expect(timelineError(#"{"version":1}"#) == .missingMember("entries"))
    }

    @Test func reportsGarbageAsMalformed() {
        guard case .malformedPayload = timelineError("not json at all") else {
            Issue.record("garbage was not reported as malformed")
            return
        }
    }

    @Test func reportsAnUnknownPolicyAsMalformed() {
        guard case .malformedPayload(let detail) = timelineError(#"{"version":1,"entries":\#(entries(["1"])),"policy":{"type":"sometimes"}}"#) else {
            Issue.record("unknown policy was accepted")
            return
        }
        #expect(detail.contains("sometimes"))
    }

    @Test func passesOnTheProvidersOwnError() {
        #expect(timelineError(#"{"version":1,"error":{"message":"offline"}}"#) == .providerFailed(message: "offline"))
    }

    @Test func aValueNoLongerOfferedIsTyped() {
        let error = timelineError(#"{"version":1,"error":{"message":"gone","unavailable":{"parameter":"spot","value":"harbor"}}}"#)
        #expect(error == .unavailableValue(UnavailableValue(parameter: "spot", value: "harbor"), message: "gone"))
        #expect(error?.code == "unavailableValue")
        #expect(error?.description.contains("pick another value") == true)
        // A member of another shape costs only the typed field: the message still says what failed.
        #expect(timelineError(#"{"version":1,"error":{"message":"gone","unavailable":{"parameter":3}}}"#)
            == .providerFailed(message: "gone"))
    }

    @Test func decodesASingleEntry() throws {
        let entry = try decoder.entry(from: Array(#"{"version":1,"entry":{"date":5,"relevance":{"score":0.5,"duration":60},"content":{"count":3}}}"#.utf8))
        #expect(entry.relevance == EntryRelevance(score: 0.5, duration: 60))
        #expect(entry.content["count"] == .integer(3))
    }
}
