import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// `position(x:y:)` as the SDK writes it (the view at its ideal size on a point-sized frame,
/// moved, in a frame that fills the offer): the view's centre lands on the point, measured from
/// the offer's top leading corner. Drawn in a small widget (170 points, no margins, scale 1, on
/// white), as the effects are.
@Suite("Layout: position")
struct LayoutPositionTests {
    private static let red = FillStyle.color(.rgba(red: 1, green: 0, blue: 0, alpha: 1))

    /// A red square of `side` points with its centre at (`x`, `y`).
    private func square(_ side: Double, x: Double, y: Double) throws -> RasterImage {
        let node = ViewNode(.shape(.rectangle, fill: Self.red, stroke: nil), modifiers: [
            .frame(FrameSpec(width: side, height: side)),
            .fixedSize(horizontal: true, vertical: true), .frame(FrameSpec(width: 0, height: 0)), .offset(x: x, y: y),
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)),
        ])
        let (image, problems) = try draw(node, assets: .empty)
        #expect(problems.isEmpty)
        return image
    }

    private func red(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 255, 0, 0, tolerance: 8) }

    @Test("the view's centre is at the point, whatever its size")
    func centreAtThePoint() throws {
        // 20 points square centred on (40, 30): 30…50 across, 20…40 down.
        let small = try square(20, x: 40, y: 30)
        #expect(red(small, 32, 22) && red(small, 48, 38))
        #expect(!red(small, 27, 30) && !red(small, 53, 30) && !red(small, 40, 17) && !red(small, 40, 43))
        #expect(!red(small, 85, 85), "not centred in the widget")
        // 60 points square centred on (120, 100): 90…150 across, 70…130 down.
        let large = try square(60, x: 120, y: 100)
        #expect(red(large, 92, 72) && red(large, 148, 128))
        #expect(!red(large, 87, 100) && !red(large, 153, 100))
    }
}
