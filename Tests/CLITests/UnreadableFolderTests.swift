import Foundation
import TestSupport
import Testing

/// A folder the user named (`--bundles DIR`, a `WIDGETHOST_PATH` entry) that cannot be read fails
/// every command that searches for bundles, on standard error, while the bundles that were found
/// are still shown.
@Suite struct UnreadableFolderTests {
    private static let missing = "/no/such/widget-folder"

    private static func failsNamingTheFolder(_ result: ProcessResult, _ folder: String = missing, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, "exit 0: \(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains("bundle folder \(folder)"), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains("cannot be read"), "\(result.standardError)", sourceLocation: sourceLocation)
    }

    @Test func listShowsTheOtherKindsAndFails() async throws {
        let result = try await widgethost("list", "--bundles", Self.missing, "--format", "json")
        Self.failsNamingTheFolder(result)
        let kinds = try #require(try json(result) as? [[String: Any]])
        #expect(kinds.contains { $0["kind"] as? String == "PillarWidget" })
    }

    @Test func aFileNamedAsAFolderFailsToo() async throws {
        let file = TestPaths.sampleBundle("PillarWidget").path
        let result = try await widgethost("list", "--bundles", file)
        Self.failsNamingTheFolder(result, file)
        #expect(result.standardOutput.contains("CounterWidget"))
    }

    @Test func aWidgethostPathEntryFails() async throws {
        let result = try await widgethost("list", environment: ["WIDGETHOST_PATH": Self.missing])
        Self.failsNamingTheFolder(result)
        #expect(result.standardError.contains("environment"))
        #expect(result.standardOutput.contains("PillarWidget"))
    }

    @Test func theDefaultCommandRefreshesTheOthersAndFails() async throws {
        let result = try await widgethost("--bundles", Self.missing, "--now", "2026-01-01T00:00:00Z")
        Self.failsNamingTheFolder(result)
        #expect(result.standardOutput.contains("Guardians of the Galaxy Volume 3"))
        #expect(result.standardOutput.contains("Registry"))
    }

    @Test func timelineShowsTheTimelineAndFails() async throws {
        let result = try await widgethost("timeline", "PillarWidget", "--bundles", Self.missing, "--format", "json")
        Self.failsNamingTheFolder(result)
        #expect((try json(result) as? [String: Any])?["kind"] as? String == "PillarWidget")
    }

    @Test func anUnknownKindIsTheErrorAndTheFolderIsReportedToo() async throws {
        let result = try await widgethost("snapshot", "NoSuchWidget", "--bundles", Self.missing)
        Self.failsNamingTheFolder(result)
        #expect(result.standardError.contains("unknown kind 'NoSuchWidget'"))
    }

    @Test func bundlesReportsTheFolderAndFails() async throws {
        let result = try await widgethost("bundles", "--bundles", Self.missing, "--format", "json")
        Self.failsNamingTheFolder(result)
        let reports = try #require(try json(result) as? [[String: Any]])
        #expect(reports.contains { $0["path"] as? String == Self.missing && $0["status"] as? String == "failed" })
        #expect(reports.contains { $0["status"] as? String == "loaded" })
    }

    @Test func simulateAndRunFail() async throws {
        Self.failsNamingTheFolder(try await widgethost("simulate", "--hours", "1", "--bundles", Self.missing))
        // The daemon stops at the start, so this returns.
        let run = try await widgethost("run", "--bundles", Self.missing)
        Self.failsNamingTheFolder(run)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aReadableEmptyFolderIsFine() async throws {
        let folder = try TestPaths.makeTemporaryDirectory()
        let result = try await widgethost("list", "--bundles", folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
    }
}
