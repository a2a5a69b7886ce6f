import Foundation
import TestSupport
import Testing

@Suite struct ErrorReportingTests {
    @Test func anUnknownKindFailsOnStandardError() async throws {
        let result = try await widgethost("timeline", "NoSuchWidget")
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown kind 'NoSuchWidget'"))
    }

    @Test func anUnsupportedFamilyFails() async throws {
        let result = try await widgethost("snapshot", "PillarWidget", "--family", "systemLarge")
        #expect(result.status != 0)
        #expect(result.standardError.contains("does not support family systemLarge"))
    }

    @Test func anUnknownFamilyFails() async throws {
        let result = try await widgethost("snapshot", "PillarWidget", "--family", "huge")
        #expect(result.status != 0)
        #expect(result.standardError.contains("huge"))
    }

    @Test func aBadDateFails() async throws {
        for option in ["--now", "--at"] {
            let result = try await widgethost("timeline", "MoviePlannerWidget", option, "tomorrow-ish")
            #expect(result.status != 0)
            #expect(result.standardError.contains("tomorrow-ish"))
        }
    }

    @Test func aMissingFolderTheUserNamedIsReported() async throws {
        let result = try await widgethost("bundles", "--bundles", "/no/such/folder", "--format", "json")
        let reports = try #require(try json(result) as? [[String: Any]])
        let missing = try #require(reports.first { $0["path"] as? String == "/no/such/folder" })
        #expect(missing["status"] as? String == "failed")
    }

    @Test func versionAndHelpWork() async throws {
        let version = try await widgethost("--version")
        #expect(version.status == 0)
        #expect(!version.standardOutput.isEmpty)
        let help = try await widgethost("--help")
        #expect(help.status == 0)
        for subcommand in ["list", "bundles", "placeholder", "snapshot", "timeline"] {
            #expect(help.standardOutput.contains(subcommand))
        }
    }
}
