import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// SiriKit's IntentConfiguration, with an intent class written as the IntentDefinitions plugin
// generates one: what a call's configuration makes of it, and what it refuses.

// Unchecked Sendable, as INIntent: filled by the SDK before the provider reads it.
private final class CityIntent: INIntent, @unchecked Sendable {
    var city: String?
    var days: NSNumber?

    required init() {
        super.init()
    }

    override class var _intentTitle: String { "City" }

    override class var _parameterDefinitions: [INIntentParameterDefinition] {
        [
            INIntentParameterDefinition(name: "city", title: "City", kind: .string, defaultValue: .string("Lisbon")),
            INIntentParameterDefinition(name: "days", title: "Days", kind: .integer),
        ]
    }

    override func _setParameter(_ name: String, to value: INIntentParameterValue) {
        switch name {
        case "city": city = value.string
        case "days": days = value.integer.map { NSNumber(value: $0) }
        default: break
        }
    }
}

private struct CityEntry: TimelineEntry {
    let date: Date
    let text: String
}

private struct CityProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: context.now, text: "…") }

    func getSnapshot(for configuration: CityIntent, in context: Context, completion: @escaping (CityEntry) -> Void) {
        completion(CityEntry(date: context.now, text: "snapshot"))
    }

    func getTimeline(for configuration: CityIntent, in context: Context, completion: @escaping (Timeline<CityEntry>) -> Void) {
        let text = "\(configuration.city ?? "-") \(configuration.days?.intValue ?? 0)"
        completion(Timeline(entries: [CityEntry(date: context.now, text: text)], policy: .never))
    }
}

@Suite struct IntentConfigurationTests {
    private static let widget = IntentConfiguration(kind: "City", intent: CityIntent.self, provider: CityProvider()) { entry in
        Text(entry.text)
    }
    .configurationDisplayName("City")
    .supportedFamilies([.systemSmall])

    private func context(_ configuration: JSONValue?) -> TimelineProviderContext {
        var context = TimelineProviderContext(
            family: .systemSmall, displaySize: DisplaySize(width: 170, height: 170), isPreview: false, now: Date(timeIntervalSince1970: 1_000))
        context.configuration = configuration
        return context
    }

    private func texts(_ reply: ProviderReply) throws -> [String] {
        let tree = try firstEntryTree(of: reply)
        guard case .text(.verbatim(let text)) = tree.root.kind else { return [] }
        return [text]
    }

    @Test func theIntentsParametersAreTheSchemaAndFillTheIntent() async throws {
        let exported = Self.widget.exportedWidget()
        #expect(exported.kind == "City" && exported.families == [.systemSmall])
        #expect(exported.configurationSchema?.parameters.map(\.name) == ["city", "days"])
        #expect(exported.configurationSchema?.parameters.allSatisfy { !$0.isRequired } == true, "SiriKit's parameters are optional")
        #expect(try texts(await timelineReply(of: exported, in: context(.object(["days": .integer(3)])))) == ["Lisbon 3"])
        #expect(try texts(await timelineReply(of: exported, in: context(nil))) == ["Lisbon 0"])
    }

    @Test func aConfigurationThatDoesNotFitIsAnErrorNamingTheKind() async throws {
        let exported = Self.widget.exportedWidget()
        let unknown = await timelineReply(of: exported, in: context(.object(["colour": .string("red")])))
        #expect(unknown.error?.message.contains("City: 'colour' is not a parameter; the parameters are city, days") == true, "\(unknown)")
        let notAnObject = await snapshotReply(of: exported, in: context(.array([])))
        #expect(notAnObject.error?.message.contains("not a JSON object") == true, "\(notAnObject)")
    }
}
