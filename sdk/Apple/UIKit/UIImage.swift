import Foundation
import WidgetPayload
import WidgetSDK
import WidgetFoundation

/// UIKit's image, for `Image(uiImage:)`: an image of the bundle's asset catalog, a file (such as
/// one the app rendered into the App Group's container), or bytes.
///
/// A file inside a container `containerURL(forSecurityApplicationGroupIdentifier:)` handed out
/// is drawn by the host from the container itself; any other file, and `UIImage(data:)`, travel
/// in the entry's view (at most `ViewTree.Limits.maxInlineImageBytes`, 256 KiB; a larger one
/// makes the initialiser return nil, with the reason in the host's log).
public final class UIImage: Sendable {
    let source: ImageSource

    private init(source: ImageSource) {
        self.source = source
    }

    /// An empty image, as UIKit's `UIImage()`: no pixels and a size of zero, so it draws nothing
    /// (widget code writes `UIImage(named: name) ?? UIImage()`). It travels as an SVG of zero
    /// width and height.
    public convenience init() {
        self.init(source: .data(Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>"#.utf8)))
    }

    /// An image of the bundle's asset catalog (or a loose file in its asset folder). The host
    /// resolves the name when it draws; a name it cannot find draws an empty image, as on iOS,
    /// and `widgethost validate` reports it.
    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.init(source: .asset(name))
    }

    /// The image in the file at `path`; nil when there is no such file, or when it is neither
    /// PNG, JPEG nor SVG.
    public convenience init?(contentsOfFile path: String) {
        if let file = AppGroupCheck.groupFile(at: path) {
            guard FileManager.default.isReadableFile(atPath: path) else { return nil }
            self.init(source: .appGroup(group: file.group, path: file.relativePath))
            return
        }
        guard let data = Self.read(path) else { return nil }
        self.init(data: data)
    }

    /// An image from its encoded bytes (PNG, JPEG or SVG); nil for other bytes.
    public convenience init?(data: Data) {
        let bytes = [UInt8](data)
        guard ImageBytesFormat(sniffing: bytes) != nil else { return nil }
        guard bytes.count <= ViewTree.Limits.maxInlineImageBytes else {
            WidgetLog.error(
                "UIImage(data:) of \(bytes.count) bytes is nil: an image carried in the entry's view is at most \(ViewTree.Limits.maxInlineImageBytes) bytes; write it to the App Group's container and use UIImage(contentsOfFile:) there, or ship it in the asset catalog")
            return nil
        }
        self.init(source: .data(bytes))
    }

    /// The file's bytes, read no further than the inline limit allows (plus one byte, to see
    /// that it is over).
    private static func read(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: ViewTree.Limits.maxInlineImageBytes + 1)
    }
}

extension Image {
    /// A UIKit image as a SwiftUI one.
    public init(uiImage: UIImage) {
        self.init(source: uiImage.source)
    }
}
