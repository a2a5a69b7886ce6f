import Testing
@testable import WidgetPanel

/// Which widget `widgethost open KIND` asks for: the one `watch` shows for the kind, unless a
/// family or an instance is named; and what it says when there is none.
@Suite("widgethost open: choosing the widget")
struct WidgetURLLookupTests {
    private func lookup(_ kind: String, family: String? = nil, instance: String? = nil) -> WidgetURLLookup {
        WidgetURLLookup(kind: kind, family: family, instance: instance, addressLine: { nil })
    }

    private func widgets() throws -> [WidgetState] {
        [
            try WidgetStateFixtures.state(kind: "CounterWidget", family: "systemSmall", url: "app://small"),
            try WidgetStateFixtures.state(kind: "CounterWidget", family: "systemMedium", url: "app://medium"),
            try WidgetStateFixtures.state(kind: "CounterWidget", family: "systemSmall", instance: "w1", url: "app://instance"),
            try WidgetStateFixtures.state(kind: "PillarWidget", family: "accessoryInline"),
        ]
    }

    @Test func theFamilyWatchShowsUnlessOneIsNamed() throws {
        #expect(try lookup("CounterWidget").choose(from: widgets()).url == "app://small")
        #expect(try lookup("CounterWidget", family: "systemMedium").choose(from: widgets()).url == "app://medium")
        #expect(try lookup("CounterWidget", instance: "w1").choose(from: widgets()).url == "app://instance")
    }

    @Test func refusalsNameWhatThereIs() throws {
        #expect(throws: OpenLookupError.unknownKind("Nope", served: ["CounterWidget", "PillarWidget"])) {
            try lookup("Nope").choose(from: widgets())
        }
        #expect(throws: OpenLookupError.unknownInstance("w9", kind: "CounterWidget", instances: ["w1"])) {
            try lookup("CounterWidget", instance: "w9").choose(from: widgets())
        }
        #expect(throws: OpenLookupError.familyNotServed(kind: "CounterWidget", family: "systemLarge", served: ["systemSmall", "systemMedium"])) {
            try lookup("CounterWidget", family: "systemLarge").choose(from: widgets())
        }
    }

    @Test func withoutADaemonItSaysToStartOne() async {
        await #expect(throws: OpenLookupError.noDaemon(reason: nil)) { try await lookup("CounterWidget").find() }
        #expect(OpenLookupError.noDaemon(reason: nil).description.contains("widgethost run"))
    }
}
