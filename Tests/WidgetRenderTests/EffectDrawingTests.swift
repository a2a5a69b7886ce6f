import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// offset, scaleEffect, shadow, blur, tint and ContainerRelativeShape, drawn: each checked by
/// where the ink lands in a small widget (170 points, no margins, drawn at scale 1 on white).
@Suite("Drawing effects drawn")
struct EffectDrawingTests {
    private static let red = FillStyle.color(.rgba(red: 1, green: 0, blue: 0, alpha: 1))

    /// A red square of `side` points centred in the widget, with `modifiers` after its frame.
    private func square(_ side: Double, _ modifiers: [ViewModifierNode] = []) throws -> RasterImage {
        let node = ViewNode(.shape(.rectangle, fill: Self.red, stroke: nil), modifiers: [.frame(FrameSpec(width: side, height: side))] + modifiers)
        let (image, problems) = try draw(node, assets: .empty)
        #expect(problems.isEmpty)
        return image
    }

    private func red(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 255, 0, 0, tolerance: 8) }
    private func white(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { near(image.pixel(x: x, y: y), 255, 255, 255, tolerance: 8) }

    @Test("offset moves the drawing, not the frame")
    func offset() throws {
        // 40 points square: 65…105 on both axes; moved 30 right, 65…105 becomes 95…135.
        let image = try square(40, [.offset(x: 30, y: 0)])
        #expect(red(image, 130, 85))
        #expect(white(image, 70, 85))
    }

    @Test("scaleEffect scales around the anchor")
    func scale() throws {
        // 20 points square, 75…95, scaled twice around its centre: 65…105.
        let image = try square(20, [.scaleEffect(x: 2, y: 2, anchor: UnitPointSpec(x: 0.5, y: 0.5))])
        #expect(red(image, 68, 85) && red(image, 102, 85))
        #expect(white(image, 62, 85))
        // Around its top leading corner (75, 75): 75…115.
        let corner = try square(20, [.scaleEffect(x: 2, y: 2, anchor: UnitPointSpec(x: 0, y: 0))])
        #expect(red(corner, 112, 112))
        #expect(white(corner, 72, 80))
    }

    @Test("a shadow is the view's shape, blurred, in its colour, behind it and moved")
    func shadow() throws {
        let black = ColorSpec.rgba(red: 0, green: 0, blue: 0, alpha: 1)
        let image = try square(40, [.shadow(color: black, radius: 4, x: 20, y: 0)])
        #expect(red(image, 85, 85))
        // Beside the square, where the shadow moved: dark, and grey (not red) at its soft edge.
        let inside = image.pixel(x: 115, y: 85)
        #expect(inside.red < 60 && inside.green < 60 && inside.blue < 60, "\(inside)")
        let edge = image.pixel(x: 126, y: 85)
        #expect(edge.red > 20 && edge.red < 235 && edge.red == edge.green, "\(edge)")
        #expect(white(image, 140, 85))
    }

    @Test("blur softens the edges and leaves the middle and the far field alone")
    func blur() throws {
        let image = try square(40, [.blur(radius: 10)])
        #expect(red(image, 85, 85))
        let edge = image.pixel(x: 106, y: 85)
        #expect(edge.red > 240 && edge.green > 40 && edge.green < 220, "\(edge)")
        #expect(white(image, 140, 85))
        // Unblurred, the same pixel is white: the square ends at 105.
        #expect(white(try square(40), 106, 85))
    }

    @Test("tint colours a progress bar's value")
    func tint() throws {
        let green = FillStyle.color(.rgba(red: 0, green: 1, blue: 0, alpha: 1))
        let bar = ViewNode(.progress(value: 1, total: 1, label: nil), modifiers: [.frame(FrameSpec(width: 100)), .tint(green)])
        let (image, _) = try draw(bar, assets: .empty)
        #expect(near(image.pixel(x: 85, y: 85), 0, 255, 0, tolerance: 8))
    }

    @Test("a container-relative shape's corners are the widget's, less its inset")
    func containerRelativeShape() throws {
        // systemSmall's corners are 22 points round. Inset by 16, the shape's are 6: the pixel at
        // (16, 16) is outside them, (20, 20) inside; a plain rectangle inks both.
        func drawn(_ shape: ShapeName) throws -> RasterImage {
            let node = ViewNode(.shape(shape, fill: Self.red, stroke: nil), modifiers: [.padding(EdgeInsetsSpec(all: 16))])
            return try draw(node, assets: .empty).0
        }
        let relative = try drawn(.containerRelative)
        #expect(white(relative, 16, 16))
        #expect(red(relative, 20, 20))
        #expect(red(relative, 85, 17))
        let rectangle = try drawn(.rectangle)
        #expect(red(rectangle, 16, 16))
    }

    @Test("effects and the container-relative shape cross the wire as version 4")
    func wire() throws {
        let tree = ViewTree(root: ViewNode(.shape(.containerRelative, fill: Self.red, stroke: nil), modifiers: [
            .offset(x: 3, y: -2), .scaleEffect(x: 1.5, y: 0.5, anchor: UnitPointSpec(x: 0, y: 1)),
            .shadow(color: .named(.black, opacity: 0.3), radius: 5, x: 0, y: 2), .blur(radius: 2),
            .tint(.color(.named(.orange, opacity: 1))),
        ]))
        #expect(tree.lowestVersion == 4)
        #expect(tree.features.isSuperset(of: [.effects, .containerRelativeShape]))
        let read = try ViewTree(json: tree.jsonValue)
        #expect(read.root == tree.root)
    }
}
