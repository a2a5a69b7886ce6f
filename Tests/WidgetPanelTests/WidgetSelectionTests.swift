import Testing
@testable import WidgetPanel

@Suite("Which widgets watch shows")
struct WidgetSelectionTests {
    private let widgets: [WidgetState]

    init() throws {
        widgets = try [
            WidgetStateFixtures.state(kind: "Clock", family: "systemSmall"),
            WidgetStateFixtures.state(kind: "Clock", family: "accessoryInline"),
            WidgetStateFixtures.state(kind: "Counter", family: "systemMedium"),
            WidgetStateFixtures.state(kind: "Counter", family: "systemLarge"),
        ]
    }

    @Test func oneFamilyPerKindInlineFirst() throws {
        let chosen = try WidgetSelection().choose(from: widgets).map(\.key.description)
        #expect(chosen == ["Clock/accessoryInline", "Counter/systemMedium"])
    }

    @Test func everyAddedInstanceOfAWatchedKindIsALineOfItsOwn() throws {
        let withInstances = try widgets + [
            WidgetStateFixtures.state(kind: "Clock", family: "systemSmall", instance: "wtokyo"),
            WidgetStateFixtures.state(kind: "Clock", family: "systemMedium", instance: "wparis"),
            WidgetStateFixtures.state(kind: "Fish", family: "systemSmall", instance: "wharbor"),
        ]
        #expect(try WidgetSelection().choose(from: withInstances).map(\.key.description) == [
            "Clock/accessoryInline", "Clock/systemSmall#wtokyo", "Clock/systemMedium#wparis", "Counter/systemMedium",
            "Fish/systemSmall#wharbor",
        ])
        #expect(try WidgetSelection(kinds: ["Clock"], family: "systemMedium").choose(from: withInstances).map(\.key.description)
            == ["Clock/systemMedium#wparis"])
        // A kind served only as instances (no implicit one) is shown, not refused.
        #expect(try WidgetSelection(kinds: ["Fish"], family: "systemSmall").choose(from: withInstances).map(\.key.description)
            == ["Fish/systemSmall#wharbor"])
    }

    @Test func namedKindsInTheirOrder() throws {
        let chosen = try WidgetSelection(kinds: ["Counter", "Clock"]).choose(from: widgets).map(\.key.description)
        #expect(chosen == ["Counter/systemMedium", "Clock/accessoryInline"])
    }

    @Test func anExplicitFamilyWinsOverInline() throws {
        let chosen = try WidgetSelection(kinds: ["Clock"], family: "systemSmall").choose(from: widgets).map(\.key.description)
        #expect(chosen == ["Clock/systemSmall"])
        // With no kind named, kinds without the family are left out.
        let every = try WidgetSelection(family: "systemLarge").choose(from: widgets).map(\.key.description)
        #expect(every == ["Counter/systemLarge"])
    }

    @Test func aNamedKindWithoutTheFamilyIsRefused() {
        #expect(throws: WatchError.familyNotSupported(kind: "Counter", family: "accessoryInline", supported: ["systemMedium", "systemLarge"])) {
            try WidgetSelection(kinds: ["Counter"], family: "accessoryInline").choose(from: widgets)
        }
    }

    @Test func namedKindsTheDaemonDoesNotServe() {
        #expect(WidgetSelection(kinds: ["Clock", "Gone"]).missingKinds(in: widgets) == ["Gone"])
        #expect(WidgetSelection().missingKinds(in: widgets).isEmpty)
    }

    @Test func eventsAboutWatchedKindsAndBundlesAreRelevant() {
        let selection = WidgetSelection(kinds: ["Clock"])
        func event(_ name: String, _ data: String) -> DaemonEvent {
            DaemonEvent(ServerSentEvent(id: "1", name: name, data: data))
        }
        #expect(selection.isRelevant(event("call", #"{"kind":"Clock","family":"systemSmall"}"#)))
        #expect(selection.isRelevant(event("bundle", #"{"path":"/x.so","kinds":["Other"]}"#)))
        #expect(!selection.isRelevant(event("entry", #"{"kind":"Counter","family":"systemSmall"}"#)))
        #expect(!selection.isRelevant(event("error", #"{"kind":null,"family":null,"code":"storeFailed"}"#)))
        #expect(WidgetSelection().isRelevant(event("entry", #"{"kind":"Counter","family":"systemSmall"}"#)))
    }
}
