import Foundation
import WidgetPayload
import WidgetRender

/// One scenario SwiftUI laid out on macOS, as SwiftOpenUI recorded it (Fixtures/README.md): the
/// hosting view's frame and, in drawing order, the frame of every layer drawn, in points from
/// the root's top-left corner.
struct ParityFixture: Decodable {
    struct Layer: Decodable {
        var tag: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var children: [Layer]

        var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
        /// Core Animation draws a `Text` into a drawing layer, a `Color` or `Divider` into a plain one.
        var isText: Bool { tag == "CGDrawingLayer" }
    }

    var scenario: String
    /// What the hosting view was offered.
    var rootWidth: Double
    var rootHeight: Double
    /// The hosting view, sized to the scenario's root view; its children are the leaves drawn.
    var root: Layer

    var container: Size { Size(width: rootWidth, height: rootHeight) }
    var texts: [Layer] { root.children.filter(\.isText) }
    var shapes: [Layer] { root.children.filter { !$0.isText } }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// Every fixture in the folder, by scenario name.
    static func all() throws -> [ParityFixture] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { try JSONDecoder().decode(ParityFixture.self, from: Data(contentsOf: $0)) }
    }
}
