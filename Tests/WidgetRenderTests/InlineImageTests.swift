import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// An image carried in the view tree as its bytes (`Image(uiImage:)` of `UIImage(data:)`): drawn
/// like a file of the bundle, bounded on the wire, and refused with a typed error when it is no
/// image.
@Suite("Images carried in the tree")
struct InlineImageTests {
    @Test("PNG bytes in the tree are drawn at their size, and the tree is version 3")
    func pngBytesDraw() throws {
        let temp = try TemporaryFolder()
        let file = try temp.writePNG("red.png", width: 20, height: 20, color: PaintFixture.red)
        let bytes = [UInt8](try Data(contentsOf: file))
        let root = ViewNode(.image(.data(bytes)))
        let (image, problems) = try draw(root, assets: .empty)
        #expect(problems.isEmpty)
        // 20 points centred in the 170-point small widget: 75…95.
        #expect(near(image.pixel(x: 85, y: 85), 255, 0, 0))
        #expect(near(image.pixel(x: 70, y: 85), 255, 255, 255))

        let tree = ViewTree(root: root)
        #expect(tree.jsonValue["version"] == .integer(3))
        #expect(try ViewTree(json: tree.jsonValue).root.kind == .image(.data(bytes)))
    }

    @Test("bytes that are no image are a typed problem; on the wire, text that is not base64 or too long is refused at its path")
    func refusals() throws {
        let (_, problems) = try draw(ViewNode(.image(.data(Array("hello".utf8)))), assets: .empty)
        #expect(problems.contains { $0.description.contains("neither PNG, JPEG nor SVG") }, "\(problems)")

        func refusal(_ data: String) -> ViewTreeError? {
            do {
                _ = try ViewTree(json: .object(["version": .integer(3), "root": .object(["type": .string("image"), "data": .string(data)])]))
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("*not base64*")?.problem == .notBase64)
        #expect(refusal("*not base64*")?.path == "view.root.data")
        let limit = ViewTree.Limits.maxInlineImageBytes
        let huge = Data(repeating: 0x41, count: limit + 3).base64EncodedString()
        #expect(refusal(huge)?.problem == .inlineImageTooLarge(bytes: (limit + 3 + 2) / 3 * 3, limit: limit))
    }
}
