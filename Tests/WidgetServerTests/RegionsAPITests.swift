import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetServer

/// `GET …/regions`: where the drawn widget's controls, links and invalidatable content are, so
/// a client can map a click on the image to its action. The Counter draws its `+` (a button
/// performing IncrementCountIntent), its count as invalidatable content, and its widget URL.
@Suite("HTTP API: regions")
struct RegionsAPITests {
    private func get(_ server: ServerFixture, _ path: String) async throws -> (status: Int, json: [String: Any]?, text: String) {
        let answer = try await server.request("GET", path)
        return (answer.status, try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], answer.text)
    }

    private func frame(_ value: Any?) throws -> CGRect {
        let frame = try #require(value as? [String: Double])
        return CGRect(x: try #require(frame["x"]), y: try #require(frame["y"]), width: try #require(frame["width"]), height: try #require(frame["height"]))
    }

    @Test func theCountersPlusIsAButtonInsideItsCanvasAndItsActionPerforms() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let answer = try await get(server, "/v1/widgets/CounterWidget/systemSmall/regions")
        #expect(answer.status == 200, "\(answer.text)")
        let regions = try #require(answer.json)
        let size = try #require(regions["size"] as? [String: Double])
        #expect(size == ["width": 170, "height": 170])
        let canvas = CGRect(x: 0, y: 0, width: 170, height: 170)

        let controls = try #require(regions["controls"] as? [[String: Any]])
        #expect(controls.count == 1)
        let plus = try #require(controls.first)
        #expect(plus["control"] as? String == "button")
        #expect(plus["isOn"] is NSNull)
        #expect(plus["intent"] as? String == "IncrementCountIntent")
        let plusFrame = try frame(plus["frame"])
        #expect(canvas.contains(plusFrame) && plusFrame.width > 20 && plusFrame.height > 20, "\(plusFrame)")

        // The count is invalidatable, and above the +.
        let invalidatable = try #require(regions["invalidatable"] as? [Any])
        #expect(invalidatable.count == 1)
        let count = try frame(invalidatable.first)
        #expect(count.maxY <= plusFrame.minY)

        let links = try #require(regions["links"] as? [[String: Any]])
        #expect(links.count == 1)
        #expect(links.first?["url"] as? String == "widgethost-counter://open")
        #expect(links.first?["wholeWidget"] as? Bool == true)
        #expect(try frame(links.first?["frame"]) == canvas)

        // What the region names is what the action route performs.
        let body = try JSONSerialization.data(withJSONObject: ["intent": plus["intent"]!, "parameters": plus["parameters"]!])
        let headers = ["Content-Type": "application/json", "X-Widgethost-Token": server.token.value]
        let performed = try await server.request("POST", "/v1/widgets/CounterWidget/systemSmall/actions", headers: headers, body: Array(body))
        #expect(performed.status == 200, "\(performed.text)")
    }

    @Test func regionsFollowTheFamilyAndTheEntryAsked() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let medium = try #require(try await get(server, "/v1/widgets/CounterWidget/systemMedium/regions").json)
        #expect(medium["size"] as? [String: Double] == ["width": 364, "height": 170])
        // The placeholder is drawn from the placeholder entry, which has its + too.
        let placeholder = try #require(try await get(server, "/v1/widgets/CounterWidget/systemSmall/regions?entry=placeholder").json)
        #expect((placeholder["controls"] as? [Any])?.count == 1)
        // A widget without controls or links has none.
        let pillar = try #require(try await get(server, "/v1/widgets/PillarWidget/systemSmall/regions").json)
        #expect((pillar["controls"] as? [Any])?.isEmpty == true)
        #expect((pillar["invalidatable"] as? [Any])?.isEmpty == true)
    }

    @Test func anUnknownWidgetOrABadQueryIsAClearError() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let unknown = try await get(server, "/v1/widgets/NoSuchWidget/systemSmall/regions")
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("unknownWidget"))
        let instance = try await get(server, "/v1/instances/wnothere000/regions")
        #expect(instance.status == 404)
        #expect(instance.text.contains("unknownInstance"))
        let badDate = try await get(server, "/v1/widgets/CounterWidget/systemSmall/regions?at=yesterday")
        #expect(badDate.status == 400)
        #expect(badDate.text.contains("at=yesterday"))
        let post = try await server.request("POST", "/v1/widgets/CounterWidget/systemSmall/regions", headers: ["X-Widgethost-Token": server.token.value])
        #expect(post.status == 405)
    }
}
