import Foundation
import Testing
import ServerTestSupport
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetRender
@testable import WidgetServer

@Suite("Gallery")
struct GalleryTests {
    /// The JSON the page starts from, out of its `<script type="application/json">`.
    static func initialData(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: #"<script type="application/json" id="initial">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = html[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<\\/", with: "</")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func thePageCarriesEveryWidgetTheFamilySizesAndItsScript() async throws {
        let server = try await ServerFixture.make(samples: ServerFixture.samples)
        defer { server.stop() }
        let page = try await server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.header("content-type")?.hasPrefix("text/html") == true)
        let data = try Self.initialData(page.text)
        let widgets = try #require((data["list"] as? [String: Any])?["widgets"] as? [[String: Any]])
        let expected = server.host.bundles.catalog.widgets.reduce(0) { $0 + $1.families.count }
        #expect(widgets.count == expected)
        let sizes = try #require(data["familySizes"] as? [String: [Double]])
        let medium = WidgetFamily.systemMedium.defaultDisplaySize
        #expect(sizes["systemMedium"] == [medium.width, medium.height])
        // Everything the page needs is in it: no other origin is named.
        #expect(page.text.contains("new EventSource(\"/v1/events?lastEventId=\""))
        #expect(!page.text.contains("https://") && !page.text.contains("http://"))
    }

    @Test func aKindNamedLikeMarkupCannotEndTheScript() throws {
        let list = WidgetListShape(at: "2026-01-01T00:00:00Z", lastEventId: 0, widgets: [])
        let html = GalleryPage.html(list)
        #expect(html.components(separatedBy: "</script>").count == 3)
        let escaped = GalleryPage.html(WidgetListShape(at: "</script><b>", lastEventId: 0, widgets: []))
        #expect(escaped.components(separatedBy: "</script>").count == 3)
        #expect(try Self.initialData(escaped)["list"].flatMap { ($0 as? [String: Any])?["at"] as? String } == "</script><b>")
    }

    @Test func placeholderAndSnapshotAreDrawnAndKept() async throws {
        let server = try await ServerFixture.make(samples: ["PillarWidget"])
        defer { server.stop() }
        for choice in ["placeholder", "snapshot"] {
            let path = "/v1/widgets/PillarWidget/systemSmall/current.png?entry=\(choice)"
            let first = try await server.request("GET", path)
            #expect(first.status == 200, "\(choice): \(first.text.prefix(200))")
            let image = try RasterImage(png: first.body)
            #expect(image.width == 2 * Int(WidgetFamily.systemSmall.defaultDisplaySize.width))
            let again = try await server.request("GET", path)
            #expect(again.header("etag") == first.header("etag"))
        }
        let bad = try await server.request("GET", "/v1/widgets/PillarWidget/systemSmall/current.png?entry=latest")
        #expect(bad.status == 400)
        #expect(bad.text.contains("entry=latest") && bad.text.contains("placeholder"))
    }

    @Test func widgetStatesCarryTheirTextAndStaleness() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/widgets")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let widgets = try #require(list["widgets"] as? [[String: Any]])
        let counter = try #require(widgets.first { $0["kind"] as? String == "CounterWidget" && $0["family"] as? String == "systemSmall" })
        // Fresh from the provider: not stale, and its text is what the view draws.
        #expect(counter["stale"] as? Bool == false)
        let text = try #require(counter["text"] as? String)
        #expect(text.contains("0"))
        #expect(!text.contains("\n"))
    }

    @Test func theEventStreamResumesFromTheQueryParameter() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        for index in 1...4 { server.hub.publish(name: "entry", data: #"{"n":\#(index)}"#) }
        let fromQuery = Task { try await server.request("GET", "/v1/events?lastEventId=2") }
        // The header, which a reconnecting browser sends, wins over the query.
        let headerAndQuery = Task { try await server.request("GET", "/v1/events?lastEventId=0", headers: ["Last-Event-ID": "3"]) }
        try await waitUntil("both streams to subscribe") { server.hub.subscriberCount == 2 }
        server.hub.finishAll()
        #expect(ServerSentEvents.parse(try await fromQuery.value.text).events.map(\.id) == [3, 4])
        #expect(ServerSentEvents.parse(try await headerAndQuery.value.text).events.map(\.id) == [4])
    }
}
