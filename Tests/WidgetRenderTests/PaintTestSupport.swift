import Foundation
import WidgetPayload
import WidgetRender

/// Shared by the painter, asset, symbol, Pango and terminal tests.
enum PaintFixture {
    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)
    static let green = RGBA(red: 0, green: 1, blue: 0)
    static let body = TextStyle(family: "DejaVu Sans", size: 17)

    /// Draws `commands` on a canvas of `size` points at `scale` and reads the PNG back.
    static func render(_ commands: [DisplayCommand], size: Size = Size(width: 40, height: 40), scale: Int = 1,
                       assets: BundleAssets = .empty) throws -> RasterImage {
        try RasterImage(png: pngData(DisplayList(size: size, commands: commands), scale: scale, assets: assets))
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngHeaderSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, Array(png[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    static func isRed(_ pixel: RGBA8) -> Bool {
        pixel.alpha > 250 && pixel.red > 250 && pixel.green < 5 && pixel.blue < 5
    }

    static func isTransparent(_ pixel: RGBA8) -> Bool {
        pixel.alpha < 5
    }

    /// How many pixels in the rectangle (pixels) are mostly opaque.
    static func opaqueCount(_ image: RasterImage, x: Range<Int>, y: Range<Int>) -> Int {
        y.reduce(0) { total, row in total + x.filter { image.pixel(x: $0, y: row).alpha > 128 }.count }
    }
}

/// A temporary directory removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetrender-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// A PNG of `width`×`height` pixels filled with `color`.
    @discardableResult
    func writePNG(_ relative: String, width: Int, height: Int, color: RGBA = PaintFixture.red) throws -> URL {
        let size = Size(width: Double(width), height: Double(height))
        let list = DisplayList(size: size, commands: [.fill(.rectangle, Rect(origin: Point(x: 0, y: 0), size: size), .color(color))])
        return try write(pngData(list, scale: 1), to: relative)
    }
}
