import Foundation
import Testing
@testable import WidgetHostCore
import WidgetPayload

/// Dates in a provider's payload are in years 1 to 9999 (`SupportedDates`), or the reply is an
/// invalid timeline naming the entry or the policy.
@Suite struct ReplyDecoderDateRangeTests {
    private let decoder = ReplyDecoder(limits: CallLimits())

    private func entry(_ date: String) -> String {
        #"{"date":\#(date),"content":{}}"#
    }

    @Test("An entry dated past year 9999, or before year 1, is refused by its index",
          arguments: ["1e300", "-1e300", "253402300800", "-62135769601", "1.7e12"])
    func entryDateOutOfRange(_ date: String) {
        let json = #"{"version":1,"entries":[\#(entry("10")),\#(entry(date))],"policy":{"type":"atEnd"}}"#
        let seconds = Double(date)!
        // Sorted or not, the range is checked first for each entry.
        #expect(decoder.timelineError(json) == .invalidTimeline(.dateOutOfRange(index: 1, seconds: seconds)))
        #expect(decoder.timelineError(json)?.description.contains("entry 1's date") == true)
    }

    @Test("A policy's after date outside years 1 to 9999 is refused, naming the policy")
    func policyDateOutOfRange() {
        let json = #"{"version":1,"entries":[\#(entry("10"))],"policy":{"type":"after","date":1e300}}"#
        #expect(decoder.timelineError(json) == .invalidTimeline(.policyDateOutOfRange(seconds: 1e300)))
        #expect(decoder.timelineError(json)?.description.contains("policy's date") == true)
    }

    @Test("A placeholder or snapshot entry's date is checked too")
    func singleEntry() {
        let payload = Array(#"{"version":1,"entry":\#(entry("-1e300"))}"#.utf8)
        #expect(throws: ProviderCallError.invalidTimeline(.dateOutOfRange(index: 0, seconds: -1e300))) {
            try decoder.entry(from: payload)
        }
    }

    @Test("The first moment of year 1 and the last second of year 9999 are accepted")
    func edgesAreAccepted() throws {
        let first = SupportedDates.earliest, last = SupportedDates.end - 1
        let (firstEntry, lastEntry) = (entry(String(first)), entry(String(last)))
        let json = #"{"version":1,"entries":[\#(firstEntry),\#(lastEntry)],"policy":{"type":"after","date":\#(last)}}"#
        let timeline = try decoder.timeline(from: Array(json.utf8))
        #expect(timeline.entries.map(\.date.timeIntervalSince1970) == [first, last])
        #expect(timeline.policy == .after(Date(timeIntervalSince1970: last)))
    }
}
