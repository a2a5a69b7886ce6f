import Foundation
import TestSupport
import Testing

@Suite struct BundlesCommandTests {
    @Test func reportsEveryMisbehavingBundleAndStillLoadsTheSamples() async throws {
        let fixtures = try await FixtureBundles.directory()
        let result = try await widgethost("bundles", "--bundles", fixtures.path, "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let reports = try #require(try json(result) as? [[String: Any]])
        func report(_ file: String) -> [String: Any]? {
            reports.first { ($0["path"] as? String)?.hasSuffix("/" + file) == true }
        }
        func codes(_ file: String) -> [String] {
            (report(file)?["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        }
        #expect(codes("wrong_abi.so") == ["incompatibleABI"])
        #expect(report("wrong_abi.so")?["abiVersion"] as? String == "2.0.0")
        #expect(codes("missing_entry.so") == ["missingEntrySymbol"])
        #expect(codes("not_elf.so") == ["notELF"])
        #expect(codes("duplicate_kind_a.so") == ["duplicateKind"])
        #expect(codes("duplicate_kind_b.so") == ["duplicateKind"])
        #expect((report("duplicate_kind_a.so")?["error"] as? String)?.contains("duplicate_kind_b.so") == true)
        for file in ["wrong_abi.so", "missing_entry.so", "not_elf.so"] {
            #expect(report(file)?["status"] as? String == "failed")
            #expect((report(file)?["error"] as? String)?.contains(file) == true)
        }
        // Misbehaving providers load fine; they fail when called.
        #expect(report("never_completes.so")?["status"] as? String == "loaded")
        #expect(report("libMoviePlannerWidget.so")?["status"] as? String == "loaded")
        #expect(report("libMoviePlannerWidget.so")?["abiVersion"] as? String == "1.7.0")
        // ABI 1.2's sdk_version, from the Swift SDK and from the C fixtures' headers.
        #expect((report("libMoviePlannerWidget.so")?["sdkVersion"] as? String)?.hasPrefix("WidgetSDK ") == true)
        #expect(report("never_completes.so")?["sdkVersion"] as? String == "widgethost C headers 1.7.0")
    }

    /// Each loaded bundle's sandbox: what it declared, enforced by Landlock in a worker, nothing
    /// in process or with --unsandboxed (docs/sandbox.md).
    @Test func showsEachBundlesSandbox() async throws {
        let fixtures = try await FixtureBundles.directory()
        func sandboxes(_ arguments: String...) async throws -> [String: Any] {
            let result = try await widgethost(["bundles", "--bundles", fixtures.path, "--format", "json"] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            let reports = try #require(try json(result) as? [[String: Any]])
            var byFile: [String: Any] = [:]
            for report in reports where report["status"] as? String == "loaded" {
                byFile[((report["path"] as? String) ?? "").split(separator: "/").last.map(String.init) ?? ""] = report["sandbox"]
            }
            return byFile
        }
        let worker = try await sandboxes()
        let hostile = try #require(worker["hostile.so"] as? [String: Any])
        #expect(hostile["enforcement"] as? String == "landlock")
        #expect(hostile["appGroups"] as? [String] == ["group.widgethost.hostile"])
        #expect(hostile["network"] as? Bool == false)
        #expect((hostile["readable"] as? [String])?.first?.hasSuffix("/hostile.so") == true)
        let movies = try #require(worker["libMoviePlannerWidget.so"] as? [String: Any])
        #expect(movies["appGroups"] as? [String] == [])
        #expect(movies["network"] as? Bool == true)

        let unsandboxed = try await sandboxes("--unsandboxed")
        #expect((unsandboxed["hostile.so"] as? [String: Any])?["enforcement"] as? String == "off")
        let inProcess = try await sandboxes("--isolation", "in-process")
        #expect(inProcess["libMoviePlannerWidget.so"] is NSNull)

        let text = try await widgethost("bundles", "--bundles", fixtures.path)
        #expect(text.standardOutput.contains("landlock (ABI"))
        #expect(text.standardOutput.contains("groups group.widgethost.hostile; no network"))
    }

    @Test func textListsTheErrorsUnderTheTable() async throws {
        let result = try await widgethost("bundles", "--bundles", try await FixtureBundles.directory().path)
        #expect(result.standardOutput.contains("Errors:"))
        #expect(result.standardOutput.contains("[incompatibleABI]"))
    }

    @Test func aMisbehavingProviderFailsItsCallWithATypedMessage() async throws {
        let fixtures = try await FixtureBundles.directory()
        let result = try await widgethost("timeline", "UnsortedEntries", "--bundles", fixtures.path)
        #expect(result.status != 0)
        #expect(result.standardError.contains("sort entries by date"))
        let timeout = try await widgethost("timeline", "NeverCompletes", "--bundles", fixtures.path, "--timeout", "0.2")
        #expect(timeout.status != 0)
        #expect(timeout.standardError.contains("no answer within 0.2 s"))
    }
}
