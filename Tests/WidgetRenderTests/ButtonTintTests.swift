import Testing
import WidgetPayload
@testable import WidgetRender

/// A widget's `Button(intent:)` and `Toggle(intent:)` in the tint, as iOS 17 draws them: the
/// label in the tint over a translucent plate of it by default, the tint the catalog's
/// `AccentColor` or system blue unless `tint(_:)` sets one, and each built-in style as SwiftUI's.
@Suite("Layout: buttons and toggles in the tint")
struct ButtonTintTests {
    private let go = ControlAction(intent: "GoIntent")

    private func button(_ label: String = "ab", style: ButtonStyleName? = nil) -> ViewNode {
        ViewNode(.button(action: go, label: text(label)), modifiers: style.map { [.buttonStyle($0)] } ?? [])
    }

    private static let orange = FillStyle.color(.named(.orange, opacity: 1))

    /// The plates drawn: rounded rectangles, with the opacity they are drawn at.
    private func plates(_ list: DisplayList) -> [(paint: Paint, opacity: Double)] {
        var opacity = [1.0]
        var plates: [(Paint, Double)] = []
        for command in list.commands {
            switch command {
            case .pushOpacity(let value): opacity.append(opacity.last! * value)
            case .popOpacity: opacity.removeLast()
            case .fill(.roundedRectangle, _, let paint): plates.append((paint, opacity.last!))
            default: break
            }
        }
        return plates
    }

    @Test("By default the label is in the accent colour, over a plate of it at 15%")
    func automaticIsTinted() throws {
        let list = LayoutHarness.layout(button())
        #expect(list.texts.first?.paint == named(.blue), "\(list.texts)")
        let plate = try #require(plates(list).first)
        #expect(plate.paint == named(.blue) && plate.opacity == 0.15, "\(plates(list))")
        // .bordered is the same face.
        #expect(LayoutHarness.layout(button(style: .bordered)) == list)
    }

    @Test("tint(_:) on a container reaches the buttons inside it, label and plate")
    func containerTint() throws {
        let list = LayoutHarness.layout(vstack(button(), button(style: .borderless)).with(.tint(Self.orange)))
        #expect(list.texts.map(\.paint) == [named(.orange), named(.orange)], "\(list.texts)")
        #expect(plates(list).map(\.paint) == [named(.orange)], "one plate, the bordered one's: \(plates(list))")
    }

    @Test("A foregroundStyle on the label, the button or a container above colours the label; the plate stays the tint")
    func foregroundStyleWinsForTheLabel() {
        let red = ViewModifierNode.foregroundStyle(.color(.named(.red, opacity: 1)))
        let own = LayoutHarness.layout(ViewNode(.button(action: go, label: text("ab", red))))
        #expect(own.texts.first?.paint == named(.red))
        #expect(plates(own).first?.paint == named(.blue))
        // A widget that sets `.foregroundStyle(.white)` on its whole face (the Counter's).
        let above = LayoutHarness.layout(vstack(button(), button(style: .borderedProminent), button(style: .borderless)).with(red))
        #expect(above.texts.map(\.paint) == [named(.red), named(.red), named(.red)], "\(above.texts)")
        #expect(plates(above).map(\.paint) == [named(.blue), named(.blue)])
    }

    @Test("plain: the label in its own foreground, no tint, no plate; borderless: in the tint, no plate")
    func plainAndBorderless() {
        let plain = LayoutHarness.layout(button(style: .plain).with(.tint(Self.orange)))
        #expect(plain.texts.first?.paint == named(.primary))
        #expect(plates(plain).isEmpty && plain.fills.isEmpty)
        let borderless = LayoutHarness.layout(button(style: .borderless))
        #expect(borderless.texts.first?.paint == named(.blue))
        #expect(borderless.fills.isEmpty)
    }

    @Test("borderedProminent: white over a solid plate of the tint")
    func prominent() throws {
        let list = LayoutHarness.layout(button(style: .borderedProminent).with(.tint(Self.orange)))
        #expect(list.texts.first?.paint == named(.white))
        let plate = try #require(plates(list).first)
        #expect(plate.paint == named(.orange) && plate.opacity == 1)
    }

    @Test("A toggle's track is the tint when on, from a container too; green without one, as iOS's switch")
    func toggleTrack() {
        let on = ViewNode(.toggle(isOn: true, action: go, label: text("ab")))
        #expect(LayoutHarness.layout(on).fills.contains { $0.shape == .capsule && $0.paint == named(.green) })
        let tinted = LayoutHarness.layout(vstack(on).with(.tint(Self.orange)))
        #expect(tinted.fills.contains { $0.shape == .capsule && $0.paint == named(.orange) })
        let off = LayoutHarness.layout(vstack(ViewNode(.toggle(isOn: false, action: go, label: text("ab")))).with(.tint(Self.orange)))
        #expect(!off.fills.contains { $0.paint == named(.orange) }, "an off switch shows no tint")
    }

    @Test("With a catalog AccentColor, a button's plate and label are drawn in it (pixels)")
    func accentColorFromTheCatalog() throws {
        let fixture = try CatalogFixture()
        // A big label so that its ink can be sampled: a filled square in the foreground.
        let square = ViewNode(.shape(.rectangle, fill: nil, stroke: nil), modifiers: [.frame(FrameSpec(width: 60, height: 60))])
        let root = ViewNode(.button(action: go, label: square))
        let (system, _) = try draw(root, assets: fixture.assets)
        // The label at the centre is system blue; the plate beside it blue at 15% over white.
        #expect(near(system.pixel(x: 85, y: 85), 0, 122, 255), "\(system.pixel(x: 85, y: 85))")
        #expect(near(system.pixel(x: 85, y: 53), 217, 235, 255, tolerance: 3), "\(system.pixel(x: 85, y: 53))")

        try fixture.colorSet("AccentColor", any: catalogComponents("0xE0", "0x40", "0x20"))
        let (tinted, problems) = try draw(root, assets: fixture.assets)
        #expect(problems.isEmpty)
        #expect(near(tinted.pixel(x: 85, y: 85), 0xE0, 0x40, 0x20), "\(tinted.pixel(x: 85, y: 85))")
        // 255 - 0.15 × (255 - component): the accent at 15% over the white background.
        #expect(near(tinted.pixel(x: 85, y: 53), 250, 226, 222, tolerance: 3), "\(tinted.pixel(x: 85, y: 53))")
    }
}
