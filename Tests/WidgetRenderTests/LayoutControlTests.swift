import Testing
import WidgetPayload
@testable import WidgetRender

/// Buttons, toggles and `invalidatableContent`: how they are drawn, and the frames reported with
/// the drawing so a click on the picture maps to its action.
@Suite("Layout: controls")
struct LayoutControlTests {
    let add = ControlAction(intent: "AddIntent", parameters: ["amount": .integer(2)])
    let lamp = ControlAction(intent: "SetLampIntent", parameters: ["value": .bool(false)])

    @Test("A button is its label, padded over a plate of the tint, and reports that frame with its action")
    func button() {
        let list = LayoutHarness.layout(ViewNode(.button(action: add, label: text("ab"))))
        // "ab" is 10 × 12; the face pads it by 12 and 6: 34 × 24, centred on the 200 × 100 canvas.
        let face = rect(83, 38, 34, 24)
        #expect(list.frame(ofText: "ab") == rect(95, 44, 10, 12))
        #expect(list.controls == [ControlRegion(control: .button, action: add, frame: face)])
        #expect(list.fills.contains { $0.shape == .roundedRectangle(cornerRadius: 8) && $0.frame == face })
        #expect(list.commands.contains(.pushOpacity(0.15)))
    }

    @Test("A toggle fills its row: the label leading, the switch trailing, knob at the end its state names")
    func toggle() {
        let on = LayoutHarness.layout(ViewNode(.toggle(isOn: true, action: lamp, label: text("ab"))))
        #expect(on.controls == [ControlRegion(control: .toggle(isOn: true), action: lamp, frame: rect(0, 38, 200, 24))])
        #expect(on.frame(ofText: "ab")?.minX == 0)
        #expect(on.fills.contains { $0.shape == .capsule && $0.frame == rect(160, 38, 40, 24) && $0.paint == named(.green) })
        #expect(on.fills.contains { $0.frame == rect(178, 40, 20, 20) && $0.paint == named(.white) })

        let off = LayoutHarness.layout(ViewNode(.toggle(isOn: false, action: lamp, label: text("ab"))))
        #expect(off.controls.map(\.control) == [.toggle(isOn: false)])
        #expect(off.fills.contains { $0.frame == rect(162, 40, 20, 20) && $0.paint == named(.white) })
        #expect(!off.fills.contains { $0.paint == named(.green) })
    }

    @Test("Controls are reported in the order drawn, beside links, each with its own frame")
    func severalControls() {
        let other = ControlAction(intent: "ResetIntent")
        let tree = vstack(
            spacing: 0,
            ViewNode(.button(action: add, label: text("a"))),
            ViewNode(.link(url: "app://more", content: ViewNode(.button(action: other, label: text("b")))))
        )
        let list = LayoutHarness.layout(tree)
        #expect(list.controls.map(\.action) == [add, other])
        #expect(list.controls[0].frame.maxY == list.controls[1].frame.minY)
        #expect(list.links.map(\.frame) == [list.controls[1].frame])
    }

    @Test("invalidatableContent reports the frames hosts dim while a reload is on its way")
    func invalidatable() {
        let tree = vstack(spacing: 0, text("12", .invalidatableContent), text("taps"))
        let list = LayoutHarness.layout(tree)
        #expect(list.invalidatableFrames == [list.frame(ofText: "12")!])
        #expect(LayoutHarness.layout(text("12")).invalidatableFrames.isEmpty)
    }
}
