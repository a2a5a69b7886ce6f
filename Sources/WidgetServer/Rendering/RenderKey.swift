import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// What one image depends on: the same key always draws the same bytes.
struct RenderKey: Sendable, Hashable {
    let kind: String
    let family: WidgetFamily
    /// The entry drawn (its date, and a digest of what it holds, so a reload that keeps the
    /// date but changes the content draws afresh).
    let entryDate: Date
    let entryDigest: Int
    /// The moment drawn, for counting dates; the entry's date unless `?at=` names another.
    let drawnAt: Date
    let appearance: ColorSchemeName
    /// nil: the family's own rendering mode.
    var renderingMode: RenderingModeName? = nil
    let scale: Int
    let format: RenderFormat
    /// A placeholder, drawn redacted.
    var redacted = false

    /// A strong validator: the key's parts, hashed stably (Swift's `hashValue` is seeded per process).
    var etag: String {
        let text = "\(kind)|\(family.rawValue)|\(entryDate.timeIntervalSince1970)|\(entryDigest)|\(drawnAt.timeIntervalSince1970)|\(appearance.rawValue)|\(renderingMode?.rawValue ?? "")|\(scale)|\(format.rawValue)\(redacted ? "|redacted" : "")"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))\""
    }
}
