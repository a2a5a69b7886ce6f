import Foundation
import Testing
import WidgetABI
import WidgetABIFields
@testable import WidgetSDK
import WidgetPayload

// A configurable widget exported in-process and driven through its C tables (ABI 1.3), as a
// host would: its schema, the configuration in the context, entity options.

private typealias Tutorial = SpotIntentTutorial

/// What the provider saw of its intent, sent back as the entry's content.
private struct EchoEntry: TimelineEntry, Encodable {
    let date: Date
    let spot: String?
    let weather: String
    let days: Int
    let showsWind: Bool
}

private struct EchoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> EchoEntry {
        EchoEntry(date: context.now, spot: nil, weather: "", days: 0, showsWind: false)
    }

    func snapshot(for configuration: Tutorial.ConfigurationAppIntent, in context: Context) async -> EchoEntry {
        EchoEntry(
            date: context.now, spot: configuration.spot?.id, weather: configuration.weather.rawValue,
            days: configuration.days, showsWind: configuration.showsWind)
    }

    func timeline(for configuration: Tutorial.ConfigurationAppIntent, in context: Context) async -> Timeline<EchoEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}

private struct EchoWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Echo", intent: Tutorial.ConfigurationAppIntent.self, provider: EchoProvider()) { entry in
            Text(entry.weather)
        }
    }
}

private struct EchoBundle: WidgetBundle {
    var body: some Widget {
        EchoWidget()
        Tutorial.SpotWidget()
    }
}


@Suite struct IntentExportTests {
    private func widget(_ index: Int, hostMinor: UInt32? = nil) throws -> UnsafePointer<wk_widget_t> {
        var host = ABINegotiation.sdk
        if let hostMinor { host.minor = hostMinor }
        let raw = try #require(EchoBundle.export(name: "Echoes", version: "1.0.0", hostABIVersion: &host))
        return try #require(raw.assumingMemoryBound(to: wk_bundle_t.self).pointee.widgets[index])
    }

    private func reply(_ token: UInt64) async throws -> JSONValue {
        try JSONReader().read(try await completionReplies.firstReply(to: token))
    }

    /// A timeline call with `configuration` in a context of `contextSize` bytes.
    private func timeline(
        configuration: String?, contextSize: UInt32 = UInt32(MemoryLayout<wk_context_t>.size), token: UInt64
    ) async throws -> JSONValue {
        let widget = try widget(0)
        let entryPoint = try #require(widget.pointee.timeline)
        "systemSmall".withCString { family in
            func call(_ text: UnsafePointer<CChar>?) {
                var context = wk_context_t(
                    struct_size: contextSize, family: family, display_width: 170, display_height: 170,
                    is_preview: false, now: 1_000, configuration_json: text)
                entryPoint(widget, &context, recordingCompletion, token)
            }
            if let configuration { configuration.withCString { call($0) } } else { call(nil) }
        }
        return try await reply(token)
    }

    @Test func describesItsSchema() throws {
        let text = try #require(try widget(0).pointee.configuration_schema_json)
        let schema = try ConfigurationSchema(json: try JSONReader().read(Array(String(cString: text).utf8)))
        #expect(schema.parameters.map(\.name).contains("spot"))
        #expect(try widget(0).pointee.entity_options != nil)
    }

    @Test func aHostOlderThan13SeesAStaticShapedWidget() throws {
        let widget = PeerStruct(try widget(0, hostMinor: 2))
        #expect(widget.size == Int(wk_widget_t.size(through: \.timeline)))
        #expect(!widget.has(\.configuration_schema_json))
    }

    @Test func theProviderReceivesTheTypedIntent() async throws {
        let reply = try await timeline(configuration: #"{"spot":"lake","weather":"rainy","days":7}"#, token: 1_401)
        guard case .array(let entries)? = reply["entries"] else { Issue.record("no entries: \(reply)"); return }
        let content = try #require(entries.first?["content"])
        #expect(content["spot"] == .string("lake"))
        #expect(content["weather"] == .string("rainy"))
        #expect(content["days"] == .integer(7))
        #expect(content["showsWind"] == .bool(true))
    }

    @Test func anOlderHostsContextMeansTheDefaults() async throws {
        // The pointer is set but the struct ends before it: the SDK must not read it.
        let reply = try await timeline(
            configuration: #"{"weather":"rainy"}"#, contextSize: wk_context_t.size(through: \.now), token: 1_402)
        guard case .array(let entries)? = reply["entries"] else { Issue.record("no entries: \(reply)"); return }
        #expect(entries.first?["content"]?["weather"] == .string("sunny"))
    }

    @Test func aConfigurationThatDoesNotFitIsAnError() async throws {
        let reply = try await timeline(configuration: #"{"weather":"snowy"}"#, token: 1_403)
        let message = try #require(reply["error"]?["message"])
        #expect("\(message)".contains("weather"))
        #expect("\(message)".contains("sunny, rainy, windy"))
    }

    @Test func entityOptionsAnswerThroughTheCompletion() async throws {
        let widget = try widget(0)
        let entryPoint = try #require(widget.pointee.entity_options)
        "spot".withCString { entryPoint(widget, $0, recordingCompletion, 1_404) }
        let options = try await reply(1_404)
        #expect(options["version"] == .integer(1))
        #expect(options["options"] == .array([
            .object(["value": .string("pier"), "title": .string("North Pier")]),
            .object(["value": .string("lake"), "title": .string("Blue Lake")]),
        ]))
        "weather".withCString { entryPoint(widget, $0, recordingCompletion, 1_405) }
        #expect(try await reply(1_405)["error"] != nil)
    }

    @Test func theTutorialWidgetDrawsItsConfiguration() async throws {
        let widget = try widget(1)
        let entryPoint = try #require(widget.pointee.snapshot)
        "systemSmall".withCString { family in
            #"{"spot":"pier"}"#.withCString { configuration in
                var context = wk_context_t(
                    struct_size: UInt32(MemoryLayout<wk_context_t>.size), family: family, display_width: 170,
                    display_height: 170, is_preview: false, now: 1_000, configuration_json: configuration)
                entryPoint(widget, &context, recordingCompletion, 1_406)
            }
        }
        let snapshot = try await reply(1_406)
        let bytes = try JSONWriter.bytes(of: try #require(snapshot["entry"]?["view"]))
        #expect(String(decoding: bytes, as: UTF8.self).contains("North Pier"))
    }
}
