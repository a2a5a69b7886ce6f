import Foundation
import Testing
import TestSupport
import WidgetDaemon
import WidgetHostCore
@testable import WidgetServer
import WidgetStoreModel

/// An intent that completes twice or late reaches the event stream as an `error` event naming
/// the widget it was performed for, as a failed call does.
@Suite("Event stream: intent violations")
struct IntentViolationEventTests {
    private static func published(_ event: SchedulerEvent) async throws -> [ServerEvent] {
        let hub = EventHub(backlogSize: 8, maximumSubscribers: 1)
        SchedulerEventFeed(hub: hub) { Date(timeIntervalSince1970: 1_767_225_600) }.send(event)
        let stream = try hub.subscribe(after: 0)
        // Finished, so iterating ends once the backlog is read.
        hub.finishAll()
        var events: [ServerEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    @Test func aSecondCompletionIsAnErrorEventForTheWidget() async throws {
        let violation = IntentCompletionViolation(kind: "CounterWidget", intent: "IncrementCountIntent", token: 7, after: .completed)
        let key = TimelineKey(kind: "CounterWidget", family: .systemMedium, instance: WidgetInstanceID(rawValue: "wk2m4n6p8q"))
        let events = try await Self.published(.intentViolation(violation, key: key))
        #expect(events.map(\.name) == ["error"])
        let first = try #require(events.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.data.utf8)) as? [String: Any])
        #expect(object["code"] as? String == "intentSecondCompletion")
        #expect(object["kind"] as? String == "CounterWidget")
        #expect(object["family"] as? String == "systemMedium")
        #expect(object["instance"] as? String == "wk2m4n6p8q")
        #expect((object["message"] as? String)?.contains("'IncrementCountIntent' of CounterWidget completed a second time") == true)
        #expect(object["at"] as? String == "2026-01-01T00:00:00Z")
    }

    @Test func aLateCompletionOfAPerformForNoWidgetNamesTheKind() async throws {
        let violation = IntentCompletionViolation(kind: "IntentsProbe", intent: "Hang", token: 3, after: .timedOut)
        let events = try await Self.published(.intentViolation(violation, key: nil))
        let first = try #require(events.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.data.utf8)) as? [String: Any])
        #expect(object["code"] as? String == "intentLateCompletion")
        #expect(object["kind"] as? String == "IntentsProbe")
        #expect(object["family"] == nil, "no widget: no family")
    }
}
