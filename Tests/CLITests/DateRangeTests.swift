import Foundation
import TestSupport
import Testing

/// Dates are in years 1 to 9999 wherever the CLI reads one: `--now`, `--at`, `--start` and
/// `defaults write … --type date` (ISO-8601 or seconds since 1970).
@Suite struct DateRangeTests {
    private static let outside = ["0000-12-31T23:59:59Z", "-0001-01-01T00:00:00Z", "10000-01-01T00:00:00Z"]

    @Test("--now, --at and --start refuse dates outside years 1 to 9999, naming the option", arguments: [
        ["timeline", "PillarWidget", "--now"], ["timeline", "PillarWidget", "--at"], ["refresh", "--now"],
        ["status", "--at"], ["stack", "--at"], ["simulate", "--start"],
    ])
    func dateOptions(_ command: [String]) async throws {
        let option = try #require(command.last)
        for date in Self.outside {
            // option=value, so that a date starting with "-" is read as the value.
            let result = try await widgethost(command.dropLast() + ["\(option)=\(date)"])
            #expect(result.status != 0, "\(command) \(date) was accepted")
            #expect(result.standardError.contains("invalid for '\(option)"), "\(result.standardError)")
        }
    }

    @Test func theLastSecondOfYear9999IsAccepted() async throws {
        let status = try await widgethost("status", "--at", "9999-12-31T23:59:59Z", "--format", "json")
        #expect(status.status == 0, "\(status.standardError)")
        #expect((try json(status) as? [String: Any])?["at"] as? String == "9999-12-31T23:59:59Z")
        let first = try await widgethost("stack", "--at", "0001-01-01T00:00:00Z")
        #expect(first.status == 0, "\(first.standardError)")
    }

    @Test("defaults write --type date refuses seconds and ISO dates outside years 1 to 9999", arguments: [
        "1e300", "-1e300", "253402300800", "-62135769601", "1700000000000", "0000-06-01T00:00:00Z",
    ])
    func defaultsWrite(_ value: String) async throws {
        let store = ["WIDGETHOST_DATA_DIR": TestStore.temporaryLocation().directory.path]
        let result = try await widgethost(["defaults", "write", "group.bacon.data", "when", "--type", "date", "--", value], environment: store)
        #expect(result.status != 0)
        #expect(result.standardError.contains("'\(value)' is not a date"), "\(result.standardError)")
        #expect(result.standardError.contains("years 1 to 9999"), "\(result.standardError)")
        #expect(try await widgethost("defaults", "read", "group.bacon.data", "when", environment: store).status != 0)
    }

    @Test func defaultsWriteKeepsTheEdgesOfTheRange() async throws {
        let store = ["WIDGETHOST_DATA_DIR": TestStore.temporaryLocation().directory.path]
        for (value, read) in [("-62135769600", "0001-01-01T00:00:00Z"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z")] {
            let write = try await widgethost("defaults", "write", "group.bacon.data", "when", "--type", "date", "--", value, environment: store)
            #expect(write.status == 0, "\(write.standardError)")
            #expect(try await widgethost("defaults", "read", "group.bacon.data", "when", environment: store).standardOutput == read + "\n")
        }
    }
}
