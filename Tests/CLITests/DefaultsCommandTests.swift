import Foundation
import TestSupport
import Testing

/// `widgethost defaults write|read|delete|list`: an App Group's shared defaults from the command
/// line. Each test has its own store, shared by its CLI runs through WIDGETHOST_DATA_DIR.
@Suite struct DefaultsCommandTests {
    /// A fresh store folder for one test's CLI runs.
    private static func newStore() -> [String: String] {
        ["WIDGETHOST_DATA_DIR": TestStore.temporaryLocation().directory.path]
    }

    private static func succeeds(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "exit \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
    }

    @Test func writtenCountShowsInThePillarTimeline() async throws {
        let store = Self.newStore()
        let write = try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "42", "--type", "int", environment: store)
        Self.succeeds(write)
        #expect(write.standardOutput.isEmpty)

        let timeline = try await widgethost("timeline", "PillarWidget", "--format", "json", environment: store)
        Self.succeeds(timeline)
        let entries = try #require((try json(timeline) as? [String: Any])?["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect((entries.first?["content"] as? [String: Any])?["pillarsTraversed"] as? Int == 42)

        // Another store does not see it.
        let elsewhere = try await widgethost("timeline", "PillarWidget", "--format", "json")
        let other = try #require((try json(elsewhere) as? [String: Any])?["entries"] as? [[String: Any]])
        #expect((other.first?["content"] as? [String: Any])?["pillarsTraversed"] as? Int == 0)
    }

    @Test func dataDirOptionChoosesTheStore() async throws {
        let folder = TestStore.temporaryLocation().directory.path
        Self.succeeds(try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "7", "--type", "int", "--data-dir", folder))
        let read = try await widgethost("defaults", "read", "group.bacon.data", "pillarsTraversed", environment: ["WIDGETHOST_DATA_DIR": folder])
        Self.succeeds(read)
        #expect(read.standardOutput == "7\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/store.sqlite"))
    }

    @Test func readPrintsTheValueAsTextOrJSON() async throws {
        let store = Self.newStore()
        Self.succeeds(try await widgethost("defaults", "write", "group.dev.widgethost.counter", "color", "0.1,0.2,0.3", environment: store))
        Self.succeeds(try await widgethost("defaults", "write", "group.dev.widgethost.counter", "count", "12", "--type", "int", environment: store))

        let text = try await widgethost("defaults", "read", "group.dev.widgethost.counter", "color", environment: store)
        Self.succeeds(text)
        #expect(text.standardOutput == "0.1,0.2,0.3\n")

        let asJSON = try await widgethost("defaults", "read", "group.dev.widgethost.counter", "count", "--format", "json", environment: store)
        Self.succeeds(asJSON)
        let value = try #require(try json(asJSON) as? [String: Any])
        #expect(value["group"] as? String == "group.dev.widgethost.counter")
        #expect(value["key"] as? String == "count")
        #expect(value["type"] as? String == "int")
        #expect(value["value"] as? Int == 12)

        let string = try #require(try json(try await widgethost(
            "defaults", "read", "group.dev.widgethost.counter", "color", "--format", "json", environment: store)) as? [String: Any])
        #expect(string["type"] as? String == "string")
        #expect(string["value"] as? String == "0.1,0.2,0.3")
    }

    @Test func typedValuesRoundTrip() async throws {
        let store = Self.newStore()
        let group = "group.widgethost.cli"
        let writes: [(key: String, value: String, type: String, text: String)] = [
            ("flag", "yes", "bool", "true"),
            ("ratio", "0.5", "double", "0.5"),
            ("when", "2026-11-21T09:00:00Z", "date", "2026-11-21T09:00:00Z"),
            ("blob", "aGVsbG8=", "data", "aGVsbG8="),
            ("doc", #"{"b": [1, 2], "a": "x"}"#, "json", #"{"a":"x","b":[1,2]}"#),
        ]
        for write in writes {
            Self.succeeds(try await widgethost("defaults", "write", group, write.key, write.value, "--type", write.type, environment: store))
        }
        for write in writes {
            let read = try await widgethost("defaults", "read", group, write.key, environment: store)
            Self.succeeds(read)
            #expect(read.standardOutput == write.text + "\n", "\(write.key)")
        }
        let doc = try #require(try json(try await widgethost("defaults", "read", group, "doc", "--format", "json", environment: store)) as? [String: Any])
        #expect(doc["type"] as? String == "json")
        #expect((doc["value"] as? [String: Any])?["b"] as? [Int] == [1, 2])
    }

    @Test func listShowsEveryKeyAsATableOrJSON() async throws {
        let store = Self.newStore()
        let group = "group.jp.netflowers.FishGo"
        Self.succeeds(try await widgethost("defaults", "write", group, "zeta", "last", environment: store))
        Self.succeeds(try await widgethost("defaults", "write", group, "alpha", "1", "--type", "int", environment: store))

        let text = try await widgethost("defaults", "list", group, environment: store)
        Self.succeeds(text)
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.first?.contains("Key") == true)
        #expect(lines.first?.contains("Type") == true)
        #expect(lines.first?.contains("Value") == true)
        let alpha = try #require(lines.firstIndex { $0.hasPrefix("alpha") })
        let zeta = try #require(lines.firstIndex { $0.hasPrefix("zeta") })
        #expect(alpha < zeta)
        #expect(lines[alpha].contains("int"))
        #expect(lines[zeta].contains("string"))
        #expect(lines[zeta].contains("last"))

        let asJSON = try await widgethost("defaults", "list", group, "--format", "json", environment: store)
        Self.succeeds(asJSON)
        let list = try #require(try json(asJSON) as? [String: Any])
        #expect(list["group"] as? String == group)
        let values = try #require(list["values"] as? [[String: Any]])
        #expect(values.map { $0["key"] as? String } == ["alpha", "zeta"])
        #expect(values.map { $0["type"] as? String } == ["int", "string"])
        #expect(values.first?["value"] as? Int == 1)
        #expect(values.allSatisfy { ($0["updatedAt"] as? String)?.hasSuffix("Z") == true })
    }

    @Test func listOfAnEmptyGroupSaysSo() async throws {
        let store = Self.newStore()
        let text = try await widgethost("defaults", "list", "group.widgethost.empty", environment: store)
        Self.succeeds(text)
        #expect(text.standardOutput.contains("holds no values"))
        let asJSON = try await widgethost("defaults", "list", "group.widgethost.empty", "--format", "json", environment: store)
        #expect((try json(asJSON) as? [String: Any])?["values"] as? [Any] != nil)
        #expect(((try json(asJSON) as? [String: Any])?["values"] as? [Any])?.isEmpty == true)
    }

    @Test func deleteRemovesTheKeyAndFailsOnAMissingOne() async throws {
        let store = Self.newStore()
        Self.succeeds(try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "3", "--type", "int", environment: store))
        Self.succeeds(try await widgethost("defaults", "delete", "group.bacon.data", "pillarsTraversed", environment: store))

        let read = try await widgethost("defaults", "read", "group.bacon.data", "pillarsTraversed", environment: store)
        #expect(read.status != 0)
        let again = try await widgethost("defaults", "delete", "group.bacon.data", "pillarsTraversed", environment: store)
        #expect(again.status != 0)
        #expect(again.standardError.contains("'group.bacon.data'"))
        #expect(again.standardError.contains("'pillarsTraversed'"))
    }

    @Test func readingAMissingKeyFailsNamingGroupAndKey() async throws {
        let result = try await widgethost("defaults", "read", "group.bacon.data", "noSuchKey")
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("'group.bacon.data'"))
        #expect(result.standardError.contains("'noSuchKey'"))
        #expect(result.standardError.contains("defaults list group.bacon.data"))
    }

    @Test func aValueThatIsNotOfItsTypeFails() async throws {
        let store = Self.newStore()
        let result = try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "abc", "--type", "int", environment: store)
        #expect(result.status != 0)
        #expect(result.standardError.contains("'abc'"))
        #expect(result.standardError.contains("whole number"))
        for (value, type) in [("maybe", "bool"), ("{not json", "json"), ("next tuesday", "date"), ("@@@", "data"), ("inf", "double")] {
            let refused = try await widgethost("defaults", "write", "group.bacon.data", "k", value, "--type", type, environment: store)
            #expect(refused.status != 0, "\(type) \(value)")
            #expect(refused.standardError.contains("'\(value)'"), "\(type): \(refused.standardError)")
        }
        // Nothing was written.
        let list = try await widgethost("defaults", "list", "group.bacon.data", "--format", "json", environment: store)
        #expect(((try json(list) as? [String: Any])?["values"] as? [Any])?.isEmpty == true)
    }

    @Test func anUnknownTypeFailsListingTheTypes() async throws {
        let result = try await widgethost("defaults", "write", "group.bacon.data", "k", "1", "--type", "integer")
        #expect(result.status != 0)
        #expect(result.standardError.contains("integer"))
        for type in ["bool", "int", "double", "string", "data", "date", "json"] {
            #expect(result.standardError.contains(type))
        }
    }

    @Test func anInvalidGroupFailsNamingTheFix() async throws {
        for (group, problem) in [("bacon.data", "does not start with 'group.'"), ("group.bacon..data", "empty label"), ("group.bacon", "two labels")] {
            for arguments in [["write", group, "k", "1"], ["read", group, "k"], ["delete", group, "k"], ["list", group]] {
                let result = try await widgethost(["defaults"] + arguments)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.standardError.contains("'\(group)' is not an App Group name"), "\(arguments): \(result.standardError)")
                #expect(result.standardError.contains(problem), "\(arguments): \(result.standardError)")
                #expect(result.standardError.contains("group.<reverse-DNS>"), "\(arguments): \(result.standardError)")
            }
        }
    }

    @Test func aMistypedGroupIsFlaggedOnceRunHasRecordedTheCatalog() async throws {
        let store = Self.newStore()
        // Before any `run`, nothing is known, so nothing is said.
        let early = try await widgethost("defaults", "write", "group.bacon.dat", "pillarsTraversed", "1", "--type", "int", environment: store)
        Self.succeeds(early)
        #expect(early.standardError.isEmpty, "\(early.standardError)")

        Self.succeeds(try await widgethost("refresh", "--format", "json", environment: store))

        let mistyped = try await widgethost("defaults", "write", "group.bacon.dat", "pillarsTraversed", "1", "--type", "int", environment: store)
        Self.succeeds(mistyped)  // still written: the CLI warns, it does not refuse
        #expect(mistyped.standardError.contains("warning"))
        #expect(mistyped.standardError.contains("'group.bacon.dat'"))
        #expect(mistyped.standardError.contains("did you mean 'group.bacon.data'"))

        let listed = try await widgethost("defaults", "list", "group.bacon.dat", environment: store)
        #expect(listed.standardError.contains("did you mean 'group.bacon.data'"))

        let declared = try await widgethost("defaults", "write", "group.bacon.data", "pillarsTraversed", "1", "--type", "int", environment: store)
        Self.succeeds(declared)
        #expect(declared.standardError.isEmpty, "\(declared.standardError)")

        // A group nothing resembles gets the warning without a suggestion.
        let unrelated = try await widgethost("defaults", "write", "group.example.nothing", "k", "v", environment: store)
        #expect(unrelated.standardError.contains("no bundle declares 'group.example.nothing'"))
        #expect(!unrelated.standardError.contains("did you mean"))
    }
}
