import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetDaemon

/// The stop deadline on a virtual clock: it fires at its interval after the first signal, names
/// what is unfinished then, and never fires for a stop that finished.
@Suite("Stop deadline")
struct StopDeadlineTests {
    private static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func itFiresAtTheDeadlineNamingWhatIsUnfinishedThen() throws {
        let clock = VirtualClock(start: Self.start)
        let unfinished = EventLog<String>()
        let expired = EventLog<[String]>()
        let deadline = StopDeadline(after: 5, clock: clock, unfinished: { unfinished.all }, expire: { expired.append($0) })
        deadline.arm()
        clock.advance(by: 2)
        // A second signal does not move the deadline.
        deadline.arm()
        unfinished.append("1 call(s) under way: Hangs/systemSmall")
        clock.advance(by: 2.999)
        #expect(expired.all.isEmpty)
        clock.advance(by: 0.001)
        #expect(expired.all == [["1 call(s) under way: Hangs/systemSmall"]])
        clock.advance(by: 60)
        #expect(expired.all.count == 1, "once only")
    }

    @Test func aStopThatFinishesInTimeIsNotEnded() {
        let clock = VirtualClock(start: Self.start)
        let expired = EventLog<[String]>()
        let deadline = StopDeadline(after: 5, clock: clock, unfinished: { [] }, expire: { expired.append($0) })
        deadline.arm()
        clock.advance(by: 4)
        deadline.finish()
        clock.advance(by: 60)
        #expect(expired.all.isEmpty)
    }

    @Test func theMessageNamesEveryUnfinishedPart() {
        let message = StopDeadline.message(after: 5, unfinished: ["the HTTP server (its connections and event streams)", "saving the registry database"])
        #expect(message == "widgethost: did not stop within 5 s; unfinished: the HTTP server (its connections and event streams); saving the registry database; exiting now")
    }
}
