import Foundation
import TestSupport
import Testing

/// One kind, one JSON shape (issue 28): the server's `GET /v1/kinds` serves each kind exactly as
/// `widgethost list --format json` prints it over the same bundles, member for member and value
/// for value. They were two types once, and drifted: the server left out `bundle` and
/// `bundlePath`, and gave a static kind `"parameters": null` where the CLI left the member out.
@Suite struct KindJSONShapeTests {
    @Test func theServerAndTheCLIGiveEachKindTheSameJSON() async throws {
        // A static kind and a configurable one: both shapes of `parameters`.
        let server = try await ServerFixture.make(samples: ["CounterWidget", "FishGoWidget"])
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/kinds")
        #expect(answer.status == 200, "\(answer.text)")
        let served = try #require(
            (try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["kinds"] as? [[String: Any]],
            "\(answer.text)")

        // The CLI over the folder the server's host loaded.
        let bundlePath = try #require(server.host.bundles.catalog.widgets.first?.bundlePath)
        let folder = URL(fileURLWithPath: bundlePath).deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_DATA_DIR"] = try TestPaths.makeTemporaryDirectory("widgethost-kind-shape").path
        let listed = try await offThePool { [environment] in
            try ProcessRunner.run(
                TestPaths.cli, ["list", "--no-default-bundles", "--bundles", folder, "--format", "json"], environment: environment)
        }
        #expect(listed.status == 0, "\(listed.standardError)")
        let printed = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]], "\(listed.standardOutput)")

        func byKind(_ kinds: [[String: Any]]) -> [String: [String: Any]] {
            Dictionary(kinds.map { ($0["kind"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
        }
        let (fromServer, fromCLI) = (byKind(served), byKind(printed))
        #expect(fromServer.keys.sorted() == ["CounterWidget", "FishGoWidget"])
        #expect(fromCLI.keys.sorted() == fromServer.keys.sorted())
        for (kind, server) in fromServer.sorted(by: { $0.key < $1.key }) {
            guard let cli = fromCLI[kind] else { continue }
            #expect(server.keys.sorted() == cli.keys.sorted(), "\(kind): the server's members, then the CLI's")
            #expect((server as NSDictionary).isEqual(to: cli), "\(kind): served \(server), printed \(cli)")
        }
    }
}
