import Foundation
import WidgetPayload

/// Trees and documents for the view-tree wire suites.
enum ViewTreeSamples {
    /// Every node kind, every modifier and every variant of every value, in one tree.
    static let everything: ViewTree = {
        let title = ViewNode(.text(.verbatim("Avengers: Infinity War")), modifiers: [
            .font(.textStyle(.headline, weight: .semibold, design: .serif)),
            .fontWeight(.heavy),
            .foregroundStyle(.color(.named(.accentColor, opacity: 0.9))),
            .padding(EdgeInsetsSpec(top: 1, leading: 2.5, bottom: 0, trailing: 4)),
            .frame(FrameSpec(width: 120, height: 40.5)),
            .frame(FrameSpec(minWidth: 0, idealWidth: 100, maxWidth: .infinity, minHeight: 10, idealHeight: 20, maxHeight: .infinity, alignment: .bottomTrailing)),
            .fixedSize(horizontal: false, vertical: true),
            .layoutPriority(-1),
            .background(ViewNode(.fill(.color(.rgba(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)))), alignment: .topLeading),
            .overlay(ViewNode(.divider), alignment: .center),
            .mask(ViewNode(.shape(.capsule, fill: nil, stroke: nil)), alignment: .bottom),
            .clipShape(.roundedRectangle(cornerRadius: 8)),
            .opacity(0.5),
            .lineLimit(2),
            .lineLimit(nil),
            .multilineTextAlignment(.trailing),
            .minimumScaleFactor(0.75),
            .resizable,
            .aspectRatio(1.5, contentMode: .fill),
            .aspectRatio(nil, contentMode: .fit),
            .containerBackground(ViewNode(.fill(.linearGradient(gradient)))),
            .widgetURL("widgethost://movie/1"),
            .redacted(.placeholder),
            .redacted([.privacy, .invalidated]),
            .unredacted,
            .privacySensitive,
            .widgetAccentable,
            .invalidatableContent,
            .rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0.5, y: 0.5)),
            .rotationEffect(degrees: -12.5, anchor: UnitPointSpec(x: 0, y: 1)),
            .offset(x: 4, y: -2),
            .scaleEffect(x: 1.5, y: 0.5, anchor: UnitPointSpec(x: 0, y: 0)),
            .shadow(color: .named(.black, opacity: 0.3), radius: 6, x: 0, y: 3),
            .blur(radius: 2),
            .tint(.color(.named(.orange, opacity: 1))),
            .buttonStyle(.borderedProminent),
            .truncationMode(.middle),
            .truncationMode(.head),
            .truncationMode(.tail),
        ])
        let shapes: [ViewNode] = [
            ViewNode(.shape(.rectangle, fill: .color(.named(.red, opacity: 1)), stroke: nil)),
            ViewNode(.shape(.roundedRectangle(cornerRadius: 0), fill: nil, stroke: StrokeStyleSpec(fill: nil, lineWidth: 0.5))),
            ViewNode(.shape(.circle, fill: .linearGradient(gradient), stroke: StrokeStyleSpec(fill: .color(.named(.primary, opacity: 0.25)), lineWidth: 2))),
            ViewNode(.shape(.capsule, fill: .colorGradient(.named(.teal, opacity: 0.5)), stroke: nil)),
            ViewNode(.shape(.ellipse, fill: nil, stroke: nil), modifiers: [.clipShape(.circle), .clipShape(.ellipse), .clipShape(.rectangle), .clipShape(.capsule)]),
            ViewNode(.shape(.containerRelative, fill: nil, stroke: nil)),
            ViewNode(.shape(.path(PathShape(elements: wave, referenceSize: SizeSpec(width: 100, height: 40.5), evenOdd: true)),
                            fill: nil, stroke: nil), modifiers: [.clipShape(.trimmed(.path(PathShape(elements: wave)), from: 0, to: 0.5))]),
            ViewNode(.canvas(canvas)),
            ViewNode(.shape(.trimmed(.circle, from: 0, to: 0.5), fill: nil, stroke: StrokeStyleSpec(
                fill: nil, lineWidth: 4, lineCap: .round, lineJoin: .bevel, miterLimit: 3.5, dash: [4, 2.5], dashPhase: -1))),
            ViewNode(.shape(.trimmed(.roundedRectangle(cornerRadius: 6), from: 0.25, to: 1), fill: nil, stroke: StrokeStyleSpec(lineCap: .square, lineJoin: .round)),
                     modifiers: [.clipShape(.trimmed(.capsule, from: 0.1, to: 0.9))]),
        ]
        let fonts: [ViewNode] = [
            ViewNode(.text(.date(1_767_225_600.5, style: .time)), modifiers: [.font(.system(size: 48, weight: .bold, design: .rounded))]),
            ViewNode(.text(.date(0, style: .date)), modifiers: [.font(.system(size: 12.5, weight: nil, design: nil))]),
            ViewNode(.text(.date(-86_400, style: .relative)), modifiers: [.font(.custom(name: "Inter", size: 15))]),
            ViewNode(.text(.date(1e9, style: .offset)), modifiers: [.font(.textStyle(.caption2, weight: nil, design: nil))]),
            ViewNode(.text(.date(1e9, style: .timer))),
            ViewNode(.text(.verbatim(""))),
            // Version 4: runs, the text-style modifiers and a FONT's traits.
            ViewNode(.text(.runs([
                TextRun(.verbatim("a"), modifiers: [.italic, .monospacedDigit, .monospaced, .fontWidth(.compressed), .kerning(-0.5)]),
                TextRun(.date(1e9, style: .timer), modifiers: [.tracking(2), .baselineOffset(-3), .underline(color: nil), .strikethrough(color: .named(.red, opacity: 1))]),
            ])), modifiers: [.font(.modified(.custom(name: "Inter", size: 15), FontTraits(italic: true, monospacedDigit: true, width: .expanded))),
                             .underline(color: .rgba(red: 0, green: 0, blue: 1, alpha: 1)), .strikethrough(color: nil), .textCase(.uppercase), .textCase(nil)]),
            // Version 8: the text layout modifiers, one on a run.
            ViewNode(.text(.runs([TextRun(.verbatim("serif"), modifiers: [.fontDesign(.serif)])])),
                     modifiers: [.fontDesign(.rounded), .lineSpacing(4.5)]),
        ]
        let images: [ViewNode] = [
            ViewNode(.image(.asset("poster"))),
            // Version 9: an image drawn as a template.
            ViewNode(.image(.asset("glyph")), modifiers: [.resizable, .imageRenderingMode(.template), .imageRenderingMode(.original)]),
            ViewNode(.image(.system("star.fill"))),
            // Version 7: the symbol modifiers.
            ViewNode(.image(.system("wifi")), modifiers: [
                .symbolVariableValue(0.5), .symbolRenderingMode(.palette), .symbolRenderingMode(nil), .symbolVariant([.circle, .fill]),
                .symbolVariant([]), .imageScale(.large), .secondaryForegroundStyles(secondary: .color(.named(.orange, opacity: 1)), tertiary: nil),
                .secondaryForegroundStyles(secondary: .color(.named(.red, opacity: 1)), tertiary: .colorGradient(.named(.blue, opacity: 1))),
            ]),
            ViewNode(.image(.appGroup(group: "group.com.example.counter", path: "art/background.png"))),
        ]
        let gauges: [ViewNode] = [
            ViewNode(.gauge(GaugeSpec(value: 0.3))),
            ViewNode(.gauge(GaugeSpec(
                value: 72, minimum: -10, maximum: 100, style: .accessoryCircularCapacity,
                label: ViewNode(.text(.verbatim("Sold"))), currentValueLabel: ViewNode(.text(.verbatim("72")))
            ))),
            ViewNode(.progress(value: 0.25, total: 1, label: nil)),
            ViewNode(.progress(value: 3, total: 5, label: ViewNode(.text(.verbatim("3 of 5"))))),
        ]
        let root = ViewNode(.vStack(alignment: .leading, spacing: 4, children: [
            title,
            ViewNode(.hStack(alignment: .firstTextBaseline, spacing: nil, children: fonts)),
            ViewNode(.hStack(alignment: .center, spacing: 0, children: images)),
            ViewNode(.zStack(alignment: .bottomTrailing, children: shapes)),
            ViewNode(.vStack(alignment: .center, spacing: nil, children: gauges)),
            ViewNode(.spacer(minLength: nil)),
            ViewNode(.spacer(minLength: 8)),
            ViewNode(.empty),
            ViewNode(.fill(.color(.named(.clear, opacity: 0)))),
            ViewNode(.link(url: "https://example.com/movie", content: ViewNode(.text(.verbatim("More"))))),
            ViewNode(.button(action: ControlAction(intent: "IncrementCountIntent"), label: ViewNode(.image(.system("plus"))))),
            ViewNode(.toggle(isOn: true, action: ControlAction(intent: "SetLightIntent", parameters: ["room": .string("hall"), "value": .bool(false)]),
                             label: ViewNode(.text(.verbatim("Hall"))))),
            ViewNode(.viewThatFits(axes: .horizontal, children: [ViewNode(.text(.verbatim("Tomorrow at 9:41"))), ViewNode(.text(.verbatim("9:41")))])),
            ViewNode(.viewThatFits(axes: .both, children: [])),
            ViewNode(.grid(alignment: .leading, horizontalSpacing: 4, verticalSpacing: nil, rows: [
                ViewNode(.gridRow(alignment: .bottom, cells: [ViewNode(.text(.verbatim("Wind"))), ViewNode(.text(.verbatim("3 m/s")))])),
                ViewNode(.gridRow(alignment: nil, cells: [])),
                ViewNode(.divider),
            ])),
        ]))
        let dark = ViewNode(.zStack(alignment: .center, children: [ViewNode(.fill(.color(.named(.black, opacity: 1))))]))
        let accented = ViewNode(.text(.verbatim("Tinted")), modifiers: [.widgetAccentable])
        let vibrant = ViewNode(.text(.verbatim("Lock Screen")))
        return ViewTree(root: root, dark: dark, contentMarginsDisabled: true, accented: accented, vibrant: vibrant)
    }()

    static let gradient = LinearGradientSpec(
        stops: [
            GradientStopSpec(color: .rgba(red: 0, green: 0, blue: 0.2, alpha: 1), location: 0),
            GradientStopSpec(color: .named(.indigo, opacity: 0.5), location: 0.4),
            GradientStopSpec(color: .named(.pink, opacity: 1), location: 1),
        ],
        startPoint: UnitPointSpec(x: 0, y: 0),
        endPoint: UnitPointSpec(x: 1.5, y: -0.25)
    )

    /// Every PATH element.
    static let wave: [PathElement] = [
        .move(to: PointSpec(x: 0, y: 20)),
        .line(to: PointSpec(x: 10.5, y: -2)),
        .quadCurve(to: PointSpec(x: 40, y: 20), control: PointSpec(x: 25, y: 0)),
        .curve(to: PointSpec(x: 100, y: 20), control1: PointSpec(x: 60, y: 40), control2: PointSpec(x: 80, y: 0)),
        .closeSubpath,
    ]

    /// Every canvas operation and SHADING, each member away from its default somewhere.
    static let canvas = CanvasDrawing(size: SizeSpec(width: 138, height: 60.5), isOpaque: true, operations: [
        CanvasOperation(.fill(wave, .color(.named(.orange, opacity: 1)), evenOdd: true),
                        transform: AffineSpec(a: 2, b: 0.5, c: -0.5, d: 2, tx: 10, ty: -4), opacity: 0.5,
                        clips: [CanvasClip(elements: wave, evenOdd: true), CanvasClip(elements: wave)]),
        CanvasOperation(.stroke(wave, .linearGradient(stops: gradient.stops, start: PointSpec(x: 0, y: 0), end: PointSpec(x: 100, y: 0)),
                                StrokeStyleSpec(lineWidth: 3, lineCap: .round, lineJoin: .bevel, miterLimit: 4, dash: [4, 2], dashPhase: 1))),
        CanvasOperation(.stroke(wave, .radialGradient(stops: gradient.stops, center: PointSpec(x: 50, y: 20), startRadius: 0, endRadius: 30.5),
                                StrokeStyleSpec(lineWidth: 1))),
        CanvasOperation(.view(ViewNode(.text(.verbatim("5 km"))), at: PointSpec(x: 69, y: 30), anchor: UnitPointSpec(x: 0, y: 1))),
        CanvasOperation(.view(ViewNode(.image(.system("bicycle"))), at: PointSpec(x: 10, y: 10), anchor: UnitPointSpec(x: 0.5, y: 0.5))),
        CanvasOperation(.viewInRect(ViewNode(.image(.asset("map")), modifiers: [.resizable]), RectSpec(x: 0, y: 0, width: 138, height: 60.5))),
    ])

    /// Reads a document written in a test.
    static func json(_ text: String) throws -> JSONValue {
        try JSONReader().read(Array(text.utf8))
    }

    /// The example trees beside `sdk/view-tree.schema.json`, by file name.
    static func fixtures() throws -> [(name: String, json: JSONValue)] {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Views")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            return (name, try JSONReader().read(Array(bytes)))
        }
    }

    /// Every `"type"` named by an object in `json`, wherever it is.
    static func types(in json: JSONValue) -> Set<String> {
        var found: Set<String> = []
        var pending = [json]
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                if case .string(let type)? = members["type"] { found.insert(type) }
                pending.append(contentsOf: members.values)
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        return found
    }
}
