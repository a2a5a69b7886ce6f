import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Paths, custom shapes and canvases (tree version 5) drawn and compared with golden images in
/// `Tests/Fixtures/Golden/Paths/` (GoldenFolder), in full colour and, where they differ,
/// accented and vibrant.
@Suite("Path and canvas golden images")
struct PathCanvasGoldenTests {
    private static let orange = FillStyle.color(.named(.orange, opacity: 1))
    private static let blue = FillStyle.color(.named(.blue, opacity: 1))

    private static func point(_ x: Double, _ y: Double) -> PointSpec { PointSpec(x: x, y: y) }

    /// A five-pointed star made at 100 × 100, as a custom `Shape`'s `path(in:)` would make it.
    static let star: PathShape = {
        var elements: [PathElement] = []
        for index in 0..<10 {
            let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
            let radius = index.isMultiple(of: 2) ? 50.0 : 20.0
            let point = point(50 + radius * cos(angle), 50 + radius * sin(angle))
            elements.append(index == 0 ? .move(to: point) : .line(to: point))
        }
        return PathShape(elements: elements + [.closeSubpath], referenceSize: SizeSpec(width: 100, height: 100))
    }()

    /// The star filled orange with a blue outline over it, at the size it was made and stretched
    /// to 160 × 100, beside a wave stroked with round caps.
    static let customShape: ViewNode = {
        func star(_ width: Double, _ height: Double) -> ViewNode {
            ViewNode(.zStack(alignment: .center, children: [
                ViewNode(.shape(.path(Self.star), fill: orange, stroke: nil), modifiers: [.widgetAccentable]),
                ViewNode(.shape(.path(Self.star), fill: nil, stroke: StrokeStyleSpec(fill: blue, lineWidth: 3, lineJoin: .round))),
            ]), modifiers: [.frame(FrameSpec(width: width, height: height))])
        }
        return ViewNode(.hStack(alignment: .center, spacing: 16, children: [star(100, 100), star(160, 100)]))
    }()

    /// A Path as a view, at its own coordinates: a quadratic arch, then a cubic S, dashed with
    /// round caps, over a filled even-odd ring.
    static let pathCurvesDashed: ViewNode = {
        let curves: [PathElement] = [
            .move(to: point(10, 110)), .quadCurve(to: point(130, 110), control: point(70, -10)),
            .curve(to: point(290, 60), control1: point(190, 200), control2: point(230, -40)),
        ]
        let ring: [PathElement] = [
            .move(to: point(150, 20)), .line(to: point(230, 20)), .line(to: point(230, 120)), .line(to: point(150, 120)), .closeSubpath,
            .move(to: point(170, 40)), .line(to: point(210, 40)), .line(to: point(210, 100)), .line(to: point(170, 100)), .closeSubpath,
        ]
        return ViewNode(.zStack(alignment: .topLeading, children: [
            ViewNode(.shape(.path(PathShape(elements: ring, evenOdd: true)), fill: .color(.named(.mint, opacity: 0.6)), stroke: nil)),
            ViewNode(.shape(.path(PathShape(elements: curves)), fill: nil, stroke: StrokeStyleSpec(
                fill: .color(.named(.indigo, opacity: 1)), lineWidth: 5, lineCap: .round, dash: [14, 9]))),
        ]), modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])
    }()

    /// A heat map's canvas, recorded at the medium widget's content area (332 × 138): a radial
    /// glow, a route in a linear gradient clipped to a square tile, three squares turned by the
    /// transform, one at half opacity, and a label drawn as text.
    static let canvas: ViewNode = {
        let size = SizeSpec(width: 332, height: 138)
        func square(_ x: Double, _ y: Double, _ side: Double) -> [PathElement] {
            [.move(to: point(x, y)), .line(to: point(x + side, y)), .line(to: point(x + side, y + side)), .line(to: point(x, y + side)), .closeSubpath]
        }
        let stops = [GradientStopSpec(color: .named(.yellow, opacity: 1), location: 0), GradientStopSpec(color: .named(.red, opacity: 1), location: 1)]
        let glowStops = [GradientStopSpec(color: .named(.orange, opacity: 0.9), location: 0), GradientStopSpec(color: .named(.orange, opacity: 0), location: 1)]
        let tile = square(8, 8, 180)
        let route: [PathElement] = [
            .move(to: point(0, 120)), .curve(to: point(110, 60), control1: point(40, 140), control2: point(60, 20)),
            .quadCurve(to: point(220, 20), control: point(170, 110)),
        ]
        var operations: [CanvasOperation] = [
            CanvasOperation(.fill(square(0, 0, 332), .radialGradient(stops: glowStops, center: point(100, 70), startRadius: 0, endRadius: 90),
                                  evenOdd: false)),
            CanvasOperation(.stroke(route, .linearGradient(stops: stops, start: point(0, 0), end: point(220, 0)),
                                    StrokeStyleSpec(lineWidth: 8, lineCap: .round, lineJoin: .round)),
                            clips: [CanvasClip(elements: tile)]),
        ]
        for index in 0..<3 {
            let turn = Double(index + 1) * Double.pi / 12
            operations.append(CanvasOperation(.fill(square(-14, -14, 28), .color(.named(.blue, opacity: 1)), evenOdd: false),
                                              transform: AffineSpec(a: cos(turn), b: sin(turn), c: -sin(turn), d: cos(turn), tx: 230 + Double(index) * 36, ty: 40),
                                              opacity: index == 1 ? 0.5 : 1))
        }
        operations.append(CanvasOperation(.view(ViewNode(.text(.verbatim("42 km")), modifiers: [.font(.textStyle(.headline, weight: nil, design: nil))]),
                                                at: point(324, 130), anchor: UnitPointSpec(x: 1, y: 1))))
        return ViewNode(.canvas(CanvasDrawing(size: size, operations: operations)),
                        modifiers: [.containerBackground(ViewNode(.fill(.color(.named(.white, opacity: 1)))))])
    }()

    static let cases: [(name: String, root: ViewNode, family: WidgetFamily, mode: RenderingModeName?)] = [
        ("customShape", customShape, .systemMedium, nil),
        ("customShape.accented", customShape, .systemMedium, .accented),
        ("pathCurvesDashed", pathCurvesDashed, .systemMedium, nil),
        ("canvas", canvas, .systemMedium, nil),
        ("canvas.accented", canvas, .systemMedium, .accented),
        ("canvas.vibrant", canvas, .systemMedium, .vibrant),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        try GoldenFolder("Paths").check(name, root: testCase.root, family: testCase.family, renderingMode: testCase.mode)
    }
}
