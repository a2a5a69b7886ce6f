import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// A control's template drawn as its widget's entry view: as iOS draws a small control, its
// symbol in a circle, a `Button(intent:)` or a `Toggle(isOn:intent:)` a click performs.

/// The placeholder's tree of a control: its preview value drawn, synchronously.
private func previewTree<Control: ControlWidget>(of control: Control) throws -> ViewTree {
    try firstEntryTree(of: try exportedControl(control).placeholder(controlContext()))
}

private struct RingControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "Ring") {
            ControlWidgetButton("Ring", action: OpenAppIntent()) { isActive in
                Image(systemName: "bell")
                    .controlWidgetActionHint("Ring the bell")
                if isActive { Text("Ringing…") }
            }
        }
    }
}

/// A titled button whose action label draws only while its action runs.
private struct QuietControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "Quiet") {
            ControlWidgetButton("Hush", action: OpenAppIntent()) { isActive in
                if isActive { Text("Hushing…") }
            }
        }
    }
}

/// A lamp that is on, with the default value label, tinted, chosen by an `if` in the builder.
private struct LampControl: ControlWidget {
    static let isOn = true

    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "Lamp") {
            if Self.isOn {
                ControlWidgetToggle("Lamp", isOn: true, action: ToggleTimerIntent(name: "lamp")).tint(.orange)
            } else {
                ControlWidgetButton(action: OpenAppIntent()) { Image(systemName: "lightbulb") }
            }
        }
    }
}

private func isButton(_ kind: ViewKind) -> Bool {
    if case .button = kind { true } else { false }
}

/// The ring of a toggle that is on: a stroked shape.
private func isLitPlate(_ kind: ViewKind) -> Bool {
    if case .shape(_, _, _?) = kind { true } else { false }
}

private func isImage(_ kind: ViewKind) -> Bool {
    if case .image = kind { true } else { false }
}

@Suite struct ControlTemplateTests {
    @Test func aButtonControlIsAButtonWithItsIntentAndItsLabelsSymbol() throws {
        let tree = try previewTree(of: DaysLeftControl())
        guard case .button(let action, let label) = tree.root.kind else {
            Issue.record("root is \(tree.root.kind)")
            return
        }
        #expect(action == ControlAction(intent: "OpenAppIntent", parameters: ["tab": .string("today")]))
        // The label's icon, on the round plate; its title ("42 days") is the gallery's, not the circle's.
        #expect(firstNode(in: label, where: isImage)?.kind == .image(.system("calendar")))
        #expect(controlTexts(in: label).isEmpty)
        #expect(firstNode(in: label) { $0 == .shape(.circle, fill: .color(.named(.white, opacity: 0.18)), stroke: nil) } != nil)
        #expect(tree.root.modifiers == [.buttonStyle(.plain)])
    }

    @Test func aTitledButtonDrawsItsActionLabelOrElseItsTitle() throws {
        let ring = try previewTree(of: RingControl())
        #expect(firstNode(in: ring.root, where: isImage)?.kind == .image(.system("bell")))
        #expect(controlTexts(in: ring.root).isEmpty)
        #expect(controlTexts(in: try previewTree(of: QuietControl()).root) == ["Hush"])
    }

    @Test func aToggleControlIsACircleThatSetsTheOtherStateShowingItsValueLabel() throws {
        let tree = try firstEntryTree(of: try exportedControl(TimerToggle()).placeholder(controlContext()))
        guard case .button(let action, let label)? = firstNode(in: tree.root, where: isButton)?.kind else {
            Issue.record("no button in \(tree.root)")
            return
        }
        // A click sets the other state, as a Toggle(isOn:intent:) of a SetValueIntent does.
        #expect(action == ControlAction(intent: "ToggleTimerIntent", parameters: ["name": .string("Tea"), "value": .bool(true)]))
        // The value label shows the state: its symbol for "off", on the unlit plate.
        #expect(firstNode(in: label, where: isImage)?.kind == .image(.system("moon.zzz")))
        #expect(firstNode(in: label, where: isLitPlate) == nil)
    }

    @Test func aToggleWithTheDefaultValueLabelSaysOnOrOffInItsTint() throws {
        let tree = try previewTree(of: LampControl())
        guard case .button(let action, let label)? = firstNode(in: tree.root, where: isButton)?.kind else {
            Issue.record("no button in \(tree.root)")
            return
        }
        #expect(action.parameters["value"] == .bool(false))
        #expect(controlTexts(in: label) == ["On"])
        #expect(firstNode(in: label, where: isLitPlate) != nil, "a toggle that is on is ringed")
        #expect(tree.root.first { if case .tint(let tint) = $0 { tint } else { nil } } == .color(.named(.orange, opacity: 1)))
    }

    @Test func aControlsStatusTextDrawsNothing() {
        let tree = evaluate(.accessoryCircular) {
            Image(systemName: "moon").controlWidgetStatus("Do Not Disturb until this evening")
        }
        #expect(tree.root == ViewNode(.image(.system("moon"))))
    }
}
