import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetRender
@testable import WidgetServer

@Suite("HTTP API")
struct WidgetAPITests {
    @Test func listsEverySampleInEveryFamily() async throws {
        let server = try await ServerFixture.make(samples: ServerFixture.samples)
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/widgets")
        #expect(answer.status == 200)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let widgets = try #require(list["widgets"] as? [[String: Any]])
        #expect(Set(widgets.compactMap { $0["kind"] as? String }) == Set(ServerFixture.samples))
        let expected = server.host.bundles.catalog.widgets.reduce(0) { $0 + $1.families.count }
        #expect(widgets.count == expected)
        #expect(widgets.allSatisfy { ($0["images"] as? [String: String])?["png"]?.hasSuffix("/current.png") == true })
    }

    @Test func oneWidgetHasItsTimeline() async throws {
        let server = try await ServerFixture.make(samples: ["MoviePlannerWidget"])
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/widgets/MoviePlannerWidget/systemMedium")
        #expect(answer.status == 200)
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let entries = try #require(detail["entries"] as? [[String: Any]])
        let record = try #require(server.host.registry.record(for: .init(kind: "MoviePlannerWidget", family: .systemMedium)))
        #expect(entries.count == record.timeline?.entries.count)
        #expect((detail["policy"] as? [String: Any])?["type"] as? String == "atEnd")
        #expect((detail["state"] as? [String: Any])?["family"] as? String == "systemMedium")
    }

    @Test func theGalleryShowsEveryWidgetsImage() async throws {
        let server = try await ServerFixture.make(samples: ServerFixture.samples)
        defer { server.stop() }
        let page = try await server.request("GET", "/")
        #expect(page.status == 200)
        for widget in server.host.bundles.catalog.widgets {
            for family in widget.families {
                #expect(page.text.contains("/v1/widgets/\(widget.kind)/\(family.rawValue)/current.png"))
            }
        }
    }

    @Test func unknownWidgetIs404NamingTheKnownOnes() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/widgets/Nope/systemSmall")
        #expect(answer.status == 404)
        #expect(answer.text.contains("CounterWidget/systemSmall"))
    }

    @Test func pngHasTheFamilySizeAndAnETagAnswered304() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let path = "/v1/widgets/CounterWidget/systemSmall/current.png?scale=2"
        let first = try await server.request("GET", path)
        #expect(first.status == 200)
        #expect(first.header("content-type") == "image/png")
        let etag = try #require(first.header("etag"))
        let image = try RasterImage(png: first.body)
        #expect(image.width == 2 * Int(WidgetFamily.systemSmall.defaultDisplaySize.width))
        #expect(image.height == 2 * Int(WidgetFamily.systemSmall.defaultDisplaySize.height))
        let again = try await server.request("GET", path, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let dark = try await server.request("GET", path + "&appearance=dark", headers: ["If-None-Match": etag])
        #expect(dark.status == 200)
    }

    @Test func aKindsPreviewsAreListedAndEachEntryDrawn() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        // samples/CounterWidget: "Seven" in systemSmall, with two entries (7 and 42).
        let list = try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall/previews")
        #expect(list.status == 200, "\(list.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])
        let previews = try #require(body["previews"] as? [[String: Any]])
        #expect(previews.map { $0["title"] as? String } == ["Seven"])
        #expect(previews.first?["entries"] as? Int == 2)
        let unnamed = try await server.request("GET", "/v1/widgets/PillarWidget/systemSmall/previews")
        // An unnamed preview's name is null, not absent (docs/openapi.yaml requires the member).
        #expect(unnamed.text.contains(#""name":null"#), "\(unnamed.text)")
        let path = "/v1/widgets/CounterWidget/systemSmall/current.png?entry=preview&preview=0&index="
        let first = try await server.request("GET", path + "0")
        let second = try await server.request("GET", path + "1")
        #expect(first.status == 200 && second.status == 200)
        #expect(first.header("etag") != second.header("etag"), "the two entries draw differently")
        let missing = try await server.request("GET", path + "2")
        #expect(missing.status == 404)
        #expect(missing.text.contains("unknownPreview") && missing.text.contains("index=2"))
        // A family without previews lists none.
        let none = try await server.request("GET", "/v1/widgets/CounterWidget/systemLarge/previews")
        #expect(none.status == 200)
        #expect(none.text.contains(#""previews":[]"#))
    }

    @Test func badImageParametersAre400NamingThem() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let scale = try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall/current.png?scale=7")
        #expect(scale.status == 400)
        #expect(scale.text.contains("scale=7"))
        let appearance = try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall/current.svg?appearance=sepia")
        #expect(appearance.status == 400)
        #expect(appearance.text.contains("light or dark"))
        let mode = try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall/current.png?rendering-mode=tinted")
        #expect(mode.status == 400)
        #expect(mode.text.contains("rendering-mode=tinted") && mode.text.contains("full-color, accented or vibrant"))
    }

    @Test("?rendering-mode= draws a system family accented, as the tinted Home Screen does, and names its own image")
    func renderingModeIsAParameter() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let path = "/v1/widgets/CounterWidget/systemSmall/current.png?scale=1"
        let fullColor = try await server.request("GET", path)
        let explicit = try await server.request("GET", path + "&rendering-mode=full-color")
        let accented = try await server.request("GET", path + "&rendering-mode=accented")
        #expect(fullColor.status == 200)
        #expect(explicit.status == 200)
        #expect(accented.status == 200)
        #expect(explicit.body == fullColor.body, "a system family's own mode is full colour")
        #expect(accented.body != fullColor.body)
        #expect(accented.header("etag") != fullColor.header("etag"))
    }

    @Test func methodsAreAnsweredAsHTTPSays() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let token = ["X-Widgethost-Token": server.token.value]
        let head = try await server.request("HEAD", "/v1/widgets")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("content-type")?.hasPrefix("application/json") == true)
        let trace = try await server.request("TRACE", "/v1/widgets/PillarWidget/systemSmall", headers: token)
        #expect(trace.status == 405)
        #expect(trace.header("allow") == "GET, HEAD")
        let getReload = try await server.request("GET", "/v1/reload")
        #expect(getReload.status == 405)
        #expect(getReload.header("allow") == "POST")
        let unknown = try await server.request("GET", "/v1/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("unknownRoute"))
    }
}
