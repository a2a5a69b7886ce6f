/// The widget's text for a terminal without truecolor: every text command in reading order
/// (top to bottom, then left to right within a row), one per line, in a simple box.
public func plainText(_ list: DisplayList) -> String {
    let lines = PlainTextLayout.readingOrder(list).flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    let inner = max(lines.map(PlainTextLayout.columns).max() ?? 0, 1)
    var out = "┌" + String(repeating: "─", count: inner + 2) + "┐\n"
    for line in lines.isEmpty ? [""] : lines {
        out += "│ " + line + String(repeating: " ", count: inner - PlainTextLayout.columns(line)) + " │\n"
    }
    out += "└" + String(repeating: "─", count: inner + 2) + "┘\n"
    return out
}

/// The widget's text on one line, in reading order: what a panel or a screen reader shows.
public func readingText(_ list: DisplayList) -> String {
    PlainTextLayout.readingOrder(list)
        .flatMap { $0.split(whereSeparator: \.isNewline) }
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .joined(separator: " ")
}

enum PlainTextLayout {
    /// Text commands grouped in rows (frames whose vertical middles are within half a line of
    /// each other), rows from the top, texts in a row from the left.
    static func readingOrder(_ list: DisplayList) -> [String] {
        let texts: [(String, Rect)] = list.commands.compactMap {
            guard let text = $0.drawnText else { return nil }
            return (text.string, text.frame)
        }
        let byTop = texts.sorted { $0.1.minY < $1.1.minY }
        var rows: [[(String, Rect)]] = []
        for text in byTop {
            let middle = text.1.minY + text.1.height / 2
            if let last = rows.last?.first, abs(middle - (last.1.minY + last.1.height / 2)) < max(min(last.1.height, text.1.height) / 2, 1) {
                rows[rows.count - 1].append(text)
            } else {
                rows.append([text])
            }
        }
        return rows.flatMap { $0.sorted { $0.1.minX < $1.1.minX }.map(\.0) }
    }

    /// Terminal columns a line takes: wide (East Asian, emoji) characters take two,
    /// combining marks and variation selectors none.
    static func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return total
            default: break
            }
            if properties.isVariationSelector || scalar == "\u{200D}" { return total }
            if properties.isEmojiPresentation || isWide(scalar.value) { return total + 2 }
            return total + 1
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}
