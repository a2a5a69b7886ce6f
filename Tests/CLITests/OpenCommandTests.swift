import Foundation
import TestSupport
import Testing

/// `widgethost open`, a panel's `on-click`, against a real daemon: the command docs/panels.md
/// gives Waybar, with `--open-url-command` pointing at a script that records its arguments.
@Suite("widgethost open")
struct OpenCommandTests {
    static let counterURL = "widgethost-counter://open"

    @Test("docs/panels.md's on-click opens the Counter's widgetURL that watch prints, through the given command")
    func onClickFromTheDocs() async throws {
        let data = TestStore.temporaryLocation().directory
        let daemon = try DaemonProcess(dataDirectory: data, arguments: ["--http", "127.0.0.1:0"])
        defer { daemon.kill() }
        try await daemon.waitForEvent { $0.event == "serving" }

        // The line the panel shows carries the URL the click opens.
        let watch = try WatchProcess(["watch", "CounterWidget", "--format", "waybar", "--data-dir", data.path], dataDirectory: data)
        defer { watch.kill() }
        let line = try await watch.waitForLine { $0.contains("widgethost-counter") }
        #expect(try WatchCommandTests.waybarFields(line)["url"] as? String == Self.counterURL, "\(line)")

        let folder = try TestPaths.makeTemporaryDirectory("widgethost-open-cli")
        let record = folder.appendingPathComponent("opened.txt")
        let script = folder.appendingPathComponent("record-url.sh")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let onClick = try PanelDocument().openCommand
        #expect(onClick == ["open", "CounterWidget"], "the Waybar example's on-click: \(onClick)")
        let environment = ["WIDGETHOST_DATA_DIR": data.path]
        let opened = try await widgethost(onClick + ["--open-url-command", script.path], environment: environment)
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput == Self.counterURL + "\n", "it prints the URL it opened")
        #expect((try? String(contentsOf: record, encoding: .utf8)) == Self.counterURL + "\n")

        let shown = try await widgethost("open", "CounterWidget", "--family", "systemLarge", "--open-url-command", "none", environment: environment)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == Self.counterURL + "\n")

        // Refusals say what to do.
        let noURL = try await widgethost("open", "PillarWidget", "--open-url-command", "none", environment: environment)
        #expect(noURL.status != 0)
        #expect(noURL.standardError.contains("has no URL to open"), "\(noURL.standardError)")
        let unknown = try await widgethost("open", "NoSuchWidget", environment: environment)
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("NoSuchWidget") && unknown.standardError.contains("CounterWidget"), "\(unknown.standardError)")
        let family = try await widgethost("open", "CounterWidget", "--family", "accessoryInline", environment: environment)
        #expect(family.status != 0)
        #expect(family.standardError.contains("systemSmall"), "the families it is shown in: \(family.standardError)")
        let missing = try await widgethost("open", "CounterWidget", "--open-url-command", "widgethost-no-such-opener", environment: environment)
        #expect(missing.status == 1)
        #expect(missing.standardOutput == Self.counterURL + "\n", "the URL is printed all the same")
        #expect(missing.standardError.contains("widgethost-no-such-opener was not found"), "\(missing.standardError)")
    }

    @Test("with no daemon it says to start `widgethost run`")
    func noDaemon() async throws {
        let result = try await widgethost("open", "CounterWidget")
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("widgethost run"), "\(result.standardError)")
    }

    @Test("an empty --open-url-command is refused, naming the option")
    func emptyCommand() async throws {
        let result = try await widgethost("open", "CounterWidget", "--open-url-command", " ")
        #expect(result.status != 0)
        #expect(result.standardError.contains("--open-url-command is empty"), "\(result.standardError)")
    }
}

extension PanelDocument {
    /// `"on-click": "widgethost open …"`, without `widgethost`.
    var openCommand: [String] {
        get throws {
            let match = try #require(text.firstMatch(of: /"on-click":\s*"(widgethost open [^"]+)"/), "no on-click with widgethost open in docs/panels.md")
            return match.1.split(separator: " ").map(String.init).dropFirst().map { $0 }
        }
    }
}
