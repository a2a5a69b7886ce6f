import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// A widget of iOS 14–16 as Xcode's template writes it (Tests/Fixtures/SwiftBundles/Sources/SiriKitWidget): an
/// `IntentConfiguration` over a `ConfigurationIntent` that the SDK's IntentDefinitions plugin
/// generated from the extension's `.intentdefinition`, as Xcode does. Its parameters (a string
/// with a default, an enum, a custom type) are the kind's schema, and a call's configuration
/// reaches the provider as the generated intent's properties.
@Suite("SiriKit intents in a worker")
struct SiriKitIntentTests {
    @Test("The .intentdefinition's parameters are the kind's schema, and a configuration reaches the provider")
    func intentDefinitionConfiguresTheWidget() async throws {
        let host = try await offThePool { try FixturePackage.workerHost("SiriKitWidget") }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "SiriKitWidget")
        let schema = try #require(widget.configurationSchema)
        #expect(schema.title == "Configuration")
        #expect(schema.description == "Choose what the widget greets.")
        #expect(schema.parameters.map(\.name) == ["greeting", "mood", "hero"])
        #expect(schema.parameters.map(\.type) == [.string, .enum, .string])
        #expect(schema.parameter(named: "greeting")?.defaultValue == .string("Hello"))
        #expect(schema.parameter(named: "mood")?.options == [
            ParameterOption(value: "sunny", title: "Sunny"), ParameterOption(value: "stormy", title: "Stormy"),
        ])

        let configured = CallContext(family: .systemSmall, configuration: ["mood": .string("stormy"), "hero": .string("spouty")])
        let entry = try #require(try await host.timeline(for: widget, in: configured).entries.first)
        #expect(entry.content["greeting"] == .string("Hello"), "the definition's default")
        #expect(entry.content["mood"] == .string("stormy"))
        #expect(entry.content["hero"] == .string("spouty"), "a custom type is configured by its identifier")

        // Nothing configured: the enum is .unknown and the object nil, as SiriKit's are.
        let plain = try #require(try await host.timeline(for: widget, in: CallContext(family: .systemSmall)).entries.first)
        #expect(plain.content["mood"] == .string("unknown"))
        #expect(plain.content["hero"] == nil || plain.content["hero"] == .null)

        // Its #Preview's entries, as `widgethost preview` and the gallery show them.
        let previews = try await host.previews(kind: "SiriKitWidget", in: CallContext(family: .systemSmall))
        #expect(previews.count == 1)
        guard case .entries(let entries)? = previews.first?.content else {
            Issue.record("no preview entries: \(previews)")
            return
        }
        #expect(entries.first?.content["greeting"] == .string("Preview"))
    }
}
