import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetServer

/// `POST …/open`: a click on a widget's `widgetURL` or `Link`. The daemon runs its
/// `--open-url-command` (here a script that records its arguments) for a URL the widget's
/// current entry shows, and for no other.
@Suite("HTTP API: opening a widget's URL")
struct OpenAPITests {
    static let counterURL = "widgethost-counter://open"
    static let showtimesURL = "widgethost-movies://showtimes"

    /// A command that appends its arguments, `|`-separated, as a line to a file.
    struct RecordingCommand {
        let script: URL
        let record: URL

        init() throws {
            let folder = try TestPaths.makeTemporaryDirectory("widgethost-open")
            script = folder.appendingPathComponent("record-url.sh")
            record = folder.appendingPathComponent("opened.txt")
            let text = "#!/bin/sh\nfor argument in \"$@\"; do printf '%s|' \"$argument\"; done >> '\(record.path)'\necho >> '\(record.path)'\n"
            try Data(text.utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }

        /// The lines written so far; one the script is still writing (it has no newline yet) is
        /// not among them.
        var lines: [String] {
            let text = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    private func post(_ server: ServerFixture, _ path: String, url: String, token: Bool = true) async throws -> HTTPAnswer {
        let headers = ["Content-Type": "application/json"].merging(token ? ["X-Widgethost-Token": server.token.value] : [:]) { $1 }
        let body = try JSONSerialization.data(withJSONObject: ["url": url])
        return try await server.request("POST", path, headers: headers, body: Array(body))
    }

    /// Shows that the refusals before it ran nothing: one accepted open runs the command after
    /// them, and once its line is recorded it must be the only one. (A refused open that had
    /// started the command would have started it earlier, and its line would be there too.)
    private func expectOnlyThisOpenRecorded(_ server: ServerFixture, _ command: RecordingCommand,
                                            sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let accepted = try await post(server, "/v1/widgets/CounterWidget/systemSmall/open", url: Self.counterURL)
        #expect(accepted.status == 200, "\(accepted.text)", sourceLocation: sourceLocation)
        try await waitUntil("the accepted open to be recorded") { !command.lines.isEmpty }
        #expect(command.lines == ["\(Self.counterURL)|"], "only the accepted open ran the command", sourceLocation: sourceLocation)
    }

    private func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    @Test func theWidgetsURLIsInItsStateAndOpensThroughTheCommand() async throws {
        let command = try RecordingCommand()
        let server = try await ServerFixture.make(samples: ["CounterWidget"]) { $0.openURLCommand = OpenURLCommand(words: [command.script.path, "--new-tab"]) }
        defer { server.stop() }
        let state = try object(try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall"))
        #expect((state["state"] as? [String: Any])?["url"] as? String == Self.counterURL)

        let answer = try await post(server, "/v1/widgets/CounterWidget/systemSmall/open", url: Self.counterURL)
        #expect(answer.status == 200, "\(answer.text)")
        let reply = try object(answer)
        #expect(reply["url"] as? String == Self.counterURL)
        #expect(reply["opened"] as? Bool == true)
        #expect(reply["command"] as? [String] == [command.script.path, "--new-tab", Self.counterURL])
        #expect(reply["reason"] is NSNull, "null, not absent")
        // Under load the script may still be running when the opener's grace ends.
        try await waitUntil("the command to record its arguments") { !command.lines.isEmpty }
        #expect(command.lines == ["--new-tab|\(Self.counterURL)|"])
    }

    @Test func aLinksDestinationOpensTooThoughTheWidgetHasNoWidgetURL() async throws {
        let command = try RecordingCommand()
        let server = try await ServerFixture.make(samples: ["MoviePlannerWidget"]) { $0.openURLCommand = OpenURLCommand(words: [command.script.path]) }
        defer { server.stop() }
        let list = try object(try await server.request("GET", "/v1/widgets"))
        let movie = (list["widgets"] as? [[String: Any]] ?? []).first {
            $0["kind"] as? String == "MoviePlannerWidget" && $0["family"] as? String == "systemMedium"
        }
        #expect(movie?["url"] is NSNull, "no widgetURL: null, not absent")

        let answer = try await post(server, "/v1/widgets/MoviePlannerWidget/systemMedium/open", url: Self.showtimesURL)
        #expect(answer.status == 200, "\(answer.text)")
        try await waitUntil("the command to record its arguments") { !command.lines.isEmpty }
        #expect(command.lines == ["\(Self.showtimesURL)|"])
        // The small family draws no Link: nothing to open there.
        let small = try await post(server, "/v1/widgets/MoviePlannerWidget/systemSmall/open", url: Self.showtimesURL)
        #expect(small.status == 422, "\(small.text)")
        #expect(small.text.contains("no widgetURL or Link"))
    }

    @Test func aURLTheWidgetDoesNotShowIsRefusedAndRunsNothing() async throws {
        let command = try RecordingCommand()
        let server = try await ServerFixture.make(samples: ["CounterWidget"]) { $0.openURLCommand = OpenURLCommand(words: [command.script.path]) }
        defer { server.stop() }
        let answer = try await post(server, "/v1/widgets/CounterWidget/systemSmall/open", url: "https://evil.example/")
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.text.contains("unknownURL"))
        #expect(answer.text.contains(Self.counterURL), "the refusal names the widget's URLs: \(answer.text)")
        let unknownWidget = try await post(server, "/v1/widgets/NoSuchWidget/systemSmall/open", url: Self.counterURL)
        #expect(unknownWidget.status == 404)
        let unknownInstance = try await post(server, "/v1/instances/wnothere/open", url: Self.counterURL)
        #expect(unknownInstance.status == 404)
        let badBody = try await server.request("POST", "/v1/widgets/CounterWidget/systemSmall/open",
                                               headers: ["Content-Type": "application/json", "X-Widgethost-Token": server.token.value],
                                               body: Array(#"{"link":"x"}"#.utf8))
        #expect(badBody.status == 400)
        let get = try await server.request("GET", "/v1/widgets/CounterWidget/systemSmall/open")
        #expect(get.status == 405, "a known path: the method is wrong")
        try await expectOnlyThisOpenRecorded(server, command)
    }

    @Test func withoutTheTokenOrFromAnotherOriginNothingIsOpened() async throws {
        let command = try RecordingCommand()
        let server = try await ServerFixture.make(samples: ["CounterWidget"]) { $0.openURLCommand = OpenURLCommand(words: [command.script.path]) }
        defer { server.stop() }
        let anonymous = try await post(server, "/v1/widgets/CounterWidget/systemSmall/open", url: Self.counterURL, token: false)
        #expect(anonymous.status == 403, "\(anonymous.text)")
        let foreign = try await server.request(
            "POST", "/v1/widgets/CounterWidget/systemSmall/open",
            headers: ["Content-Type": "application/json", "Origin": "http://evil.example"],
            body: Array(#"{"url":"widgethost-counter://open"}"#.utf8))
        #expect(foreign.status == 403)
        try await expectOnlyThisOpenRecorded(server, command)
    }

    @Test func withNoneOrAMissingProgramTheURLIsOnlyShown() async throws {
        let none = try await ServerFixture.make(samples: ["CounterWidget"]) { $0.openURLCommand = .none }
        defer { none.stop() }
        let shown = try object(try await post(none, "/v1/widgets/CounterWidget/systemSmall/open", url: Self.counterURL))
        #expect(shown["opened"] as? Bool == false)
        #expect(shown["command"] is NSNull)
        #expect((shown["reason"] as? String)?.contains("none") == true)

        let missing = try await ServerFixture.make(samples: ["CounterWidget"]) { $0.openURLCommand = OpenURLCommand(words: ["widgethost-no-such-opener"]) }
        defer { missing.stop() }
        let answer = try await post(missing, "/v1/widgets/CounterWidget/systemSmall/open", url: Self.counterURL)
        #expect(answer.status == 200, "the daemon answers, and keeps running: \(answer.text)")
        let reply = try object(answer)
        #expect(reply["opened"] as? Bool == false)
        #expect((reply["reason"] as? String)?.contains("widgethost-no-such-opener was not found on PATH") == true, "\(reply)")
        let again = try await missing.request("GET", "/v1/widgets")
        #expect(again.status == 200)
    }

    @Test func aCommandThatFailsAtOnceIsReported() async {
        let opening = await URLOpener(command: OpenURLCommand(words: ["/bin/false"])).open(Self.counterURL)
        #expect(opening.opened == false)
        #expect(opening.reason?.contains("exited with status 1") == true, "\(opening)")
    }

    @Test func theOptionIsSplitOnWhitespaceAndNoneOrEmptyAreRead() throws {
        #expect(try OpenURLCommand(parsing: "  firefox   --new-tab ").words == ["firefox", "--new-tab"])
        #expect(try OpenURLCommand(parsing: "none").isNone)
        #expect(throws: OpenURLCommandError.empty(option: "--open-url-command")) { try OpenURLCommand(parsing: "  ") }
        #expect(OpenURLCommand.standard.invocation(for: "a://b") == ["xdg-open", "a://b"])
    }
}
