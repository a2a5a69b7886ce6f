import Foundation
import TestSupport
import Testing

/// `widgethost validate`: one line per check, a summary, JSON, and the exit status (0 passed,
/// 1 failed, 2 could not validate).
@Suite struct ValidateCommandTests {
    /// The checks, in the order they are printed.
    static let checkIDs = [
        "entry-symbol", "abi-version", "loads", "descriptors", "kinds-unique", "app-groups",
        "placeholder-fast", "snapshot-preview-fast", "timeline-valid", "completes-once",
        "completes-off-thread", "survives", "sandbox", "views",
    ]

    @Test("Every sample passes, exit status 0", arguments: ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"])
    func samplePasses(product: String) async throws {
        let file = TestPaths.sampleBundle(product).path
        let result = try await widgethost("validate", file)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // One line per check, in order, each PASS (or at worst WARN), then the summary.
        let checkLines = lines.filter { line in ["PASS", "WARN", "FAIL", "SKIP"].contains { line.hasPrefix($0 + "  ") } }
        #expect(checkLines.count == Self.checkIDs.count)
        for (line, id) in zip(checkLines, Self.checkIDs) {
            #expect(line.hasPrefix("PASS  \(id) ") || line.hasPrefix("WARN  \(id) "), "\(line)")
        }
        #expect(lines.last?.hasPrefix("\(file): PASSED") == true, "\(lines.last ?? "")")
    }

    @Test("A failing check prints FAIL with its fix, and exit status 1")
    func failureExitsOne() async throws {
        let result = try await widgethost("validate", try await FixtureBundles.bundle("unsorted_entries").path, "--timeout", "1")
        #expect(result.status == 1, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("FAIL  timeline-valid") })
        #expect(line.contains("out of order"))
        #expect(line.contains(" \u{2014} fix: sort the entries by date"))
        #expect(!result.standardOutput.contains("FAIL  placeholder-fast"))
        #expect(result.standardOutput.split(separator: "\n").last?.contains("FAILED") == true)
    }

    @Test("JSON: the bundle, whether it passed, and every check with its fix")
    func json() async throws {
        let file = try await FixtureBundles.bundle("wrong_abi").path
        let result = try await widgethost("validate", file, "--format", "json", "--timeout", "1")
        #expect(result.status == 1)
        let object = try #require(try CLITests.json(result) as? [String: Any])
        #expect(object["bundle"] as? String == file)
        #expect(object["passed"] as? Bool == false)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.compactMap { $0["id"] as? String } == Self.checkIDs)
        for check in checks {
            for key in ["id", "title", "status", "message", "fix"] { #expect(check.keys.contains(key), "\(key) missing in \(check)") }
        }
        let abi = try #require(checks.first { $0["id"] as? String == "abi-version" })
        #expect(abi["status"] as? String == "fail")
        #expect((abi["message"] as? String)?.contains("2.0.0") == true)
        #expect((abi["fix"] as? String)?.isEmpty == false)
        let loads = try #require(checks.first { $0["id"] as? String == "loads" })
        #expect(loads["status"] as? String == "skip")
        #expect(loads["fix"] is NSNull)

        let sample = try await widgethost("validate", TestPaths.sampleBundle("PillarWidget").path, "--format", "json")
        #expect(sample.status == 0)
        let passed = try #require(try CLITests.json(sample) as? [String: Any])
        #expect(passed["passed"] as? Bool == true)
    }

    @Test("A bundle that crashes is reported, and the validator survives it")
    func crashingBundle() async throws {
        let result = try await widgethost("validate", try await FixtureBundles.bundle("segfaults").path, "--timeout", "1")
        #expect(result.status == 1, "\(result.standardError)")
        let survives = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("FAIL  survives") })
        #expect(survives.contains("signal 11"))
        #expect(survives.contains("fix:"))
        #expect(result.standardOutput.contains("FAILED"))
    }

    @Test("A timeout fails the timeline, within --timeout")
    func timeout() async throws {
        // A short --timeout: the provider never answers, so every call waits for all of it.
        let result = try await widgethost("validate", try await FixtureBundles.bundle("never_completes").path, "--timeout", "0.2")
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL  timeline-valid"))
        #expect(result.standardOutput.contains("no answer within 0.2 s"))
        // Two timeouts of 0.2 s, then one probe of both at once, 0.2 s + 3 s: under 4 s, where
        // the default timeouts would take over 35 s. Timed from the process's start: the test
        // may wait its turn among the other CLI runs first.
        #expect(result.elapsed < .seconds(25))
    }

    @Test("Warnings alone still exit 0")
    func warningsExitZero() async throws {
        let result = try await widgethost("validate", try await FixtureBundles.bundle("flaky_timeline").path, "--timeout", "1")
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("WARN  completes-off-thread"))
        #expect(result.standardOutput.contains("PASSED with warnings"))
    }

    @Test("In process on request: still validates, survives is skipped")
    func inProcess() async throws {
        let result = try await widgethost("validate", try await FixtureBundles.bundle("unsorted_entries").path, "--isolation", "in-process", "--timeout", "1")
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL  timeline-valid"))
        #expect(result.standardOutput.contains("SKIP  survives"))
    }

    @Test("A bundle that crashes while loading fails loads; a --data-dir store keeps no mark of it")
    func crashWhileLoading() async throws {
        let store = try TestPaths.makeTemporaryDirectory("widgethost-validate-store")
        let bundle = try FixtureCompiler.compile("Tests/Fixtures/ScanCrashes/crashes_at_init.c")
        let result = try await widgethost("validate", bundle.path, "--data-dir", store.path)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL  loads                  crashed while loading: signal 11"), "\(result.standardOutput)")
        // The host remembers a file whose scan crashed; the validator's temporary link to it
        // must not linger in the user's store.
        let broken = store.appendingPathComponent("broken-bundles.json")
        let marks = (try? Data(contentsOf: broken)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!marks.contains("widgethost-validate-"), "\(marks)")
    }

    @Test("Usage errors exit 2: no such file, a folder; a timeout out of range exits 64, as every bad option")
    func usageErrors() async throws {
        let missing = try await widgethost("validate", "/nonexistent/widget.so")
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/widget.so: no such file"))
        #expect(missing.standardOutput.isEmpty)

        let folder = try await widgethost("validate", try await FixtureBundles.directory().path)
        #expect(folder.status == 2)
        #expect(folder.standardError.contains("not a regular file"))

        let timeout = try await widgethost("validate", TestPaths.sampleBundle("PillarWidget").path, "--timeout", "0")
        #expect(timeout.status == 64)
        #expect(timeout.standardError.contains("invalid for '--timeout"))
    }


}
