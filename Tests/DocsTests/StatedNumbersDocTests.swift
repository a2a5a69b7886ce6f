import Foundation
import Testing
import WidgetHostCore
import WidgetValidation

/// The numbers the docs state are the code's (issue 41: isolation.md said "12 checks" and
/// "ABI 1.3" long after the validator had 14 and the ABI was at 1.6).
///
/// `validate`'s checks, against `ValidationCheck.ID.allCases` (the validator's list, in the order
/// it runs them):
/// - isolation.md's table of checks (the one headed `| check | what it asks |`) lists exactly
///   those ids, in that order;
/// - a count of checks — `14 checks`, `all fourteen checks`, `all 14`, in digits or in words —
///   in any paragraph of README.md or docs/*.md that mentions `validate`, or under a heading
///   that does, is their number, and
///   so is the total of a summary line `(N pass, N warn, N fail, N skip)` anywhere. isolation.md
///   must state the count at least once.
///
/// The ABI version, against `ABIVersion.host` (`WK_ABI_VERSION_*` in version.h):
/// - these statements of the current version must name it: `The ABI is at **X.Y.Z**` (abi.md,
///   which must have it), `this host speaks X.Y.Z` (validate's output), the SDK's own
///   `sdk_version`, `WidgetSDK … (ABI X.Y.Z`, the C template's `widgethost C headers X.Y.Z`,
///   and `the SDK (X.Y) exports`;
/// - every other `ABI X.Y` or `ABI X.Y.Z` is history (the version a feature came with, an older
///   bundle in the compatibility matrix): of the header's major, it may be older, never newer
///   (another major is a bundle the host refuses, e.g. fault-matrix.md's `wrong_abi.c`).
@Suite("Docs: the numbers they state match the code")
struct StatedNumbersDocTests {
    static let documentNames = ["README.md"] + DocsTests.documentNames.filter { $0.hasPrefix("docs/") }

    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20,
    ]

    static func numberValue(_ text: Substring) -> Int? {
        Int(text) ?? numberWords[text.lowercased()]
    }

    /// A number a line states, where it is.
    struct Statement: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        let value: Int
        var description: String { "\(file):\(line): \"\(text)\"" }
    }

    /// The counts of checks stated in `document`, by the rules above.
    static func checkCounts(in document: MarkdownDocument) -> [Statement] {
        let count = /(?i)\b(?:all\s+)?(\d+|[a-z]+)\s+(?:conformance\s+|`?validate`?\s+)?checks\b/
        // "passes all 14:", "all fourteen (…": `all` and a number that ends the phrase.
        let all = /(?i)\ball\s+(\d+|[a-z]+)(?=\s*(?:[:;,.(]|$))/
        let summary = /\((\d+) pass, (\d+) warn, (\d+) fail, (\d+) skip\)/
        var found: [Statement] = []
        // Paragraphs: runs of non-blank lines, code blocks included (a transcript is one), each
        // with the heading of its section.
        var paragraphs: [(heading: String, lines: [(number: Int, text: String)])] = [("", [])]
        var heading = ""
        var inFence = false
        for (index, line) in document.lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            if !inFence, line.firstMatch(of: /^#{1,6}\s/) != nil { heading = line }
            if trimmed.isEmpty {
                paragraphs.append((heading, []))
            } else {
                if paragraphs[paragraphs.count - 1].lines.isEmpty { paragraphs[paragraphs.count - 1].heading = heading }
                paragraphs[paragraphs.count - 1].lines.append((index + 1, line))
            }
        }
        for (heading, paragraph) in paragraphs {
            let aboutValidate = heading.contains("validate") || paragraph.contains { $0.text.contains("validate") }
            for (number, text) in paragraph {
                for match in text.contains(" pass, ") ? text.matches(of: summary) : [] {
                    let total = [match.1, match.2, match.3, match.4].compactMap { Int($0) }.reduce(0, +)
                    found.append(Statement(file: document.name, line: number, text: String(match.0), value: total))
                }
                guard aboutValidate else { continue }
                for match in text.matches(of: count) {
                    if let value = numberValue(match.1) {
                        found.append(Statement(file: document.name, line: number, text: String(match.0), value: value))
                    }
                }
                for match in text.matches(of: all) {
                    if let value = numberValue(match.1) {
                        found.append(Statement(file: document.name, line: number, text: String(match.0), value: value))
                    }
                }
            }
        }
        return found
    }

    /// The check ids of isolation.md's table, with their lines.
    static func tableOfChecks(in document: MarkdownDocument) -> [(line: Int, id: String)] {
        guard let header = document.lines.firstIndex(where: { $0.hasPrefix("| check | what it asks |") }) else { return [] }
        var rows: [(line: Int, id: String)] = []
        for index in (header + 2)..<document.lines.count {
            let line = document.lines[index]
            guard line.hasPrefix("|") else { break }
            let cell = line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
            rows.append((index + 1, cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))))
        }
        return rows
    }

    @Test("isolation.md's table lists the validator's checks, in the order it runs them")
    func tableListsEveryCheck() throws {
        let document = try DocsTests.document("docs/isolation.md")
        let rows = Self.tableOfChecks(in: document)
        let ids = ValidationCheck.ID.allCases.map(\.rawValue)
        try #require(!rows.isEmpty, "docs/isolation.md: no table headed `| check | what it asks |`")
        let listed = rows.map(\.id)
        for id in ids where !listed.contains(id) {
            Issue.record("docs/isolation.md:\(rows.last!.line + 1): the table of checks misses `\(id)` (ValidationCheck.ID.\(id)): add its row")
        }
        for row in rows where !ids.contains(row.id) {
            Issue.record("docs/isolation.md:\(row.line): the table names `\(row.id)`, which is no check of the validator (ValidationCheck.ID: \(ids.joined(separator: ", ")))")
        }
        if Set(listed) == Set(ids) && listed != ids {
            Issue.record("docs/isolation.md:\(rows[0].line): the table's order \(listed) is not the order the validator runs them: \(ids)")
        }
    }

    @Test("Every count of validate's checks in the docs is the validator's number of checks", arguments: documentNames)
    func countsOfChecks(name: String) throws {
        let statements = Self.checkCounts(in: try DocsTests.document(name))
        let actual = ValidationCheck.ID.allCases.count
        for statement in statements where statement.value != actual {
            Issue.record("\(statement) states \(statement.value) checks; the validator has \(actual) (ValidationCheck.ID.allCases)")
        }
        if name == "docs/isolation.md" {
            #expect(!statements.isEmpty, "docs/isolation.md no longer states how many checks `validate` runs; say it (\"There are \(actual) checks\")")
        }
    }

    /// The ABI versions `line` claims are current, each as the text and the version it names.
    static func currentABIClaims(in line: String) -> [(text: String, version: [Int])] {
        let forms = [
            /The ABI is at \*\*(\d+(?:\.\d+)+)\*\*/,
            /this host speaks (?:ABI )?(\d+(?:\.\d+)+)/,
            /WidgetSDK \d+\.\d+\.\d+ \(ABI (\d+(?:\.\d+)+)/,
            /widgethost C headers (\d+(?:\.\d+)+)/,
            /the SDK \((\d+(?:\.\d+)+)\) exports/,
        ]
        return forms.flatMap { form in
            line.matches(of: form).map { (String($0.0), $0.1.split(separator: ".").compactMap { Int($0) }) }
        }
    }

    /// Each `ABI X.Y[.Z]` in `line` of `host`'s major and newer than it.
    static func newerVersions(in line: String, than host: [Int]) -> [String] {
        line.matches(of: /\bABI (\d+)\.(\d+)(?:\.(\d+))?/).compactMap { match in
            let named = [Int(match.1)!, Int(match.2)!, match.3.flatMap { Int($0) } ?? 0]
            return named[0] == host[0] && host.lexicographicallyPrecedes(named) ? String(match.0) : nil
        }
    }

    static var hostVersion: [Int] { [Int(ABIVersion.host.major), Int(ABIVersion.host.minor), Int(ABIVersion.host.patch)] }

    @Test("The docs' current ABI is the header's, and no ABI they name is newer", arguments: documentNames)
    func abiVersions(name: String) throws {
        let document = try DocsTests.document(name)
        let host = Self.hostVersion
        var claims = 0
        for (index, line) in document.lines.enumerated() where ["ABI", "speaks", "C headers", "the SDK ("].contains(where: line.contains) {
            for claim in Self.currentABIClaims(in: line) {
                claims += 1
                // `X.Y` claims the minor; `X.Y.Z` the whole version.
                if claim.version != Array(host.prefix(claim.version.count)) || claim.version.count > 3 {
                    Issue.record("\(name):\(index + 1): \"\(claim.text)\" names ABI \(claim.version.map(String.init).joined(separator: ".")) as today's; the header says \(ABIVersion.host) (WK_ABI_VERSION_* in sdk/WidgetABI/include/widgethost/version.h)")
                }
            }
            for text in Self.newerVersions(in: line, than: host) {
                Issue.record("\(name):\(index + 1): \"\(text)\" is newer than the ABI in the header, \(ABIVersion.host)")
            }
        }
        if name == "docs/abi.md" {
            #expect(claims > 0, "docs/abi.md no longer says \"The ABI is at **\(ABIVersion.host)**\"")
        }
    }

    /// The rules on text made up for them: a stale number is caught, the history is not.
    @Test("A stale count or version is caught; a feature's version is history")
    func theRulesCatchDrift() {
        let stale = MarkdownDocument(name: "made-up.md", text: """
            `widgethost validate` runs its checks on all 3 timelines. Every sample passes all twelve:

            ```
            PASS  abi-version            built against ABI 1.3.0; this host speaks 1.3.0
            x.so: PASSED (12 pass, 0 warn, 0 fail, 0 skip)
            ```

            The parser makes two checks of its own (not the validator's, so not counted).

            ## `widgethost validate`

            Under this heading, a paragraph need not say validate: there are 13 checks.
            """)
        let counts = Self.checkCounts(in: stale)
        #expect(counts.map(\.value) == [12, 12, 13], "\(counts)")
        #expect(counts.map(\.line) == [1, 5, 12])
        #expect(Self.currentABIClaims(in: "built against ABI 1.3.0; this host speaks 1.3.0").map(\.version) == [[1, 3, 0]])
        #expect(Self.currentABIClaims(in: "configurable widgets (since ABI 1.3)").isEmpty)
        #expect(Self.currentABIClaims(in: "the SDK (1.6) exports").map(\.version) == [[1, 6]])
        #expect(Self.checkCounts(in: MarkdownDocument(name: "x.md", text: "`validate` has 14 checks; it passes all 14.")).map(\.value) == [14, 14])
        #expect(Self.newerVersions(in: "ABI 1.7 adds…; ABI 1.6.1; ABI 1.5; ABI 2.0.0 (wrong_abi.c)", than: [1, 6, 0]) == ["ABI 1.7", "ABI 1.6.1"])
    }
}
