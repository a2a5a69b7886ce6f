import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Issue 40's tints and gradients compared with golden images in `Tests/Fixtures/Golden/Tints/`
/// (GoldenFolder): every built-in button style and a toggle on and off, in the system accent,
/// in a catalog's `AccentColor`, under `tint(_:)` and in dark; `Color.gradient` of named colours
/// filling shapes, a background and a container background, light and dark.
@Suite("Tint and gradient golden images")
struct TintGoldenTests {
    private static let folder = GoldenFolder("Tints")

    private static func button(_ title: String, _ style: ButtonStyleName) -> ViewNode {
        ViewNode(.button(action: ControlAction(intent: "Go"), label: ViewNode(.text(.verbatim(title)))),
                 modifiers: style == .automatic ? [] : [.buttonStyle(style)])
    }

    private static func toggle(_ title: String, isOn: Bool) -> ViewNode {
        ViewNode(.toggle(isOn: isOn, action: ControlAction(intent: "Switch"), label: ViewNode(.text(.verbatim(title)))))
    }

    private static func row(_ children: ViewNode...) -> ViewNode {
        ViewNode(.hStack(alignment: .center, spacing: 8, children: children))
    }

    /// A Counter-like `+` and `−` (the commonest widget buttons), then every style by name,
    /// then a toggle on and off.
    static let buttons = ViewNode(.vStack(alignment: .leading, spacing: 8, children: [
        row(button("Automatic", .automatic), button("Bordered", .bordered)),
        row(button("Prominent", .borderedProminent), button("Borderless", .borderless), button("Plain", .plain)),
        row(ViewNode(.button(action: ControlAction(intent: "Add"), label: ViewNode(.image(.system("plus")), modifiers: [
            .font(.textStyle(.title2, weight: .semibold, design: nil)),
        ]))), button("Reset", .automatic)),
        toggle("Lamp on", isOn: true),
        toggle("Lamp off", isOn: false),
    ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])

    /// The buttons with `tint(.orange)` on their container, as SwiftUI's environment passes it.
    static let orangeButtons = ViewNode(buttons.kind, modifiers: buttons.modifiers + [.tint(.color(.named(.orange, opacity: 1)))])

    @Test("Buttons and toggles in the system accent (blue), light and dark")
    func systemAccent() throws {
        try Self.folder.check("buttons", root: Self.buttons, family: .systemLarge)
        try Self.folder.check("buttons.dark", root: Self.buttons, family: .systemLarge, colorScheme: .dark)
    }

    @Test("Buttons and toggles in a catalog's AccentColor; a toggle keeps iOS's green")
    func catalogAccent() throws {
        let fixture = try CatalogFixture()
        try fixture.colorSet("AccentColor", any: catalogComponents("0.686", "0.322", "0.871"), dark: catalogComponents("0.749", "0.353", "0.949"))
        try Self.folder.check("buttons.accent-color", root: Self.buttons, family: .systemLarge, assets: fixture.assets)
    }

    @Test("Buttons and toggles under tint(.orange) on their container")
    func containerTint() throws {
        try Self.folder.check("buttons.tint-orange", root: Self.orangeButtons, family: .systemLarge)
    }

    private static func swatch(_ name: NamedColor, _ title: String) -> ViewNode {
        ViewNode(.vStack(alignment: .center, spacing: 4, children: [
            ViewNode(.shape(.roundedRectangle(cornerRadius: 12), fill: .colorGradient(.named(name, opacity: 1)), stroke: nil),
                     modifiers: [.frame(FrameSpec(width: 64, height: 64))]),
            ViewNode(.text(.verbatim(title)), modifiers: [.font(.textStyle(.caption2, weight: nil, design: nil))]),
        ]))
    }

    /// Four named colours' gradients beside the same colours flat, a capsule label on a gradient
    /// background, over a container background that is itself a colour's gradient.
    static let gradients = ViewNode(.vStack(alignment: .center, spacing: 10, children: [
        ViewNode(.hStack(alignment: .top, spacing: 10, children: [
            swatch(.teal, "teal"), swatch(.blue, "blue"), swatch(.orange, "orange"), swatch(.pink, "pink"),
        ])),
        ViewNode(.hStack(alignment: .center, spacing: 10, children: [
            ViewNode(.shape(.roundedRectangle(cornerRadius: 12), fill: .color(.named(.teal, opacity: 1)), stroke: nil),
                     modifiers: [.frame(FrameSpec(width: 64, height: 40))]),
            ViewNode(.text(.verbatim("flat teal, then a gradient label")), modifiers: [
                .font(.textStyle(.caption, weight: .semibold, design: nil)),
                .foregroundStyle(.color(.named(.white, opacity: 1))),
                .padding(EdgeInsetsSpec(top: 6, leading: 10, bottom: 6, trailing: 10)),
                .background(ViewNode(.shape(.capsule, fill: .colorGradient(.named(.indigo, opacity: 1)), stroke: nil)), alignment: .center),
            ]),
        ])),
    ]), modifiers: [.containerBackground(ViewNode(.fill(.colorGradient(.named(.secondaryBackground, opacity: 1)))))])

    @Test("Color.gradient: lighter at the top, the colour at the bottom, light and dark")
    func colorGradients() throws {
        try Self.folder.check("gradients", root: Self.gradients, family: .systemMedium)
        try Self.folder.check("gradients.dark", root: Self.gradients, family: .systemMedium, colorScheme: .dark)
    }
}
