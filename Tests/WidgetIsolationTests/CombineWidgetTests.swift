import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// A widget whose provider is written with Combine (Tests/Fixtures/SwiftBundles/Sources/CombineWidget: `import Combine`
/// beside Foundation and WidgetKit) builds against the SDK's Combine package and delivers its
/// timeline from a worker: `Just`, `decode` with `JSONDecoder`, `receive(on: DispatchQueue)`,
/// `zip`, and `URLSession`'s `dataTaskPublisher` failing into `catch`; a view with only `import
/// SwiftUI` (Combine comes with it on iOS) takes a timer's publisher in `onReceive`.
@Suite("Combine in a worker")
struct CombineWidgetTests {
    @Test("A provider's publishers deliver the timeline, including a URLSession publisher that fails")
    func publishersDeliverTheTimeline() async throws {
        let host = try await offThePool { try FixturePackage.workerHost("CombineWidget") }
        defer { host.stopWorkers() }

        let widget = try host.widget(kind: "CombineQuote")
        let entry = try #require(try await host.timeline(for: widget, in: CallContext(family: .systemSmall)).entries.first)
        #expect(entry.content["symbol"] == .string("WKIT"))
        #expect(entry.content["price"] == .number(42.5), "decoded, then mapped")
        #expect(entry.content["network"] == .string("offline"), "the refused request fails into catch")
    }
}
