import Foundation
import Testing

/// Every suite (or parameterized test) that opts out of running in parallel says why (issue 41).
///
/// The rule, as docs/layout.md states it: an `@Suite(…)` or `@Test(…)` attribute whose traits
/// include `.serialized` must have, directly above it (only other attributes may stand between),
/// a comment — `///` or `//` lines, with no blank line — holding a sentence that starts
/// `Serialized:` and gives the reason: what the tests share (process-wide state, a store, a
/// port) or what they time (a child process, a real-time timeout). Every Swift file under
/// Tests/ is read, hidden folders (a fixture package's `.build`) aside; comment lines are not
/// code.
@Suite("Tests: every serialized suite says why")
struct SerializedReasonTests {
    /// A `.serialized` suite or test found in a source file.
    struct Serialized: CustomStringConvertible {
        let file: String
        /// 1-based, the attribute's first line.
        let line: Int
        /// `suite GalleryTests ("Gallery")`, `test matchesGolden`.
        let name: String
        /// The comment lines directly above, without their `//` or `///`.
        let comment: [String]

        var description: String { "\(file):\(line): \(name)" }

        /// The reason the comment gives, if it follows the rule.
        var reason: String? {
            let text = comment.joined(separator: " ")
            guard let match = text.firstMatch(of: /Serialized:\s*(\S.*)/) else { return nil }
            let reason = String(match.1)
            return reason.split(separator: " ").count >= 3 ? reason : nil
        }
    }

    /// Every attribute in `source` that serializes, by the rule above; `attributeCount` counts
    /// every `@Suite` and `@Test` seen, serialized or not.
    static func serialized(in source: String, file: String) -> (found: [Serialized], attributeCount: Int) {
        let lines = source.components(separatedBy: "\n")
        var found: [Serialized] = []
        var attributes = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard line.contains("@Suite") || line.contains("@Test"), !trimmed.hasPrefix("//"),
                  let attribute = line.firstMatch(of: /@(Suite|Test)\b/) else { continue }
            attributes += 1
            let arguments = argumentText(lines: lines, from: index, after: attribute.range.upperBound)
            // Traits, not names: string literals out first.
            let traits = arguments.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            guard traits.firstMatch(of: /(?:^|[\s,(])\.serialized\b/) != nil else { continue }

            // The comment directly above: attributes may stand between, a blank line may not.
            var comment: [String] = []
            var above = index - 1
            while above >= 0 {
                let text = lines[above].trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("//") {
                    comment.insert(String(text.drop { $0 == "/" }).trimmingCharacters(in: .whitespaces), at: 0)
                } else if !text.hasPrefix("@") {
                    break
                }
                above -= 1
            }

            let kind = attribute.1 == "Suite" ? "suite" : "test"
            let declaration = lines[index...].lazy.compactMap { $0.firstMatch(of: /\b(?:struct|class|enum|actor|func)\s+(\w+)/)?.1 }.first
            let displayName = arguments.firstMatch(of: /^\s*\(\s*"([^"]*)"/)?.1
            var name = "\(kind) \(declaration.map(String.init) ?? "?")"
            if let displayName { name += " (\"\(displayName)\")" }
            found.append(Serialized(file: file, line: index + 1, name: name, comment: comment))
        }
        return (found, attributes)
    }

    /// The attribute's parenthesised arguments, from `start` in `lines[index]` on, over as many
    /// lines as they take (parentheses inside string literals do not count); empty when the
    /// attribute has none.
    static func argumentText(lines: [String], from index: Int, after start: String.Index) -> String {
        var text = ""
        var depth = 0
        var inString = false
        var escaped = false
        var first = true
        for lineIndex in index..<min(index + 40, lines.count) {
            let line = lines[lineIndex]
            let characters = first ? line[start...] : line[...]
            first = false
            for character in characters {
                if depth == 0 {
                    if character == "(" && text.isEmpty {
                        depth = 1
                        text.append(character)
                        continue
                    }
                    if character == " " && text.isEmpty { continue }
                    return text
                }
                text.append(character)
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                } else if character == "\"" {
                    inString = true
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                    if depth == 0 { return text }
                }
            }
            if depth == 0 { return text }
            text.append("\n")
        }
        return text
    }

    /// Every Swift file under Tests/, by its path from the package root.
    static func testSources() throws -> [String] {
        let tests = DocsTests.packageRoot.appendingPathComponent("Tests")
        guard let walk = FileManager.default.enumerator(
            at: tests, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var files: [String] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            files.append("Tests/" + url.path.dropFirst(tests.path.count + 1))
        }
        return files.sorted()
    }

    @Test("Every .serialized suite or test under Tests/ says why, in a comment starting `Serialized:`")
    func everySerializedSuiteSaysWhy() throws {
        var attributes = 0
        var serialized: [Serialized] = []
        for file in try Self.testSources() {
            let source = try String(contentsOf: DocsTests.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let scan = Self.serialized(in: source, file: file)
            attributes += scan.attributeCount
            serialized += scan.found
        }
        // A scan that finds nothing would pass vacuously.
        #expect(attributes > 200, "only \(attributes) @Suite and @Test attributes found under Tests/")
        for suite in serialized where suite.reason == nil {
            let said = suite.comment.isEmpty ? "has no comment directly above it" : "has a comment with no `Serialized:` sentence"
            Issue.record(Comment(rawValue: "\(suite) is .serialized and \(said): say why, in a sentence starting `Serialized:` right above it (what its tests share, or what they time)"))
        }
    }

    /// The rule on made-up sources (built with `\u{40}` for `@`, so that this file holds no
    /// serialized attribute of its own).
    @Test("A serialized suite without its reason is found; one with it, or not serialized, is not")
    func theRuleOnMadeUpSources() {
        let source = """
            /// Serialized: the tests share one store, and each reads what the one before wrote.
            \u{40}Suite("Shared store", .serialized)
            struct Explained {}

            /// Some words about the suite.

            \u{40}Suite(.serialized) struct Unexplained {}

            // A plain comment, no reason.
            \u{40}available(macOS 15, *)
            \u{40}Suite(
                "Traits on their own lines (a parenthesis in the name)",
                .tags(.slow),
                .serialized
            )
            final class Multiline {}

            \u{40}Suite("Parallel") struct Parallel {
                // Serialized: too short
                \u{40}Test(.serialized, arguments: [1, 2])
                func short(value: Int) {}
                \u{40}Test("A .serialized in a name is not a trait") func named() {}
            }
            """
        let scan = Self.serialized(in: source, file: "Made.swift")
        #expect(scan.attributeCount == 6)
        #expect(scan.found.map(\.description) == [
            #"Made.swift:2: suite Explained ("Shared store")"#,
            "Made.swift:7: suite Unexplained",
            #"Made.swift:11: suite Multiline ("Traits on their own lines (a parenthesis in the name)")"#,
            "Made.swift:20: test short",
        ])
        #expect(scan.found.map { $0.reason != nil } == [true, false, false, false])
        #expect(scan.found.first?.reason == "the tests share one store, and each reads what the one before wrote.")
    }
}
