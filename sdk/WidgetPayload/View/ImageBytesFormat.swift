/// The format an image's own bytes announce (an image's `"data"` in the view tree): PNG's and
/// JPEG's signatures, or SVG's markup (an XML or `<svg` start after any byte-order mark and white
/// space). One reading for the SDK, which refuses other bytes in `UIImage(data:)`, and the host,
/// which decodes them.
public enum ImageBytesFormat: String, Sendable {
    case png, jpeg, svg

    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            let head = String(decoding: bytes.prefix(256), as: UTF8.self)
                .drop { $0 == "\u{FEFF}" || $0.isWhitespace }
            guard head.hasPrefix("<?xml") || head.hasPrefix("<svg") else { return nil }
            self = .svg
        }
    }
}
