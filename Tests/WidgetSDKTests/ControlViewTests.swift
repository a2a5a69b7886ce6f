import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// `Button(intent:)`, `Toggle(isOn:intent:)` and `invalidatableContent()` as a WidgetKit
// tutorial writes them, evaluated into the tree the host receives.

private struct AddIntent: AppIntent {
    static let title: LocalizedStringResource = "Add"
    @Parameter(title: "Amount", default: 1) var amount: Int
    @Parameter(title: "Note") var note: String?

    init() {}

    init(amount: Int) {
        self.amount = amount
    }

    func perform() async throws -> some IntentResult { .result() }
}

private struct SetLampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Lamp"
    @Parameter(title: "Room") var room: String
    @Parameter(title: "On") var value: Bool

    init() {}

    init(room: String) {
        self.room = room
    }

    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct ControlViewTests {
    @Test func aButtonNamesItsIntentWithTheParametersItWasMadeWith() throws {
        let tree = evaluate {
            Button(intent: AddIntent(amount: 3)) { Image(systemName: "plus") }
        }
        #expect(tree.root.kind == .button(
            action: ControlAction(intent: "AddIntent", parameters: ["amount": .integer(3)]),
            label: ViewNode(.image(.system("plus")))))
        #expect(tree.lowestVersion == 2)
        // A parameter left at its default is sent with it: the click performs what the view showed.
        let byDefault = evaluate { Button("Add one", intent: AddIntent()) }
        #expect(byDefault.root.kind == .button(
            action: ControlAction(intent: "AddIntent", parameters: ["amount": .integer(1)]),
            label: ViewNode(.text(.verbatim("Add one")))))
    }

    @Test func aToggleOfASetValueIntentSendsTheNewValue() throws {
        let on = evaluate { Toggle("Kitchen", isOn: true, intent: SetLampIntent(room: "kitchen")) }
        #expect(on.root.kind == .toggle(
            isOn: true,
            action: ControlAction(intent: "SetLampIntent", parameters: ["room": .string("kitchen"), "value": .bool(false)]),
            label: ViewNode(.text(.verbatim("Kitchen")))))
        let off = evaluate {
            Toggle(isOn: false, intent: SetLampIntent(room: "hall")) { Text("Hall") }
        }
        guard case .toggle(false, let action, _) = off.root.kind else { Issue.record("root is \(off.root.kind)"); return }
        #expect(action.parameters["value"] == .bool(true))
        // Any other intent is performed as made: there is no value to set.
        let plain = evaluate { Toggle("Add", isOn: true, intent: AddIntent(amount: 2)) }
        guard case .toggle(true, let plainAction, _) = plain.root.kind else { Issue.record("root is \(plain.root.kind)"); return }
        #expect(plainAction.parameters == ["amount": .integer(2)])
    }

    @Test func invalidatableContentIsAModifier() {
        let tree = evaluate { Text("7").invalidatableContent() }
        #expect(tree.root.modifiers == [.invalidatableContent])
        #expect(evaluate { Text("7").invalidatableContent(false) }.root.modifiers.isEmpty)
        #expect(evaluate { Text("7") }.lowestVersion == 1)
    }
}
