import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// StrokeStyle's caps and dashes, trim(from:to:) and rotationEffect, drawn: each checked by where
/// the ink lands in a small widget (170 points, drawn at scale 1 on white).
@Suite("Strokes, trims and rotation drawn")
struct ShapeStrokeDrawingTests {
    private static let red = FillStyle.color(.rgba(red: 1, green: 0, blue: 0, alpha: 1))

    /// `shape` in a 100-point frame centred in the widget (35…135 on both axes).
    private func drawn(_ shape: ShapeName, fill: FillStyle? = nil, stroke: StrokeStyleSpec?, _ modifiers: [ViewModifierNode] = []) throws -> RasterImage {
        let node = ViewNode(.shape(shape, fill: fill, stroke: stroke), modifiers: [.frame(FrameSpec(width: 100, height: 100))] + modifiers)
        let (image, problems) = try draw(node, assets: .empty)
        #expect(problems.isEmpty)
        return image
    }

    private func inked(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        near(image.pixel(x: x, y: y), 255, 0, 0, tolerance: 8)
    }

    private func blank(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        near(image.pixel(x: x, y: y), 255, 255, 255, tolerance: 8)
    }

    @Test("a circle trimmed to its first half is inked from its rightmost point clockwise to its leftmost, through the bottom")
    func trimmedCircle() throws {
        let image = try drawn(.trimmed(.circle, from: 0, to: 0.5), stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 6))
        // Radius 50 around (85, 85): the bottom is on the first half, the top on the second.
        #expect(inked(image, 85, 134))
        #expect(blank(image, 85, 35))
        #expect(inked(image, 120, 120))
        #expect(blank(image, 120, 49))
        // An empty trim draws nothing.
        let none = try drawn(.trimmed(.circle, from: 0.6, to: 0.6), stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 6))
        #expect(blank(none, 85, 134) && blank(none, 134, 85))
    }

    @Test("a round cap reaches past the end where a butt cap stops")
    func roundCap() throws {
        // A quarter from the rightmost point (135, 85) clockwise: the line starts heading down, so
        // only a cap inks the pixels just above its start.
        let quarter = ShapeName.trimmed(.circle, from: 0, to: 0.25)
        let butt = try drawn(quarter, stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 6))
        let round = try drawn(quarter, stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 6, lineCap: .round))
        #expect(inked(butt, 134, 88) && inked(round, 134, 88))
        #expect(blank(butt, 134, 83))
        #expect(inked(round, 134, 83))
    }

    @Test("a dashed stroke leaves its gaps blank, starting at a rectangle's top-left corner")
    func dashes() throws {
        let image = try drawn(.rectangle, stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 4, dash: [10, 10]))
        // The top edge runs from x 35: dashes 35…45 and 55…65, a gap 45…55.
        #expect(inked(image, 40, 35))
        #expect(blank(image, 50, 35))
        #expect(inked(image, 60, 35))
        // A phase of 10 starts in the gap.
        let shifted = try drawn(.rectangle, stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 4, dash: [10, 10], dashPhase: 10))
        #expect(blank(shifted, 40, 35) && inked(shifted, 50, 35))
    }

    @Test("a filled trim fills the part of the outline closed by a straight line, as SwiftUI does")
    func filledTrim() throws {
        // Half a rectangle's outline from its top-left corner: the top and right edges, closed
        // back along the diagonal.
        let image = try drawn(.trimmed(.rectangle, from: 0, to: 0.5), fill: Self.red, stroke: nil)
        #expect(inked(image, 125, 45))
        #expect(blank(image, 45, 125))
    }

    @Test("rotationEffect(.degrees(90)) turns a horizontal bar vertical without moving its layout")
    func rotation() throws {
        func bar(_ modifiers: [ViewModifierNode]) throws -> RasterImage {
            let node = ViewNode(.fill(Self.red), modifiers: [.frame(FrameSpec(width: 100, height: 10))] + modifiers)
            let (image, problems) = try draw(node, assets: .empty)
            #expect(problems.isEmpty)
            return image
        }
        let flat = try bar([])
        #expect(inked(flat, 125, 85) && blank(flat, 85, 125))
        let center = UnitPointSpec(x: 0.5, y: 0.5)
        let turned = try bar([.rotationEffect(degrees: 90, anchor: center)])
        #expect(blank(turned, 125, 85) && inked(turned, 85, 125) && inked(turned, 85, 45))
        // Around its leading edge (35, 85), the bar turns down from there.
        let leading = try bar([.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0, y: 0.5))])
        #expect(inked(leading, 35, 125) && blank(leading, 85, 45) && blank(leading, 125, 85))

        // The layout is unchanged: the rotation wraps the bar's own drawing.
        let list = LayoutHarness.layout(ViewNode(.fill(Self.red), modifiers: [.frame(FrameSpec(width: 100, height: 10)), .rotationEffect(degrees: 90, anchor: center)]), marginsDisabled: true)
        let push = list.commands.firstIndex { if case .pushRotation = $0 { true } else { false } }
        #expect(push.map { list.commands[$0] } == .pushRotation(radians: .pi / 2, center: Point(x: 100, y: 50)))
        #expect(list.commands.contains(.popRotation))
    }

    @Test("Wonderous's gauge: a grey ring with an accent arc from the bottom clockwise, round-capped")
    func wonderousGauge() throws {
        let ring = ViewNode(.shape(.circle, fill: nil, stroke: StrokeStyleSpec(fill: .color(.rgba(red: 0, green: 0, blue: 1, alpha: 1)), lineWidth: 2)))
        let arc = ViewNode(.shape(.trimmed(.circle, from: 0, to: 0.25), fill: nil, stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 4, lineCap: .round)),
                           modifiers: [.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0.5, y: 0.5))])
        let gauge = ViewNode(.zStack(alignment: .center, children: [ring, arc]), modifiers: [.frame(FrameSpec(width: 100, height: 100))])
        let (image, problems) = try draw(gauge, assets: .empty)
        #expect(problems.isEmpty)
        // Turned a quarter clockwise, the arc runs from the bottom (85, 135) to the left (35, 85).
        #expect(inked(image, 60, 128))
        #expect(near(image.pixel(x: 110, y: 42), 0, 0, 255, tolerance: 60), "\(image.pixel(x: 110, y: 42))")
        #expect(!inked(image, 110, 128))
    }
}
