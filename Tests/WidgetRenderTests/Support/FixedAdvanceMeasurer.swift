import WidgetPayload
import WidgetRender

/// A measurer whose numbers a test can work out by hand: every character is 0.5 × the font size
/// wide, a line is 1.2 × tall with its baseline at 0.8 ×; text wraps at spaces (a word longer
/// than the width breaks between characters), then keeps `lineLimit` lines and what the height
/// holds (never less than one), its last line then ending in "…" within the width.
struct FixedAdvanceMeasurer: TextMeasuring {
    func measure(_ text: String, style: TextStyle, width: Double?, height: Double?) -> TextMeasurement {
        let points = style.size * style.scale
        let advance = 0.5 * points
        let lineHeight = 1.2 * points
        let maxChars = width.map { max(1, Int(($0 / advance + 1e-9).rounded(.down))) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            Self.wrap(String(paragraph), maxChars: maxChars)
        }
        var limit = style.lineLimit ?? Int.max
        if let height {
            limit = min(limit, max(1, Int((height / lineHeight + 1e-9).rounded(.down))))
        }
        let truncated = lines.count > limit
        if truncated {
            lines = Array(lines.prefix(limit))
            // The kept characters and the ellipsis, within the width.
            lines[lines.count - 1] = min(lines[lines.count - 1] + 1, maxChars ?? Int.max)
        }
        let widest = Double(lines.max() ?? 0) * advance
        return TextMeasurement(
            size: Size(width: widest, height: Double(lines.count) * lineHeight),
            isTruncated: truncated,
            firstBaseline: 0.8 * points,
            lastBaseline: Double(lines.count - 1) * lineHeight + 0.8 * points
        )
    }

    /// The character count of each line of one paragraph.
    static func wrap(_ paragraph: String, maxChars: Int?) -> [Int] {
        guard let maxChars else { return [paragraph.count] }
        var lines: [Int] = []
        var current = 0
        for word in paragraph.split(separator: " ").map(\.count) {
            var word = word
            if current > 0, current + 1 + word <= maxChars {
                current += 1 + word
                continue
            }
            if current > 0 { lines.append(current) }
            while word > maxChars {
                lines.append(maxChars)
                word -= maxChars
            }
            current = word
        }
        lines.append(current)
        return lines
    }
}

/// Images by name with fixed natural sizes; any other image is missing.
struct FixedImageSizer: ImageSizing {
    var sizes: [String: Size]

    func naturalSize(of source: ImageSource) -> Size? {
        switch source {
        case .asset(let name): sizes[name]
        case .appGroup(_, let path): sizes[path]
        case .system, .data: nil
        }
    }
}
