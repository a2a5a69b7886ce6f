import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Issue 30's views and modifiers drawn and compared with golden images in
/// `Tests/Fixtures/Golden/Views/` (GoldenFolder): drawing effects, ContainerRelativeShape, the
/// button styles, tint and the circular progress view, in full colour and where they differ
/// accented.
@Suite("View golden images")
struct ViewGoldenTests {
    private static let red = FillStyle.color(.named(.red, opacity: 1))
    private static let blue = FillStyle.color(.named(.blue, opacity: 1))
    private static let orange = FillStyle.color(.named(.orange, opacity: 1))

    private static func square(_ fill: FillStyle, _ modifiers: ViewModifierNode...) -> ViewNode {
        ViewNode(.shape(.roundedRectangle(cornerRadius: 6), fill: fill, stroke: nil), modifiers: [.frame(FrameSpec(width: 40, height: 40))] + modifiers)
    }

    private static func caption(_ text: String) -> ViewNode {
        ViewNode(.text(.verbatim(text)), modifiers: [.font(.textStyle(.caption2, weight: nil, design: nil))])
    }

    private static func cell(_ name: String, _ view: ViewNode) -> ViewNode {
        ViewNode(.vStack(alignment: .center, spacing: 4, children: [view, caption(name)]))
    }

    /// offset, scaleEffect, shadow and blur, side by side, over a container-relative plate.
    static let effects = ViewNode(.zStack(alignment: .center, children: [
        ViewNode(.shape(.containerRelative, fill: .color(.named(.gray, opacity: 0.15)), stroke: nil), modifiers: [.padding(EdgeInsetsSpec(all: 8))]),
        ViewNode(.hStack(alignment: .center, spacing: 14, children: [
            cell("offset", square(red, .offset(x: 6, y: -6))),
            cell("scale", square(blue, .scaleEffect(x: 0.6, y: 0.6, anchor: UnitPointSpec(x: 0.5, y: 0.5)))),
            cell("shadow", square(orange, .shadow(color: .named(.black, opacity: 0.5), radius: 6, x: 0, y: 4))),
            cell("blur", ViewNode(.text(.verbatim("Aa")), modifiers: [.font(.textStyle(.title, weight: .bold, design: nil)), .blur(radius: 3)])),
        ])),
    ]), modifiers: [.containerBackground(ViewNode(.fill(.color(.named(.white, opacity: 1)))))])

    private static func button(_ title: String, _ style: ButtonStyleName) -> ViewNode {
        ViewNode(.button(action: ControlAction(intent: "Go"), label: ViewNode(.text(.verbatim(title)))), modifiers: style == .automatic ? [] : [.buttonStyle(style)])
    }

    /// Every built-in button style, and a tinted progress bar, gauge and circular ring.
    static let controls = ViewNode(.vStack(alignment: .leading, spacing: 8, children: [
        ViewNode(.hStack(alignment: .center, spacing: 8, children: [button("Auto", .automatic), button("Bordered", .bordered), button("Prominent", .borderedProminent)])),
        ViewNode(.hStack(alignment: .center, spacing: 8, children: [button("Borderless", .borderless), button("Plain", .plain)])),
        ViewNode(.progress(value: 0.6, total: 1, label: nil), modifiers: [.tint(.color(.named(.green, opacity: 1)))]),
        ViewNode(.hStack(alignment: .center, spacing: 12, children: [
            ViewNode(.gauge(GaugeSpec(value: 0.3, style: .accessoryCircularCapacity)), modifiers: [.tint(.color(.named(.pink, opacity: 1)))]),
            ViewNode(.gauge(GaugeSpec(value: 0.75, style: .accessoryCircularCapacity))),
        ])),
    ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)), .tint(orange)])

    static let cases: [(name: String, root: ViewNode, family: WidgetFamily, mode: RenderingModeName?)] = [
        ("effects", effects, .systemMedium, nil),
        ("controls", controls, .systemMedium, nil),
        ("controls.accented", controls, .systemMedium, .accented),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        try GoldenFolder("Views").check(name, root: testCase.root, family: testCase.family, renderingMode: testCase.mode)
    }
}
