import Foundation

/// A code sample in a C header's comments, fenced as widgethost.h's comment says:
///
///     * ```c body
///     * completion->complete(request_token, payload, length);
///     * ```
struct HeaderSample: Sendable, CustomStringConvertible {
    /// How a sample is checked: the fence's tag.
    enum Form: String, Sendable, CaseIterable {
        /// A whole file after `#include <widgethost/widgethost.h>`.
        case file = "c"
        /// Statements in a function whose parameters are the ABI's usual names.
        case body = "c body"
        /// One JSON document.
        case json
        /// For people only.
        case text
    }

    /// The header's file name, e.g. `bundle.h`.
    let header: String
    /// The header's line (1-based) of the sample's first line.
    let line: Int
    let form: Form
    let code: String

    var description: String { "\(header):\(line) (```\(form.rawValue))" }
}

/// A header comment that breaks the fence convention.
enum HeaderSampleProblem: Error, CustomStringConvertible {
    case unknownTag(header: String, line: Int, tag: String)
    case unclosedFence(header: String, line: Int)
    case unfencedSample(header: String, line: Int, text: String)

    var description: String {
        switch self {
        case .unknownTag(let header, let line, let tag):
            "\(header):\(line): fence tag '\(tag)' is none of \(HeaderSample.Form.allCases.map(\.rawValue)) (widgethost.h)"
        case .unclosedFence(let header, let line):
            "\(header):\(line): the fence opened here is not closed before its comment ends"
        case .unfencedSample(let header, let line, let text):
            "\(header):\(line): an indented sample outside a fence (fence it as widgethost.h says): \(text)"
        }
    }
}

/// Reads the samples out of the headers' block comments.
enum HeaderSamples {
    /// A line inside a block comment, with the comment's margin (`*` and one space) taken off.
    private struct CommentLine {
        let number: Int
        let text: String
        /// The first line of its comment.
        let opensComment: Bool
    }

    /// Every line of `source` inside a block comment. Good enough for these headers: no string
    /// or `//` comment in them holds `/*` or `*/`.
    private static func commentLines(_ source: String) -> [CommentLine] {
        var result: [CommentLine] = []
        var inside = false
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            var rest = Substring(line)
            var opened = false
            var text: Substring? = inside ? rest : nil
            while true {
                if inside {
                    guard let close = rest.range(of: "*/") else { break }
                    text = text.map { $0[..<close.lowerBound] }
                    inside = false
                    rest = rest[close.upperBound...]
                } else {
                    guard let open = rest.range(of: "/*") else { break }
                    inside = true
                    opened = true
                    rest = rest[open.upperBound...]
                    text = rest
                }
            }
            if let text { result.append(CommentLine(number: index + 1, text: margin(text), opensComment: opened)) }
        }
        return result
    }

    /// ` * text` → `text`; ` *` → empty; `/* text` (already cut) → `text`.
    private static func margin(_ raw: Substring) -> String {
        var text = raw.drop { $0 == " " || $0 == "\t" }
        if text.first == "*" {
            text = text.dropFirst()
            if text.first == " " { text = text.dropFirst() }
        } else {
            // The opening line's rest, or a line of a comment without a margin.
            text = raw.first == " " ? raw.dropFirst() : raw
        }
        return String(text.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    /// The samples of `header`, and how its comments break the convention, if they do.
    static func samples(in url: URL) throws -> (samples: [HeaderSample], problems: [HeaderSampleProblem]) {
        let header = url.lastPathComponent
        var samples: [HeaderSample] = []
        var problems: [HeaderSampleProblem] = []
        var fence: (opening: Int, form: HeaderSample.Form, code: [String])?
        var previousWasBlank = false
        for line in commentLines(try String(contentsOf: url, encoding: .utf8)) {
            if line.opensComment, let unclosed = fence {
                problems.append(.unclosedFence(header: header, line: unclosed.opening))
                fence = nil
            }
            if var open = fence {
                if line.text == "```" {
                    samples.append(HeaderSample(
                        header: header, line: open.opening + 1, form: open.form, code: open.code.joined(separator: "\n")))
                    fence = nil
                } else {
                    open.code.append(line.text)
                    fence = open
                }
            } else if line.text.hasPrefix("```") {
                let tag = String(line.text.dropFirst(3))
                if let form = HeaderSample.Form(rawValue: tag) {
                    fence = (line.number, form, [])
                } else {
                    problems.append(.unknownTag(header: header, line: line.number, tag: tag))
                }
            } else if previousWasBlank && !line.opensComment && line.text.hasPrefix("    ") {
                problems.append(.unfencedSample(header: header, line: line.number, text: line.text))
            }
            previousWasBlank = line.text.isEmpty
        }
        if let unclosed = fence { problems.append(.unclosedFence(header: header, line: unclosed.opening)) }
        return (samples, problems)
    }
}
