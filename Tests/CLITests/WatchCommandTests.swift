#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// `widgethost watch` against a real daemon, run as docs/panels.md tells Waybar and Eww to run
/// it, so the page cannot drift from what the command does. Each wait ends as soon as the
/// awaited line comes.
@Suite("widgethost watch")
struct WatchCommandTests {
    // MARK: Waybar

    @Test("docs/panels.md's Waybar exec waits for the daemon, prints PillarWidget, then a new line showing 42 after defaults write and reload")
    func waybarModuleFromTheDocs() async throws {
        let data = TestStore.temporaryLocation().directory
        let watch = try WatchProcess(try PanelDocument().waybarCommand + ["--data-dir", data.path], dataDirectory: data)
        defer { watch.kill() }

        // No daemon yet: it says so on standard error, keeps running and prints nothing.
        try await waitUntil("the watcher to say it waits") { watch.standardError.contains("waiting for") }
        #expect(watch.isRunning, "\(watch.diagnostics())")
        #expect(watch.lines.isEmpty, "\(watch.diagnostics())")

        let daemon = try DaemonProcess(dataDirectory: data, arguments: ["--http", "127.0.0.1:0"])
        defer { daemon.kill() }
        let first = try await watch.waitForLine { Self.waybarText($0)?.contains("pillars traversed") == true }
        #expect(try Self.waybarFields(first)["percentage"] as? Int == 0, "\(first)")

        let mark = watch.lines.count
        let environment = ["WIDGETHOST_DATA_DIR": data.path]
        let write = try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "42", "--type", "int", environment: environment)
        #expect(write.status == 0, "\(write.standardError)")
        let reload = try await widgethost("reload", "PillarWidget", environment: environment)
        #expect(reload.status == 0, "\(reload.standardError)")
        let changed = try await watch.waitForLine(after: mark) { Self.waybarText($0)?.contains("42") == true }

        let fields = try Self.waybarFields(changed)
        #expect(fields["text"] as? String == "Pillar Valley 42 pillars traversed", "\(changed)")
        #expect(fields["percentage"] as? Int == 42, "\(changed)")
        #expect((fields["class"] as? [String])?.first == "PillarWidget", "\(changed)")
        #expect(fields["alt"] as? String == "PillarWidget", "\(changed)")
        // Every line is what Waybar reads, and each says something the one before did not.
        for line in watch.lines { _ = try Self.waybarFields(line) }
        for (before, after) in zip(watch.lines, watch.lines.dropFirst()) { #expect(before != after, "a line printed twice") }
        #expect(watch.standardError.contains("connected to http://127.0.0.1:"), "\(watch.diagnostics())")
    }

    // MARK: Eww, and a daemon restart

    @Test("docs/panels.md's Eww deflisten prints states with every field its widget reads, reconnects after the daemon is killed, and SIGTERM ends it with status 0")
    func ewwListenerFromTheDocsAcrossARestart() async throws {
        let document = try PanelDocument()
        let data = TestStore.temporaryLocation().directory
        let first = try DaemonProcess(dataDirectory: data, arguments: ["--http", "127.0.0.1:0"])
        defer { first.kill() }
        try await first.waitForEvent("serving") { $0.event == "serving" }
        let watch = try WatchProcess(try document.ewwCommand + ["--data-dir", data.path], dataDirectory: data)
        defer { watch.kill() }

        let line = try await watch.waitForLine { Self.jsonlText($0)?.contains("pillars traversed") == true }
        let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        let paths = try document.ewwFieldPaths
        #expect(paths.contains(["text"]), "the Eww example reads no text: \(paths)")
        for path in paths {
            #expect(Self.value(at: path, in: state) != nil, "the Eww widget reads \(path.joined(separator: ".")), which \(line) lacks")
        }
        #expect(state["kind"] as? String == "PillarWidget" && state["family"] as? String == "systemSmall", "\(line)")

        // Killed: its address file stays behind and names a port nobody listens on.
        first.kill()
        let environment = ["WIDGETHOST_DATA_DIR": data.path]
        let write = try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "7", "--type", "int", environment: environment)
        #expect(write.status == 0, "\(write.standardError)")
        let mark = watch.lines.count
        let second = try DaemonProcess(dataDirectory: data, arguments: ["--http", "127.0.0.1:0"])
        defer { second.kill() }
        try await second.waitForEvent("serving") { $0.event == "serving" }
        let reload = try await widgethost("reload", "PillarWidget", environment: environment)
        #expect(reload.status == 0, "\(reload.standardError)")
        let after = try await watch.waitForLine(after: mark) { Self.jsonlText($0)?.contains("7 pillars") == true }
        #expect(Self.jsonlText(after) == "Pillar Valley 7 pillars traversed", "\(after)")
        #expect(watch.isRunning, "\(watch.diagnostics())")

        watch.signal(SIGTERM)
        #expect(try await watch.waitForExit() == 0, "\(watch.diagnostics())")
        #expect(!watch.terminatedBySignal)
        #expect(watch.unterminated == nil, "half a line: \(watch.unterminated ?? "")")
        #expect(!watch.standardError.contains("Error"), "\(watch.standardError)")
    }

    @Test("over the daemon's Unix socket, as its address file names it")
    func unixSocket() async throws {
        let data = TestStore.temporaryLocation().directory
        let socket = data.appendingPathComponent("http.sock").path
        let daemon = try DaemonProcess(dataDirectory: data, arguments: ["--http", "unix:\(socket)"])
        defer { daemon.kill() }
        let watch = try WatchProcess(["watch", "PillarWidget", "--data-dir", data.path], dataDirectory: data)
        defer { watch.kill() }
        let line = try await watch.waitForLine { Self.jsonlText($0)?.contains("pillars traversed") == true }
        #expect(line.contains(#""kind":"PillarWidget""#), "\(line)")
        #expect(watch.standardError.contains("connected to unix:\(socket)"), "\(watch.diagnostics())")
    }

    // MARK: Refusals

    @Test("an unknown kind is refused at once, naming the known kinds")
    func unknownKindIsRefused() async throws {
        let result = try await widgethost("watch", "NoSuchWidget", "--format", "waybar")
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError.contains("'NoSuchWidget'"), "\(result.standardError)")
        #expect(result.standardError.contains("PillarWidget"), "the known kinds are not named: \(result.standardError)")
    }

    // MARK: Helpers

    /// A Waybar line's fields, checked as Waybar reads them: one JSON object with a string
    /// `text`, `tooltip` and `alt`, `class` an array of strings, `percentage` 0–100 if there;
    /// `url` (not Waybar's, ignored by it) a string if there.
    static func waybarFields(_ line: String) throws -> [String: Any] {
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        #expect(Set(fields.keys).isSubset(of: ["text", "tooltip", "class", "alt", "percentage", "url"]), "\(line)")
        if let url = fields["url"] { #expect(url is String, "\(line)") }
        #expect(fields["text"] is String && fields["tooltip"] is String && fields["alt"] is String, "\(line)")
        #expect(fields["class"] is [String], "\(line)")
        if let percentage = fields["percentage"] { #expect((percentage as? Int).map { (0...100).contains($0) } == true, "\(line)") }
        return fields
    }

    static func waybarText(_ line: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
    }

    static func jsonlText(_ line: String) -> String? { waybarText(line) }

    static func value(at path: [String], in object: Any) -> Any? {
        path.reduce(Optional(object)) { value, key in (value as? [String: Any])?[key] }
    }

}

/// docs/panels.md: the commands it gives Waybar and Eww, and the fields its Eww widget reads.
struct PanelDocument {
    let text: String

    init() throws {
        text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/panels.md"), encoding: .utf8)
    }

    /// `"exec": "widgethost watch …"`, without `widgethost`.
    var waybarCommand: [String] {
        get throws { try Self.arguments(try #require(text.firstMatch(of: /"exec":\s*"([^"]+)"/), "no exec in docs/panels.md").1) }
    }

    /// `(deflisten NAME "widgethost watch …")`, without `widgethost`.
    var ewwCommand: [String] {
        get throws { try Self.arguments(try ewwListen.command) }
    }

    /// Every `{NAME.a.b}` the Eww example reads, as paths.
    var ewwFieldPaths: [[String]] {
        get throws {
            let name = try ewwListen.name
            return text.matches(of: /\{([A-Za-z]+)((?:\.[A-Za-z]+)+)/).filter { $0.1 == name }
                .map { $0.2.split(separator: ".").map(String.init) }
        }
    }

    private var ewwListen: (name: Substring, command: Substring) {
        get throws {
            let match = try #require(text.firstMatch(of: /\(deflisten\s+([A-Za-z-]+)\s+"([^"]+)"\)/), "no deflisten in docs/panels.md")
            return (match.1, match.2)
        }
    }

    private static func arguments(_ command: Substring) throws -> [String] {
        let words = command.split(separator: " ").map(String.init)
        try #require(words.first == "widgethost", "\(command)")
        return Array(words.dropFirst())
    }
}
