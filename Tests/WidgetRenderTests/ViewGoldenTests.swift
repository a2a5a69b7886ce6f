import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Issue 30's views and modifiers drawn and compared with golden images in
/// `Tests/Fixtures/Golden/Views/` (GoldenFolder): drawing effects, ContainerRelativeShape, the
/// button styles, tint and the circular progress view, Grid, ViewThatFits and GeometryReader, in
/// full colour and where they differ accented or vibrant.
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

    private static let secondary = ViewModifierNode.foregroundStyle(.color(.named(.secondary, opacity: 1)))

    private static func bar(_ width: Double, _ height: Double = 8) -> ViewNode {
        ViewNode(.shape(.capsule, fill: blue, stroke: nil), modifiers: [.frame(FrameSpec(width: width, height: height)), .widgetAccentable])
    }

    /// A table: a secondary caption header, a divider spanning every column, then rows whose
    /// cells line up in leading-aligned columns as wide as their widest cell (the rain bars, in
    /// the accent group, are as long as the rain); the last row is bottom-aligned, its title3
    /// high lining up with the bottoms of "Wed" and its tall bar.
    static let grid = ViewNode(.grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6, rows: [
        ViewNode(.gridRow(alignment: nil, cells: ["Day", "Rain", "High"].map { text($0, .font(.textStyle(.caption, weight: .semibold, design: nil)), secondary) })),
        ViewNode(.divider),
        ViewNode(.gridRow(alignment: nil, cells: [text("Mon"), bar(24), text("21°")])),
        ViewNode(.gridRow(alignment: nil, cells: [text("Tuesday"), bar(90), text("18°")])),
        ViewNode(.gridRow(alignment: .bottom, cells: [text("Wed"), bar(50, 22), text("24°", .font(.textStyle(.title3, weight: .bold, design: nil)))])),
    ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])

    private static func fitting(_ width: Double) -> ViewNode {
        ViewNode(.viewThatFits(axes: .horizontal, children: [
            ViewNode(.hStack(alignment: .center, spacing: 4, children: [ViewNode(.image(.system("cloud.fill"))), text("Partly cloudy, 18° to 24°")]),
                     modifiers: [.foregroundStyle(blue)]),
            text("Cloudy 18–24°", .foregroundStyle(orange)),
            text("18°", .foregroundStyle(red)),
        ]), modifiers: [
            .frame(FrameSpec(width: width, height: 24, alignment: .leading)),
            .overlay(ViewNode(.shape(.rectangle, fill: nil, stroke: StrokeStyleSpec(fill: .color(.named(.gray, opacity: 1)), lineWidth: 1))), alignment: .center),
        ])
    }

    /// One ViewThatFits across, offered 300, 150, 50 and 20 points (the grey outlines): the
    /// blue icon and long text fits the first, the orange medium text the second, the red "18°"
    /// the third; nothing fits 20, so the last, "18°", is drawn there, truncated.
    static let viewThatFits = ViewNode(.vStack(alignment: .leading, spacing: 8, children: [300, 150, 50, 20].map(fitting)),
                                       modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])

    /// The same on the Lock Screen, where it is most used: a rectangular accessory, vibrant.
    static let viewThatFitsAccessory = ViewNode(.vStack(alignment: .leading, spacing: 4, children: [150, 80].map(fitting)),
                                                modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])

    /// What the SDK evaluates this GeometryReader into in a medium widget, whose content area is
    /// 332 × 138 (GeometryReaderTests.theGoldenImagesTree checks it):
    ///
    ///     GeometryReader { proxy in
    ///         VStack(alignment: .leading, spacing: 4) {
    ///             Text("\(Int(proxy.size.width)) × \(Int(proxy.size.height))").font(.caption)
    ///             Capsule().fill(.orange).frame(width: proxy.size.width / 2, height: 6).widgetAccentable()
    ///             HStack(alignment: .bottom, spacing: 4) {
    ///                 ForEach([0.3, 0.6, 1, 0.8, 0.45, 0.2, 0.7], id: \.self) { share in
    ///                     RoundedRectangle(cornerRadius: 3).fill(.blue)
    ///                         .frame(width: (proxy.size.width - 24) / 7, height: share * (proxy.size.height - 40))
    ///                 }
    ///             }
    ///         }
    ///     }
    ///
    /// A caption "332 × 138", an orange capsule half the width across, and seven 44-point bars
    /// filling the width, bottom-aligned, the tallest 98 points (the height less 40).
    static let geometryReader: ViewNode = {
        let width = 332.0, height = 138.0
        let bars = [0.3, 0.6, 1, 0.8, 0.45, 0.2, 0.7].map { share in
            ViewNode(.shape(.roundedRectangle(cornerRadius: 3), fill: blue, stroke: nil),
                     modifiers: [.frame(FrameSpec(width: (width - 24) / 7, height: share * (height - 40)))])
        }
        let content = ViewNode(.vStack(alignment: .leading, spacing: 4, children: [
            ViewNode(.text(.verbatim("332 × 138")), modifiers: [.font(.textStyle(.caption, weight: nil, design: nil))]),
            ViewNode(.shape(.capsule, fill: orange, stroke: nil), modifiers: [.frame(FrameSpec(width: width / 2, height: 6)), .widgetAccentable]),
            ViewNode(.hStack(alignment: .bottom, spacing: 4, children: bars)),
        ]))
        return ViewNode(.zStack(alignment: .topLeading, children: [content]),
                        modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])
    }()

    static let cases: [(name: String, root: ViewNode, family: WidgetFamily, mode: RenderingModeName?)] = [
        ("effects", effects, .systemMedium, nil),
        ("controls", controls, .systemMedium, nil),
        ("controls.accented", controls, .systemMedium, .accented),
        ("grid", grid, .systemMedium, nil),
        ("grid.accented", grid, .systemMedium, .accented),
        ("viewThatFits", viewThatFits, .systemMedium, nil),
        ("viewThatFits.accessoryRectangular.vibrant", viewThatFitsAccessory, .accessoryRectangular, .vibrant),
        ("geometryReader", geometryReader, .systemMedium, nil),
        ("geometryReader.accented", geometryReader, .systemMedium, .accented),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        try GoldenFolder("Views").check(name, root: testCase.root, family: testCase.family, renderingMode: testCase.mode)
    }
}
