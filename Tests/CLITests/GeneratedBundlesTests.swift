import Foundation
import TestSupport
import Testing

/// scripts/generate-bundles.sh (the benchmarks' bundle generator) makes bundles the CLI lists.
@Suite struct GeneratedBundlesTests {
    @Test func twentyGeneratedBundlesListFortyKinds() async throws {
        let directory = try TestPaths.makeTemporaryDirectory("widgethost-generated")
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/generate-bundles.sh")
        // Off the cooperative pool: compiling twenty bundles would hold one of its two threads.
        let generated = try await offThePool { try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), [script.path, "20", directory.path]) }
        #expect(generated.status == 0, "\(generated.standardError)")

        let result = try await widgethost("list", "--no-default-bundles", "--bundles", directory.path, "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let kinds = try #require(try json(result) as? [[String: Any]])
        #expect(kinds.count == 40)
        let names = Set(kinds.compactMap { $0["kind"] as? String })
        #expect(names.count == 40)
        #expect(names.contains("Generated0001A") && names.contains("Generated0020B"))
        for kind in kinds {
            #expect(kind["families"] as? [String] == ["systemSmall", "systemMedium"])
        }
        #expect(kinds.first { $0["kind"] as? String == "Generated0007B" }?["bundle"] as? String == "Generated0007")
    }
}
