import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Paths, custom shapes' paths and canvases (tree version 5), drawn: each checked by where the
/// ink lands in a small widget (170 points, drawn at scale 1 on white), the view in a 100-point
/// frame centred in it (35…135 on both axes).
@Suite("Paths and canvases drawn")
struct PathCanvasDrawingTests {
    private static let red = ColorSpec.rgba(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = ColorSpec.rgba(red: 0, green: 0, blue: 1, alpha: 1)

    private static func point(_ x: Double, _ y: Double) -> PointSpec { PointSpec(x: x, y: y) }

    /// A closed square from (x, y), `side` long.
    private static func square(_ x: Double, _ y: Double, _ side: Double) -> [PathElement] {
        [.move(to: point(x, y)), .line(to: point(x + side, y)), .line(to: point(x + side, y + side)), .line(to: point(x, y + side)), .closeSubpath]
    }

    private func drawn(_ node: ViewNode) throws -> RasterImage {
        let framed = ViewNode(node.kind, modifiers: node.modifiers + [.frame(FrameSpec(width: 100, height: 100))])
        let (image, problems) = try draw(framed, assets: .empty)
        #expect(problems.isEmpty)
        return image
    }

    private func red(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 255, 0, 0, tolerance: 8) }
    private func blue(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 0, 0, 255, tolerance: 8) }
    private func blank(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 255, 255, 255, tolerance: 8) }

    @Test("a custom shape's path is scaled from the size it was made at to its frame")
    func customShapeScaled() throws {
        // Made at 50 × 50: the square's top-left quarter, scaled ×2 into the frame.
        let quarter = PathShape(elements: Self.square(0, 0, 25), referenceSize: SizeSpec(width: 50, height: 50))
        let image = try drawn(ViewNode(.shape(.path(quarter), fill: .color(Self.red), stroke: nil)))
        #expect(red(image, 40, 40) && red(image, 80, 80))
        #expect(blank(image, 90, 90) && blank(image, 40, 90))
    }

    @Test("a Path used as a view is drawn at its own coordinates from its frame's corner, unscaled")
    func pathUnscaled() throws {
        let path = PathShape(elements: Self.square(10, 10, 20))
        let image = try drawn(ViewNode(.shape(.path(path), fill: .color(Self.red), stroke: nil)))
        #expect(red(image, 46, 46) && red(image, 63, 63))
        #expect(blank(image, 42, 42) && blank(image, 68, 68))
    }

    @Test("an even-odd path leaves its inner square a hole, where non-zero winding fills it")
    func evenOdd() throws {
        let rings = Self.square(0, 0, 100) + Self.square(25, 25, 50)
        let hollow = try drawn(ViewNode(.shape(.path(PathShape(elements: rings, evenOdd: true)), fill: .color(Self.red), stroke: nil)))
        let solid = try drawn(ViewNode(.shape(.path(PathShape(elements: rings)), fill: .color(Self.red), stroke: nil)))
        #expect(red(hollow, 45, 45) && blank(hollow, 85, 85))
        #expect(red(solid, 85, 85))
    }

    @Test("a quadratic and a cubic curve pass where their Bézier midpoints say")
    func curves() throws {
        // From (0, 100) to (100, 100) through the control (50, 0): the midpoint is (50, 50).
        let arch: [PathElement] = [.move(to: Self.point(0, 100)), .quadCurve(to: Self.point(100, 100), control: Self.point(50, 0))]
        let image = try drawn(ViewNode(.shape(.path(PathShape(elements: arch)), fill: nil, stroke: StrokeStyleSpec(fill: .color(Self.red), lineWidth: 4))))
        #expect(red(image, 85, 85))
        #expect(blank(image, 85, 78) && blank(image, 85, 92))
        // A cubic with both handles at (50, 0): its midpoint is at y 25.
        let cubic: [PathElement] = [.move(to: Self.point(0, 100)), .curve(to: Self.point(100, 100), control1: Self.point(50, 0), control2: Self.point(50, 0))]
        let steep = try drawn(ViewNode(.shape(.path(PathShape(elements: cubic)), fill: nil, stroke: StrokeStyleSpec(fill: .color(Self.red), lineWidth: 4))))
        #expect(red(steep, 85, 60) && blank(steep, 85, 85))
    }

    @Test("a trimmed path keeps the first part of its outline, across its subpaths")
    func trimmedPath() throws {
        // Two 100-point lines, the second below the first: half the length is the first line.
        let lines: [PathElement] = [.move(to: Self.point(0, 20)), .line(to: Self.point(100, 20)), .move(to: Self.point(0, 80)), .line(to: Self.point(100, 80))]
        let stroke = StrokeStyleSpec(fill: .color(Self.red), lineWidth: 4)
        let first = try drawn(ViewNode(.shape(.trimmed(.path(PathShape(elements: lines)), from: 0, to: 0.5), fill: nil, stroke: stroke)))
        #expect(red(first, 85, 55) && blank(first, 85, 115))
        let crossing = try drawn(ViewNode(.shape(.trimmed(.path(PathShape(elements: lines)), from: 0.25, to: 0.75), fill: nil, stroke: stroke)))
        #expect(blank(crossing, 45, 55) && red(crossing, 110, 55) && red(crossing, 60, 115) && blank(crossing, 110, 115))
    }

    @Test("a canvas draws through each operation's transform, clip and opacity, cut to its frame")
    func canvasState() throws {
        let drawing = CanvasDrawing(size: SizeSpec(width: 100, height: 100), operations: [
            // Moved 50 right: the square lands at 50…70.
            CanvasOperation(.fill(Self.square(0, 0, 20), .color(Self.red), evenOdd: false), transform: AffineSpec(tx: 50)),
            // Clipped to its left half.
            CanvasOperation(.fill(Self.square(0, 50, 40), .color(Self.blue), evenOdd: false), clips: [CanvasClip(elements: Self.square(0, 50, 20))]),
            // Half transparent.
            CanvasOperation(.fill(Self.square(60, 60, 30), .color(Self.red), evenOdd: false), opacity: 0.5),
            // Past the canvas's edge: cut.
            CanvasOperation(.fill(Self.square(90, 0, 40), .color(Self.blue), evenOdd: false)),
        ])
        let image = try drawn(ViewNode(.canvas(drawing)))
        #expect(red(image, 95, 45) && blank(image, 45, 45))
        #expect(blue(image, 45, 95) && blank(image, 65, 95))
        #expect(near(image.pixel(x: 110, y: 110), 255, 128, 128, tolerance: 8))
        #expect(blue(image, 130, 40) && blank(image, 140, 40))
    }

    @Test("a canvas recorded at one size is scaled to the frame it gets, strokes included")
    func canvasScaled() throws {
        let drawing = CanvasDrawing(size: SizeSpec(width: 50, height: 50), operations: [
            CanvasOperation(.stroke([.move(to: Self.point(0, 25)), .line(to: Self.point(50, 25))], .color(Self.red), StrokeStyleSpec(lineWidth: 4))),
        ])
        let image = try drawn(ViewNode(.canvas(drawing)))
        // The line at y 25 of 50 lands at 50% down, 8 points wide.
        #expect(red(image, 85, 82) && red(image, 85, 88))
        #expect(blank(image, 85, 78) && blank(image, 85, 92))
    }

    @Test("a canvas's gradients are in the drawing's coordinates")
    func canvasGradients() throws {
        let stops = [GradientStopSpec(color: Self.red, location: 0), GradientStopSpec(color: Self.blue, location: 1)]
        let drawing = CanvasDrawing(size: SizeSpec(width: 100, height: 100), operations: [
            CanvasOperation(.fill(Self.square(0, 0, 100), .linearGradient(stops: stops, start: Self.point(0, 0), end: Self.point(100, 0)), evenOdd: false),
                            clips: [CanvasClip(elements: Self.square(0, 0, 100))]),
        ])
        let image = try drawn(ViewNode(.canvas(drawing)))
        #expect(near(image.pixel(x: 36, y: 85), 255, 0, 0, tolerance: 12) && near(image.pixel(x: 134, y: 85), 0, 0, 255, tolerance: 12))
        let radial = CanvasDrawing(size: SizeSpec(width: 100, height: 100), operations: [
            CanvasOperation(.fill(Self.square(0, 0, 100), .radialGradient(stops: stops, center: Self.point(50, 50), startRadius: 0, endRadius: 50),
                                  evenOdd: false)),
        ])
        let rings = try drawn(ViewNode(.canvas(radial)))
        #expect(near(rings.pixel(x: 85, y: 85), 255, 0, 0, tolerance: 12) && near(rings.pixel(x: 36, y: 36), 0, 0, 255, tolerance: 12))
    }

    @Test("text drawn into a canvas is laid out at its anchor, through the canvas's transform")
    func canvasText() throws {
        let text = ViewNode(.text(.verbatim("██")), modifiers: [.foregroundStyle(.color(Self.red))])
        let drawing = CanvasDrawing(size: SizeSpec(width: 100, height: 100), operations: [
            CanvasOperation(.view(text, at: Self.point(0, 0), anchor: UnitPointSpec(x: 0, y: 0)), transform: AffineSpec(tx: 60, ty: 60)),
        ])
        let image = try drawn(ViewNode(.canvas(drawing)))
        let inked = (95..<135).contains { x in (95..<135).contains { y in red(image, x, y) } }
        #expect(inked)
        #expect(blank(image, 50, 50))
    }

    @Test("a canvas's colours take the rendering mode's treatment")
    func canvasTreated() {
        let commands: [DisplayCommand] = [
            .pushAffine(AffineSpec(tx: 10)),
            .fill(.path(PathShape(elements: Self.square(0, 0, 10))), Rect(x: 0, y: 0, width: 10, height: 10), .color(RGBA(red: 0, green: 0, blue: 0))),
            .stroke(.path(PathShape(elements: Self.square(0, 0, 10))), Rect(x: 0, y: 0, width: 10, height: 10),
                    .radialGradient(stops: [GradientStop(color: RGBA(red: 1, green: 1, blue: 1), location: 0)], center: Point(x: 0, y: 0), startRadius: 0, endRadius: 5),
                    lineWidth: 1),
            .popAffine,
        ]
        let vibrant = ColorTreatment(mode: .vibrant).apply(to: commands)
        #expect(vibrant[0] == .pushAffine(AffineSpec(tx: 10)) && vibrant[3] == .popAffine)
        guard case .fill(_, _, .color(let black)) = vibrant[1], case .stroke(_, _, let paint, _, _) = vibrant[2] else { Issue.record("\(vibrant)"); return }
        // Vibrant: black vanishes, white stays white.
        #expect(black.alpha == 0)
        #expect(paint.colors == [RGBA(red: 1, green: 1, blue: 1, alpha: 1)])
    }
}
