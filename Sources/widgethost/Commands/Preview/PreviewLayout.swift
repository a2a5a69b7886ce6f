import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetValidation

/// Lays a round out for the terminal: each kind's families side by side, the problems under
/// them with their fixes, then what `validate` found.
enum PreviewLayout {
    /// The gap between two families' pictures.
    static let gap = 3
    /// A terminal cell is about this many points wide when drawn at full size.
    static let pointsPerColumn = 4.0

    /// Columns for each family, so that all of them fit side by side in `width`: their natural
    /// widths, scaled down together when the terminal is narrower.
    static func columns(for families: [WidgetFamily], width: Int) -> [WidgetFamily: Int] {
        let natural = families.map { max(1, Int(($0.defaultDisplaySize.width / pointsPerColumn).rounded(.up))) }
        let room = max(families.count, width - gap * max(0, families.count - 1))
        let scale = min(1, Double(room) / Double(max(1, natural.reduce(0, +))))
        return Dictionary(uniqueKeysWithValues: zip(families, natural.map { max(8, Int(Double($0) * scale)) }))
    }

    /// The pictures and problems of a round.
    static func text(_ result: PreviewResult, heading: String) -> String {
        var lines = [heading, ""]
        for problem in result.problems { lines += describe(problem) }
        for widget in result.widgets {
            lines.append(widget.kind)
            lines += sideBySide(widget.cells.map(cellLines))
            // `#Preview` entries under the families, as many to a row as there are families, so
            // that a row is no wider than the one above.
            let perRow = max(1, widget.cells.count)
            for start in stride(from: 0, to: widget.previewCells.count, by: perRow) {
                lines.append("")
                lines += sideBySide(widget.previewCells[start..<min(start + perRow, widget.previewCells.count)].map(cellLines))
            }
            for note in widget.notes { lines.append("note: \(note)") }
            for problem in widget.problems { lines += describe(problem) }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `validate` found: a summary a bundle, and each failed or warned check with its fix.
    static func text(_ validation: [ValidationReport]) -> String {
        validation.flatMap(validationLines).map { $0 + "\n" }.joined()
    }

    private static func cellLines(_ cell: PreviewCell) -> [String] {
        [cell.title] + (cell.picture.map(pictureLines) ?? ["(nothing to draw)"])
    }

    private static func describe(_ problem: PreviewProblem) -> [String] {
        ["✘ \(problem.message)", "  fix: \(problem.fix)"]
    }

    private static func validationLines(_ report: ValidationReport) -> [String] {
        let name = URL(fileURLWithPath: report.bundlePath).lastPathComponent
        let summary = "validate \(name): \(report.passed ? "passed" : "FAILED") (\(report.count(.pass)) pass, \(report.count(.warn)) warn, \(report.count(.fail)) fail)"
        var lines = [summary]
        for check in report.checks where check.status == .fail || check.status == .warn {
            lines.append("\(check.status == .fail ? "✘" : "!") \(check.id.rawValue): \(check.message)")
            if let fix = check.fix { lines.append("  fix: \(fix)") }
        }
        return lines
    }

    private static func pictureLines(_ picture: String) -> [String] {
        picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Columns of lines, each padded to its widest line, joined row by row. Colours are reset
    /// at the end of each piece so that none bleeds into the gap.
    static func sideBySide(_ columns: [[String]]) -> [String] {
        let widths = columns.map { $0.map(visibleWidth).max() ?? 0 }
        let rows = columns.map(\.count).max() ?? 0
        return (0..<rows).map { row in
            zip(columns, widths).map { column, width in
                let piece = row < column.count ? column[row] : ""
                let padding = String(repeating: " ", count: max(0, width - visibleWidth(piece)))
                return (piece.contains("\u{1B}[") ? piece + "\u{1B}[0m" : piece) + padding
            }
            .joined(separator: String(repeating: " ", count: gap))
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    /// Cells a line takes on a terminal: escape sequences take none, wide characters (CJK,
    /// emoji) two.
    static func visibleWidth(_ line: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: continue  // combining, zero-width, variation selectors
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF: width += 2
            default: width += 1
            }
        }
        return width
    }
}
