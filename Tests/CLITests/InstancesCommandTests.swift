import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetStore
import WidgetStoreModel

/// `widgethost instances`: FishGo configured by spot, twice, as issue 14's "done" reads: two
/// instances for two spots, each with its own verdict in `status`; the spots offered are the ones
/// the app wrote to its App Group.
@Suite("instances command")
struct InstancesCommandTests {
    static let group = "group.jp.netflowers.FishGo"

    static func spot(_ name: String, verdict: String) -> String {
        #"{"spotName":"\#(name)","verdict":"\#(verdict)","windSpeed":3,"waveHeight":0.5,"windDirection":"N","tideType":"high","updatedAt":1767225600}"#
    }

    /// A data folder where FishGo's app has written two spots, Harbor (go) and Cape (no go).
    static func fishGoData() async throws -> [String: String] {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-instances").path]
        try await writeFishGoData(store)
        return store
    }

    static func writeFishGoData(_ store: [String: String]) async throws {
        for (key, value) in [
            ("widgetFishingSpots", #"[{"id":"harbor","name":"Harbor"},{"id":"cape","name":"Cape"}]"#),
            ("widgetFishingData.harbor", spot("Harbor", verdict: "go")),
            ("widgetFishingData.cape", spot("Cape", verdict: "no_go")),
        ] {
            let written = try await widgethost("defaults", "write", group, key, value, "--type", "json", environment: store)
            #expect(written.status == 0, "\(written.standardError)")
        }
    }

    static func added(_ result: ProcessResult) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try json(result) as? [String: Any])
    }

    @Test("Two instances for two spots: status shows each with its own verdict")
    func twoSpotsTwoVerdicts() async throws {
        let store = try await Self.fishGoData()
        let harbor = try Self.added(try await widgethost("instances", "add", "FishGoWidget", "--set", "spot=harbor", "--format", "json", environment: store))
        let cape = try Self.added(try await widgethost("instances", "add", "FishGoWidget", "--set", "spot=cape", "--format", "json", environment: store))
        let harborID = try #require(harbor["id"] as? String)
        let capeID = try #require(cape["id"] as? String)
        #expect(harborID != capeID)
        #expect(harbor["kind"] as? String == "FishGoWidget")
        #expect(harbor["family"] as? String == "systemSmall")
        #expect((harbor["configuration"] as? [String: Any])?["spot"] as? String == "harbor")

        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        let status = try await widgethost("status", "--format", "json", environment: store)
        let kinds = try StatusCommandTests.kinds(status)
        func verdict(_ id: String) -> String? {
            let row = kinds.first { $0["instance"] as? String == id }
            let content = (row?["entry"] as? [String: Any])?["content"] as? [String: Any]
            return (content?["data"] as? [String: Any])?["verdict"] as? String
        }
        #expect(verdict(harborID) == "go")
        #expect(verdict(capeID) == "no_go")
        // The implicit instances are still there, without a spot: the app's single payload, or
        // the placeholder without one.
        #expect(kinds.filter { $0["kind"] as? String == "FishGoWidget" && $0["instance"] == nil }.count == 3)

        let text = try await widgethost("status", environment: store)
        #expect(text.standardOutput.contains("FishGoWidget #\(harborID)"))
        // The Smart Stack ranks each instance apart and says which is which.
        let stack = try #require(try json(try await widgethost("stack", "--format", "json", environment: store)) as? [String: Any])
        let stacked = (stack["items"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "FishGoWidget" }
        #expect(Set(stacked.compactMap { $0["instance"] as? String }) == [harborID, capeID])
        #expect(stacked.filter { $0["instance"] == nil }.count == 1)

        let list = try await widgethost("instances", "list", "--format", "json", environment: store)
        let instances = try #require(try json(list) as? [[String: Any]])
        #expect(instances.compactMap { $0["id"] as? String } == [harborID, capeID])
        #expect(instances.allSatisfy { $0["available"] as? Bool == true })

        let timeline = try await widgethost("timeline", "--instance", capeID, "--format", "json", environment: store)
        #expect(timeline.status == 0, "\(timeline.standardError)")
        let answer = try #require(try json(timeline) as? [String: Any])
        #expect(answer["instance"] as? String == capeID)
        #expect((answer["configuration"] as? [String: Any])?["spot"] as? String == "cape")
    }

    @Test("list shows FishGo's spot parameter; options are the spots the app wrote")
    func theSpotParameterAndItsOptions() async throws {
        let store = try await Self.fishGoData()
        let list = try await widgethost("list", "--format", "json", environment: store)
        let kinds = try #require(try json(list) as? [[String: Any]])
        let fishGo = try #require(kinds.first { $0["kind"] as? String == "FishGoWidget" })
        let parameters = try #require(fishGo["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["spot"])
        #expect(parameters.first?["type"] as? String == "entity")
        // A static kind: `"parameters": null`, the server's shape (KindJSON).
        #expect(kinds.first { $0["kind"] as? String == "CounterWidget" }?["parameters"] is NSNull)

        let options = try await widgethost("instances", "options", "FishGoWidget", "spot", "--format", "json", environment: store)
        #expect(options.status == 0, "\(options.standardError)")
        let values = try #require(try json(options) as? [[String: Any]])
        #expect(values.compactMap { $0["value"] as? String } == ["harbor", "cape"])
        #expect(values.compactMap { $0["title"] as? String } == ["Harbor", "Cape"])
        // FishGo's SpotQuery is an EntityStringQuery: its spots are searched by name.
        let matching = try await widgethost("instances", "options", "FishGoWidget", "spot", "--matching", "CAP", "--format", "json", environment: store)
        #expect(matching.status == 0, "\(matching.standardError)")
        #expect((try json(matching) as? [[String: Any]])?.compactMap { $0["value"] as? String } == ["cape"])
        let none = try await widgethost("instances", "options", "FishGoWidget", "spot", "--matching", "reef", environment: store)
        #expect(none.standardOutput.contains("FishGoWidget has no spot matching “reef”"), "\(none.standardOutput)")
    }

    @Test("Changing and removing: set keeps the id, remove forgets it, a spot without data shows the placeholder")
    func setAndRemove() async throws {
        let store = try await Self.fishGoData()
        let added = try Self.added(try await widgethost("instances", "add", "FishGoWidget", "--set", "spot=harbor", "--format", "json", environment: store))
        let id = try #require(added["id"] as? String)
        let changed = try Self.added(try await widgethost("instances", "set", id, "--set", "spot=reef", "--format", "json", environment: store))
        #expect(changed["id"] as? String == id)
        #expect((changed["configuration"] as? [String: Any])?["spot"] as? String == "reef")

        let timeline = try await widgethost("timeline", "--instance", id, "--format", "json", environment: store)
        let entries = try #require((try json(timeline) as? [String: Any])?["entries"] as? [[String: Any]])
        let content = try #require(entries.first?["content"] as? [String: Any])
        #expect(content["isPlaceholder"] as? Bool == true)
        #expect((content["data"] as? [String: Any])?["spotName"] as? String == "reef")

        let removed = try await widgethost("instances", "remove", id, environment: store)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.standardOutput.contains("removed \(id)"))
        let again = try await widgethost("instances", "remove", id, environment: store)
        #expect(again.status != 0)
        #expect(again.standardError.contains("no instance '\(id)'"))
        let gone = try await widgethost("timeline", "--instance", id, environment: store)
        #expect(gone.status != 0)
        #expect(gone.standardError.contains("no instance '\(id)'"))
    }

    @Test("An instance whose bundle has vanished is kept and shown as unavailable")
    func anUnavailableInstance() async throws {
        let store = try await Self.fishGoData()
        let folder = try #require(store["WIDGETHOST_DATA_DIR"])
        // As if its bundle had been uninstalled since it was added.
        let gone = try SharedStore.open(StoreLocation(directory: URL(fileURLWithPath: folder)))
            .addInstance(kind: "VanishedWidget", family: .systemSmall, configuration: [:])
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        let status = try #require(try json(try await widgethost("status", "--format", "json", environment: store)) as? [String: Any])
        let unavailable = try #require(status["unavailableInstances"] as? [[String: Any]])
        #expect(unavailable.compactMap { $0["id"] as? String } == [gone.id.rawValue])
        #expect(unavailable.first?["available"] as? Bool == false)
        #expect((status["kinds"] as? [[String: Any]])?.contains { $0["kind"] as? String == "VanishedWidget" } == false)
        let list = try #require(try json(try await widgethost("instances", "list", "--format", "json", environment: store)) as? [[String: Any]])
        #expect(list.first { $0["id"] as? String == gone.id.rawValue }?["available"] as? Bool == false)
        let text = try await widgethost("status", environment: store)
        #expect(text.standardOutput.contains("Unavailable: instance \(gone.id) of VanishedWidget"))
    }

    @Test("A configuration that does not fit is refused naming the parameter, and nothing is stored")
    func badConfigurations() async throws {
        let store = try await Self.fishGoData()
        let cases: [([String], String)] = [
            (["instances", "add", "FishGoWidget", "--set", "lake=x"], "has no parameter 'lake'; its parameters are spot"),
            (["instances", "add", "FishGoWidget", "--set", "spot"], "'spot' is not NAME=VALUE"),
            (["instances", "add", "CounterWidget", "--set", "n=1"], "CounterWidget is not configurable"),
            (["instances", "add", "FishGoWidget", "--family", "systemLarge"], "does not support family systemLarge"),
            (["timeline", "FishGoWidget", "--set", "lake=x"], "has no parameter 'lake'"),
            (["instances", "options", "FishGoWidget", "lake"], "has no parameter 'lake'"),
        ]
        for (arguments, message) in cases {
            let result = try await widgethost(arguments, environment: store)
            #expect(result.status != 0, "\(arguments) was accepted")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let usage = try await widgethost("timeline", environment: store)
        #expect(usage.status == 64)
        #expect(usage.standardError.contains("name a KIND, or an instance with --instance ID"))
        let list = try await widgethost("instances", "list", "--format", "json", environment: store)
        #expect((try json(list) as? [Any])?.isEmpty == true)
    }
}
