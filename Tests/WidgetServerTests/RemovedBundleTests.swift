import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetServer

/// A bundle removed from disk while the daemon runs (and `/home`'s gallery sheet shows it): the
/// kind is no longer offered, and adding it is refused with a message naming the file and what to
/// do; nothing is added.
@Suite("HTTP API: a bundle removed while the daemon runs")
struct RemovedBundleTests {
    @Test func itsKindIsNoLongerOfferedAndAddingItIsRefused() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "ClockWidget"])
        defer { server.stop() }
        let headers = ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"]
        let clock = try #require(server.host.bundles.catalog.widget(kind: "ClockWidget"))
        let before = try server.store.open().instances()

        try FileManager.default.removeItem(atPath: clock.bundlePath)

        let added = try await server.request(
            "POST", "/v1/instances", headers: headers, body: Array(#"{"kind":"ClockWidget","family":"systemSmall"}"#.utf8))
        #expect(added.status == 410, "\(added.text)")
        #expect(added.text.contains("bundleRemoved") && added.text.contains("no longer available"), "\(added.text)")
        #expect(added.text.contains(clock.bundlePath), "the message names the file")
        #expect(try server.store.open().instances() == before, "nothing was added")

        let kinds = try await server.request("GET", "/v1/kinds")
        #expect(!kinds.text.contains("\"ClockWidget\"") && kinds.text.contains("\"CounterWidget\""), "\(kinds.text)")

        // The other bundle's kinds are added as before.
        let counter = try await server.request(
            "POST", "/v1/instances", headers: headers, body: Array(#"{"kind":"CounterWidget","family":"systemSmall"}"#.utf8))
        #expect(counter.status == 201, "\(counter.text)")
    }
}
