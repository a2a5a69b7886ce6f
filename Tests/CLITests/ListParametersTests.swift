import Foundation
import TestSupport
import Testing

/// `list --format json` gives a configurable kind its parameters (issue 14) and a static kind
/// `"parameters": null` (issue 28: the server's shape, KindJSON).
@Suite struct ListParametersTests {
    @Test func aConfigurableKindListsItsParameters() async throws {
        let folder = try FixtureCompiler.compile("Tests/Fixtures/Configurable/configurable_bundle.c").deletingLastPathComponent()
        try FileManager.default.copyItem(at: TestPaths.sampleBundle("PillarWidget"), to: folder.appendingPathComponent("pillar.so"))
        let result = try await widgethost("list", "--no-default-bundles", "--bundles", folder.path, "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let kinds = try #require(try json(result) as? [[String: Any]])
        let spot = try #require(kinds.first { $0["kind"] as? String == "ConfigurableSpot" })
        let parameters = try #require(spot["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["spot", "weather", "days"])
        #expect(parameters.map { $0["type"] as? String } == ["entity", "enum", "int"])
        #expect(parameters.map { $0["required"] as? Bool } == [true, false, false])
        // Every member present: null where there is none.
        #expect(parameters[0]["default"] is NSNull)
        #expect(parameters[0]["options"] is NSNull)
        #expect(parameters[1]["default"] as? String == "sunny")
        let options = try #require(parameters[1]["options"] as? [[String: String]])
        #expect(options == [["value": "sunny", "title": "Sunny"], ["value": "rainy", "title": "Rainy"]])
        #expect(parameters[2]["default"] as? Int == 3)
        let pillar = try #require(kinds.first { $0["kind"] as? String == "PillarWidget" })
        #expect(pillar["parameters"] is NSNull)
    }
}
