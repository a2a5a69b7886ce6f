import FishGoData
import Foundation
import Testing
import TestSupport
import WidgetApp
@testable import WidgetHostCore
@testable import WidgetDaemon

/// FishGo's refresh button (`RefreshSpotIntent`): performed for one instance, it stamps the
/// spot's data in the App Group, and that instance's next timeline shows it, with the button
/// naming its spot. A scheduler harness over a private copy of the sample, so its services
/// report to this test's host and store.
@Suite("FishGo's refresh intent")
struct FishGoRefreshTests {
    private static let kind = "FishGoWidget"

    /// The buttons' actions anywhere in `node`.
    private static func buttons(in node: ViewNode) -> [ControlAction] {
        var found: [ControlAction] = []
        if case .button(let action, _) = node.kind { found.append(action) }
        for child in node.kind.children { found += buttons(in: child) }
        return found
    }

    @Test("Refreshing a spot stamps its data, and the widget's next timeline shows it with the button")
    func refreshShowsInTheNextTimeline() async throws {
        let harness = try SchedulerHarness.sample("FishGoWidget")
        let app = SharedDefaults(suiteName: WidgetFishingData.appGroupID, location: harness.host.storeLocation)
        try WidgetFishingData(
            spotName: "Harbor", verdict: .go, windSpeed: 3, waveHeight: 0.5, windDirection: "N", tideType: "neap",
            updatedAt: SchedulerHarness.at(-3_600)
        ).save(to: app, spot: "harbor")
        let added = try harness.store
            .addInstance(kind: Self.kind, family: .systemMedium, configuration: ["spot": .string("harbor")])
        try harness.host.syncInstances()
        await harness.reloadDue()
        let key = TimelineKey(added)
        let first = try #require(harness.host.registry.record(for: key)?.timeline?.entries.first)
        #expect(first.content["data"]?["spotName"] == .string("Harbor"))
        #expect(first.content["data"]?["refreshedAt"] == nil)
        guard case .tree(let tree)? = first.view else {
            Issue.record("no readable view: \(String(describing: first.view))")
            return
        }
        let actions = Self.buttons(in: tree.root)
        #expect(actions == [ControlAction(intent: "RefreshSpotIntent", parameters: ["spot": .string("harbor")])])

        let before = Date()
        let action = try #require(actions.first)
        try await harness.host.perform(kind: Self.kind, intent: action.intent, parameters: action.parameters, for: key)
        let refreshedAt = try #require(try WidgetFishingData.load(from: app, spot: "harbor")?.refreshedAt)
        #expect(refreshedAt >= before.addingTimeInterval(-1) && refreshedAt <= Date().addingTimeInterval(1))

        // What `widgethost perform` then records: a forced reload of that widget alone.
        try WidgetCenter(location: harness.host.storeLocation, source: "test")
            .recordRequests([.widget(kind: Self.kind, family: .systemMedium, instance: added.id)], forced: true)
        _ = try harness.host.reloadRequests.collect()
        let calls = await harness.reloadDue()
        #expect(calls.map(\.cause) == [.forced])
        let next = try #require(harness.host.registry.record(for: key)?.timeline?.entries.first)
        #expect(next.content["data"]?["refreshedAt"] != nil, "\(next.content)")
        #expect(next.content["data"]?["spotName"] == .string("Harbor"))
    }

    @Test("Refreshing a spot the app has no data for fails, saying what to do")
    func refreshWithoutDataFails() async throws {
        let harness = try SchedulerHarness.sample("FishGoWidget")
        do {
            try await harness.host.perform(kind: Self.kind, intent: "RefreshSpotIntent", parameters: ["spot": .string("nowhere")])
            Issue.record("the perform succeeded")
        } catch {
            guard case .performFailed = error else {
                Issue.record("expected performFailed, got \(error)")
                return
            }
            #expect(error.description.contains("no data for spot 'nowhere'"), "\(error)")
        }
    }
}
