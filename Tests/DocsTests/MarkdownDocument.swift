import Foundation

/// A Markdown file of the docs, read far enough for `DocsTests`: its fenced code blocks, its
/// headings (as GitHub's anchors) and its relative links.
struct MarkdownDocument: Sendable {
    /// The file's path from the package root, as messages name it.
    let name: String
    let url: URL
    let lines: [String]

    struct CodeBlock: Sendable {
        /// The first word of the info string (`sh`, `swift`, …); empty for an untyped block.
        let type: String
        /// The line number (1-based) of each line of the block, and its text without the fence's indent.
        let lines: [(number: Int, text: String)]
    }

    struct Link: Sendable {
        let line: Int
        let target: String
    }

    init(name: String, url: URL) throws {
        self.init(name: name, url: url, text: try String(contentsOf: url, encoding: .utf8))
    }

    /// A document of text already at hand: a shell listing wrapped in one `sh` block, say.
    init(name: String, url: URL? = nil, text: String) {
        self.name = name
        self.url = url ?? URL(fileURLWithPath: name)
        self.lines = text.components(separatedBy: "\n")
    }

    /// Fences: a line of three or more backticks (or tildes), indented by anything (list items hold
    /// blocks), closed by a line of the same character at least as long.
    private static func fence(_ line: String) -> (indent: Int, marker: String, info: String)? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        for character in ["`", "~"] as [Character] {
            let marker = rest.prefix { $0 == character }
            if marker.count >= 3 {
                return (indent, String(marker), rest.dropFirst(marker.count).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    /// Every fenced code block, and which lines are inside one (fences included).
    private var scan: (blocks: [CodeBlock], inCode: [Bool]) {
        var blocks: [CodeBlock] = []
        var inCode = Array(repeating: false, count: lines.count)
        var open: (indent: Int, marker: String, type: String, start: Int)?
        var body: [(number: Int, text: String)] = []
        for (index, line) in lines.enumerated() {
            if let current = open {
                inCode[index] = true
                if let closing = Self.fence(line), closing.info.isEmpty, closing.marker.first == current.marker.first,
                   closing.marker.count >= current.marker.count {
                    blocks.append(CodeBlock(type: current.type, lines: body))
                    open = nil
                    body = []
                } else {
                    var text = Substring(line)
                    var stripped = 0
                    while stripped < current.indent, text.first == " " {
                        text = text.dropFirst()
                        stripped += 1
                    }
                    body.append((index + 1, String(text)))
                }
            } else if let opening = Self.fence(line) {
                inCode[index] = true
                let type = opening.info.split(separator: " ").first.map(String.init) ?? ""
                open = (opening.indent, opening.marker, type, index)
            }
        }
        return (blocks, inCode)
    }

    var codeBlocks: [CodeBlock] { scan.blocks }

    /// The anchors GitHub gives the file's headings: `#` to `######` headings outside code blocks,
    /// a duplicate slug getting `-1`, `-2`, … as on GitHub.
    var anchors: Set<String> {
        let inCode = scan.inCode
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (index, line) in lines.enumerated() where !inCode[index] {
            guard let match = line.firstMatch(of: /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/) else { continue }
            let slug = Self.slug(String(match.1))
            if let count = seen[slug] {
                anchors.insert("\(slug)-\(count)")
                seen[slug] = count + 1
            } else {
                anchors.insert(slug)
                seen[slug] = 1
            }
        }
        return anchors
    }

    /// GitHub's anchor for a heading: the text as rendered (links become their text), lowercased,
    /// every character dropped but letters, marks, digits, `_`, `-` and spaces, each space a `-`.
    static func slug(_ heading: String) -> String {
        let rendered = heading.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { $0.1 }
        var slug = ""
        for scalar in rendered.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// Inline links and images outside code blocks and code spans, and reference definitions
    /// (`[name]: target`).
    var links: [Link] {
        let inCode = scan.inCode
        var links: [Link] = []
        var spanTicks = 0  // the length of the backtick run that opened the code span we are in; 0: none
        for (index, line) in lines.enumerated() {
            if inCode[index] {
                spanTicks = 0
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { spanTicks = 0 }  // a span ends with its paragraph
            // Blank out code spans, which may run over several lines.
            var masked = ""
            let characters = Array(line)
            var position = 0
            while position < characters.count {
                if characters[position] == "`" {
                    var run = 0
                    while position + run < characters.count, characters[position + run] == "`" { run += 1 }
                    if spanTicks == 0 {
                        spanTicks = run
                    } else if spanTicks == run {
                        spanTicks = 0
                    }
                    masked += String(repeating: " ", count: run)
                    position += run
                } else {
                    masked.append(spanTicks == 0 ? characters[position] : " ")
                    position += 1
                }
            }
            for match in masked.matches(of: /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/) {
                links.append(Link(line: index + 1, target: String(match.1)))
            }
            if let match = masked.firstMatch(of: /^ {0,3}\[[^\]]+\]:\s+<?([^\s>]+)>?/) {
                links.append(Link(line: index + 1, target: String(match.1)))
            }
        }
        return links
    }
}
