import Foundation
import Testing
@testable import widgethost

/// The docs keep working: every `widgethost` command line in README.md, BENCHMARKS.md and
/// docs/*.md parses with the CLI's own parser, and every relative link resolves.
///
/// Which lines are commands is decided by the code block's type:
/// - A block typed `sh`, `bash`, `shell`, `console`, `shell-session` or `zsh` is a shell listing.
///   If any of its lines starts with a `$ ` prompt, it is a transcript: the prompted lines are
///   commands and the other lines are their output, never checked. Otherwise every line is a
///   command (comment lines and blank lines are nothing).
/// - An untyped block (a bare fence) is checked only if it is a transcript (`$ ` lines), and then
///   only its prompted lines. The other untyped blocks are usage synopses (the command list of
///   docs/cli.md, with `[--family F]` and `KIND...`), output or file listings, not commands.
/// - Blocks of any other type (`swift`, `json`, `c`, `lisp`, …) are not shell.
///
/// A command continues on the next line after a trailing `\`. A line is split into words with the
/// shell's quoting (`ShellLine`): `$ ` prompts and trailing `# comments` go, and substitutions
/// (`$VAR`, `"$(…)"`) become a placeholder value. Each invocation of `widgethost` in it — as
/// `widgethost …`, `PATH/widgethost …` (`.build/debug/widgethost`,
/// `../widgethost/.build/debug/widgethost`) or `swift run [OPTIONS] widgethost …`, alone or in a
/// pipeline, list or subshell — is given to `WidgetHostCommand.parseAsRoot`. A renamed
/// subcommand or option in the docs then fails here, naming the file, the line and the parser's
/// error. `--help` and `--version` count as parsing.
///
/// Links: every inline link, image and reference definition outside code, whose target has no
/// URL scheme, must name an existing file or folder (relative to the Markdown file); a `#anchor`
/// (alone, or after a `.md` path) must be the GitHub anchor of a heading of that file.
@Suite("Docs: command lines and links")
struct DocsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, BENCHMARKS.md and every docs/*.md, by their paths from the package root.
    static let documentNames: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "BENCHMARKS.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    static func document(_ name: String) throws -> MarkdownDocument {
        try MarkdownDocument(name: name, url: packageRoot.appendingPathComponent(name))
    }

    static let shellTypes: Set<String> = ["sh", "bash", "shell", "console", "shell-session", "zsh"]

    /// A `widgethost` invocation found in a doc.
    struct Invocation {
        let line: Int
        let text: String
        let arguments: [String]
    }

    /// The invocations of `widgethost` in `document`'s code blocks, by the rules above, and the
    /// lines that could not be split (an unterminated quote, say).
    static func invocations(in document: MarkdownDocument) -> (found: [Invocation], unsplittable: [String]) {
        var found: [Invocation] = []
        var unsplittable: [String] = []
        for block in document.codeBlocks {
            let isShell = shellTypes.contains(block.type)
            guard isShell || block.type.isEmpty else { continue }
            let isPrompt = { (text: String) in text.drop { $0 == " " }.hasPrefix("$ ") }
            let transcript = block.lines.contains { isPrompt($0.text) }
            guard isShell || transcript else { continue }

            // Logical command lines: (first line number, text), continuation lines joined.
            var commands: [(line: Int, text: String)] = []
            var continuing = false
            for (number, text) in block.lines {
                if continuing, var last = commands.popLast() {
                    last.text += " " + text
                    commands.append(last)
                } else if transcript {
                    guard isPrompt(text) else { continue }  // output
                    commands.append((number, String(text.drop { $0 == " " }.dropFirst(2))))
                } else {
                    commands.append((number, text))
                }
                continuing = commands.last!.text.hasSuffix("\\")
                if continuing {
                    commands[commands.count - 1].text.removeLast()
                }
            }

            for command in commands {
                do {
                    for arguments in try ShellLine(command.text).widgethostInvocations {
                        found.append(Invocation(line: command.line, text: command.text.trimmingCharacters(in: .whitespaces), arguments: arguments))
                    }
                } catch {
                    unsplittable.append("\(document.name):\(command.line): cannot split `\(command.text)`: \(error)")
                }
            }
        }
        return (found, unsplittable)
    }

    /// The parser's complaint about `arguments`, or nil when they parse (or ask for help).
    static func parseError(_ arguments: [String]) -> String? {
        do {
            _ = try WidgetHostCommand.parseAsRoot(arguments)
            return nil
        } catch {
            if WidgetHostCommand.exitCode(for: error).isSuccess { return nil }
            return WidgetHostCommand.message(for: error)
        }
    }

    /// Records each line of `document` that cannot be split, and each invocation that does not
    /// parse, naming the file and the line (`lineOffset` is added to the block's line numbers).
    static func recordParseProblems(in document: MarkdownDocument, lineOffset: Int = 0) {
        let (found, unsplittable) = invocations(in: document)
        for problem in unsplittable {
            Issue.record(Comment(rawValue: problem))
        }
        for invocation in found {
            if let error = parseError(invocation.arguments) {
                Issue.record(Comment(rawValue:
                    "\(document.name):\(invocation.line + lineOffset): `\(invocation.text)` does not parse: \(error)"))
            }
        }
    }

    /// A tutorial listing, read as one `sh` block (its first line is the fence: offset -1).
    static func tutorialListing(_ name: String) throws -> MarkdownDocument {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(name), encoding: .utf8)
        return MarkdownDocument(name: name, text: "```sh\n\(text)```\n")
    }

    @Test("Every widgethost command line in the doc parses", arguments: documentNames)
    func commandLinesParse(name: String) throws {
        Self.recordParseProblems(in: try Self.document(name))
    }

    @Test("The docs' commands are found: the README's tour, the CLI reference's examples, the quick start's")
    func commandsAreFound() throws {
        let readme = Self.invocations(in: try Self.document("README.md")).found.map(\.arguments)
        #expect(readme.contains([]))  // swift run widgethost
        #expect(readme.contains(["run"]))
        #expect(readme.contains(["render", "MoviePlannerWidget", "--family", "systemMedium", "--output", "-"]))
        let authoring = Self.invocations(in: try Self.document("docs/authoring.md")).found.map(\.arguments)
        #expect(authoring.contains(["defaults", "write", "group.com.example.hello", "name", "Ada"]))  // ../widgethost/.build/debug/widgethost
        let total = try Self.documentNames.map { Self.invocations(in: try Self.document($0)).found.count }.reduce(0, +)
        #expect(total >= 35, "only \(total) widgethost commands found in the docs")
        // The command list of docs/cli.md is a synopsis, not commands.
        let cli = Self.invocations(in: try Self.document("docs/cli.md")).found
        #expect(!cli.contains { $0.arguments.contains("[refresh]") || $0.arguments.contains("KIND...") })
    }

    /// The shell listings of the SDK's tutorial (sdk/WidgetSDK/WidgetSDK.docc/Resources/*.sh): every
    /// line is a command or a comment, as in an `sh` block.
    static let tutorialListings: [String] = {
        let folder = "sdk/WidgetSDK/WidgetSDK.docc/Resources"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(".sh") }.sorted().map { "\(folder)/\($0)" }
    }()

    @Test("Every widgethost command line in the tutorial's listings parses", arguments: tutorialListings)
    func tutorialCommandLinesParse(name: String) throws {
        Self.recordParseProblems(in: try Self.tutorialListing(name), lineOffset: -1)
    }

    @Test("The tutorial's listings are found, and hold its commands")
    func tutorialListingsAreFound() throws {
        #expect(Self.tutorialListings.count >= 5, "only \(Self.tutorialListings) in the tutorial's resources")
        let commands = try Self.tutorialListings.flatMap { Self.invocations(in: try Self.tutorialListing($0)).found.map(\.arguments) }
        #expect(commands.contains(["new", "HelloWidget", "--path", "/tmp/hello"]))
        #expect(commands.contains(["perform", "HelloWidget", "CountTapIntent", "--bundles", ".build/debug"]))
        #expect(commands.contains(["preview", "."]))
    }

    /// DocC writes a page for every public type of WidgetSDK; each says what the type is. A
    /// `typealias Body = Never` (a primitive view's) needs no words.
    @Test("Every public type of WidgetSDK has a documentation comment")
    func everyPublicTypeIsDocumented() throws {
        let folder = Self.packageRoot.appendingPathComponent("sdk/WidgetSDK")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 50, "only \(files.count) Swift files found in sdk/WidgetSDK")
        let declaration = /^\s*public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/
        var types = 0
        for file in files.sorted() {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard let match = line.firstMatch(of: declaration), match.1 != "Body" else { continue }
                types += 1
                // Attributes (`@_spi`, `@propertyWrapper`, …) may stand between the comment and the type.
                let above = lines[..<index].reversed().first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") } ?? ""
                if !above.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    Issue.record(Comment(rawValue: "sdk/WidgetSDK/\(file):\(index + 1): public type \(match.1) has no /// comment"))
                }
            }
        }
        #expect(types > 80, "only \(types) public types found")
    }

    @Test("A renamed subcommand or option would fail")
    func renamesFail() {
        #expect(Self.parseError(["timeline", "CounterWidget", "--family", "systemSmall"]) == nil)
        #expect(Self.parseError(["timelines", "CounterWidget"]) != nil)
        #expect(Self.parseError(["timeline", "CounterWidget", "--famly", "systemSmall"]) != nil)
        #expect(Self.parseError(["--help"]) == nil)
    }

    @Test("Command lines split as a shell would")
    func shellSplitting() throws {
        func invocations(_ line: String) throws -> [[String]] { try ShellLine(line).widgethostInvocations }
        #expect(try invocations("swift build && swift run widgethost") == [[]])
        #expect(try invocations("widgethost timeline X --format json | jq '.entries[0]'  # the first") == [["timeline", "X", "--format", "json"]])
        #expect(try invocations(#"(cd ../widgethost && swift build)"#) == [])
        #expect(try invocations(#"../widgethost/.build/debug/widgethost defaults write g k "a b" --type string"#)
            == [["defaults", "write", "g", "k", "a b", "--type", "string"]])
        #expect(try invocations(#"swift run --package-path "$checkout" widgethost preview /tmp/hello"#) == [["preview", "/tmp/hello"]])
        #expect(try invocations(#"WIDGETHOST_DATA_DIR=/tmp/d "$(swift build --show-bin-path)/widgethost" list 2>&1 > out.txt"#) == [["list"]])
        #expect(try invocations(#"widgethost defaults write g k '{"a": "$x"}' --type json"#) == [["defaults", "write", "g", "k", #"{"a": "$x"}"#, "--type", "json"]])
        #expect(try invocations("systemctl --user enable --now widgethost") == [])
        #expect(try invocations("widgethost instances set $(cat id) --set n=1") == [["instances", "set", ShellLine.placeholder, "--set", "n=1"]])
        #expect(throws: ShellLine.SyntaxError.self) { try ShellLine("widgethost timeline 'X") }
    }

    @Test("Every relative link in the doc resolves, and every anchor names a heading", arguments: documentNames)
    func linksResolve(name: String) throws {
        let document = try Self.document(name)
        let folder = document.url.deletingLastPathComponent()
        for link in document.links {
            let target = link.target
            if target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil { continue }  // http:, mailto:, …
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : nil
            let file = path.isEmpty ? document.url : folder.appendingPathComponent(path).standardizedFileURL
            guard FileManager.default.fileExists(atPath: file.path) else {
                Issue.record(Comment(rawValue: "\(name):\(link.line): the link to \(target) names no file (\(file.path))"))
                continue
            }
            guard let anchor, !anchor.isEmpty else { continue }
            guard file.pathExtension == "md" else {
                Issue.record(Comment(rawValue: "\(name):\(link.line): the link to \(target) has an anchor in a file that is not Markdown"))
                continue
            }
            let anchors = try MarkdownDocument(name: path, url: file).anchors
            if !anchors.contains(anchor) {
                let near = anchors.sorted().filter { $0.hasPrefix(String(anchor.prefix(4))) }
                Issue.record(Comment(rawValue: "\(name):\(link.line): the link to \(target): \(file.lastPathComponent) has no heading #\(anchor)\(near.isEmpty ? "" : " (it has \(near.map { "#" + $0 }.joined(separator: ", ")))")"))
            }
        }
    }

    @Test("Anchors follow GitHub's rules")
    func slugs() {
        #expect(MarkdownDocument.slug("Quick start, outside this repository") == "quick-start-outside-this-repository")
        #expect(MarkdownDocument.slug("`widgethost validate BUNDLE.so`: a conformance suite for authors")
            == "widgethost-validate-bundleso-a-conformance-suite-for-authors")
        #expect(MarkdownDocument.slug("State that survives: `registry.sqlite`") == "state-that-survives-registrysqlite")
        #expect(MarkdownDocument.slug("In the view: `Button(intent:)`, `Toggle(isOn:intent:)`") == "in-the-view-buttonintent-toggleisonintent")
        #expect(MarkdownDocument.slug("Over HTTP: `POST …/actions`") == "over-http-post-actions")
        #expect(MarkdownDocument.slug("snake_case and [a link](x.md)") == "snake_case-and-a-link")
    }
}
