import Foundation
import TestSupport
import Testing

@Suite struct ErrorReportingTests {
    @Test func anUnknownKindFailsOnStandardError() throws {
        let result = try widgethost("timeline", "NoSuchWidget")
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("unknown kind 'NoSuchWidget'"))
    }

    @Test func anUnsupportedFamilyFails() throws {
        let result = try widgethost("snapshot", "PillarWidget", "--family", "systemLarge")
        #expect(result.status != 0)
        #expect(result.standardError.contains("does not support family systemLarge"))
    }

    @Test func anUnknownFamilyFails() throws {
        let result = try widgethost("snapshot", "PillarWidget", "--family", "huge")
        #expect(result.status != 0)
        #expect(result.standardError.contains("huge"))
    }

    @Test func aBadDateFails() throws {
        for option in ["--now", "--at"] {
            let result = try widgethost("timeline", "MoviePlannerWidget", option, "tomorrow-ish")
            #expect(result.status != 0)
            #expect(result.standardError.contains("tomorrow-ish"))
        }
    }

    @Test func aMissingFolderTheUserNamedIsReported() throws {
        let result = try widgethost("bundles", "--bundles", "/no/such/folder", "--format", "json")
        let reports = try #require(try json(result) as? [[String: Any]])
        let missing = try #require(reports.first { $0["path"] as? String == "/no/such/folder" })
        #expect(missing["status"] as? String == "failed")
    }

    @Test func versionAndHelpWork() throws {
        let version = try widgethost("--version")
        #expect(version.status == 0)
        #expect(!version.standardOutput.isEmpty)
        let help = try widgethost("--help")
        #expect(help.status == 0)
        for subcommand in ["list", "bundles", "placeholder", "snapshot", "timeline"] {
            #expect(help.standardOutput.contains(subcommand))
        }
    }
}
