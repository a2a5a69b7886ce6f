import Foundation
import GRDB
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetDaemon
import WidgetPayload
import WidgetStoreModel

/// The registry database keeps what a restarted daemon needs: every field of every record, the
/// settings and the daemon. A damaged column costs that column only; a newer schema is refused.
@Suite("Registry database")
struct RegistryDatabaseTests {
    /// 2026-01-01T00:00:00Z. Offsets below are binary fractions, exact through seconds-since-1970.
    private static let start = Date(timeIntervalSince1970: 1_767_225_600)

    private static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    private static func timeline(policy: ReloadPolicy) -> WidgetTimeline {
        WidgetTimeline(entries: [
            WidgetEntry(date: at(0), relevance: nil, content: .object(["count": .integer(1), "name": .string("a")])),
            WidgetEntry(
                date: at(60), relevance: EntryRelevance(score: 0.75, duration: 90),
                content: .object(["ratio": .number(2.5), "tags": .array([.bool(true), .null])])),
            WidgetEntry(date: at(120), relevance: nil, content: .string("last")),
        ], policy: policy)
    }

    /// A record with every persisted field set; `failedLastCall` picks the last call's outcome.
    private static func fullRecord(kind: String, family: WidgetFamily, policy: ReloadPolicy, failedLastCall: Bool) -> TimelineRecord {
        var record = TimelineRecord(key: TimelineKey(kind: kind, family: family), bundleName: "Counter", bundlePath: "/bundles/\(kind).so")
        record.timeline = timeline(policy: policy)
        record.fetchedAt = at(5.5)
        record.callDuration = .milliseconds(1_250)
        record.lastError = RecordedError(cause: .call(.timeline, .timedOut(seconds: 15)), at: at(30.25))
        record.lastCompletionViolation = RecordedError(cause: .restored(code: "lateCompletion", description: "answered late"), at: at(31))
        record.reloadRequestedAt = at(40)
        record.reloadForced = true
        record.reloadRequestCount = 3
        record.schedule.budget = RefreshBudget(limit: 12, spent: [at(-3_600), at(-60.5)])
        record.schedule.consecutiveFailures = failedLastCall ? 2 : 0
        record.schedule.lastCall = CallSummary(
            at: at(35.5), cause: failedLastCall ? .retry : .policy, duration: 0.5,
            outcome: failedLastCall ? .failed(code: "providerFailed", message: "no network") : .succeeded(entries: 3))
        return record
    }

    /// Checks every persisted field of `restored` against `saved`.
    private static func expectSame(_ restored: TimelineRecord, _ saved: TimelineRecord, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(restored.key == saved.key, sourceLocation: sourceLocation)
        #expect(restored.bundleName == saved.bundleName, sourceLocation: sourceLocation)
        #expect(restored.bundlePath == saved.bundlePath, sourceLocation: sourceLocation)
        #expect(restored.timeline == saved.timeline, sourceLocation: sourceLocation)
        #expect(restored.fetchedAt == saved.fetchedAt, sourceLocation: sourceLocation)
        #expect(restored.callDuration == saved.callDuration, sourceLocation: sourceLocation)
        for (mine, theirs) in [(restored.lastError, saved.lastError), (restored.lastCompletionViolation, saved.lastCompletionViolation)] {
            #expect(mine?.code == theirs?.code, sourceLocation: sourceLocation)
            #expect(mine?.description == theirs?.description, sourceLocation: sourceLocation)
            #expect(mine?.at == theirs?.at, sourceLocation: sourceLocation)
            if let mine, case .call = mine.cause { Issue.record("a live cause was restored", sourceLocation: sourceLocation) }
        }
        #expect(restored.reloadRequestedAt == saved.reloadRequestedAt, sourceLocation: sourceLocation)
        #expect(restored.reloadForced == saved.reloadForced, sourceLocation: sourceLocation)
        #expect(restored.reloadRequestCount == (saved.reloadRequestedAt == nil ? 0 : 1), sourceLocation: sourceLocation)
        #expect(restored.schedule == saved.schedule, sourceLocation: sourceLocation)
    }

    /// A second connection, outside RegistryDatabase, for damaging the file as a crash or a newer
    /// widgethost might.
    private static func rawWrite(_ location: StoreLocation, _ sql: String) throws {
        let queue = try DatabaseQueue(path: location.registryDatabaseURL.path)
        try queue.write { db in try db.execute(sql: sql) }
    }

    @Test("Every persisted field survives closing and reopening, for each policy and both call outcomes")
    func fullRoundTrip() throws {
        let location = TestStore.temporaryLocation()
        let saved = [
            Self.fullRecord(kind: "Alpha", family: .systemMedium, policy: .atEnd, failedLastCall: false),
            Self.fullRecord(kind: "Alpha", family: .systemSmall, policy: .never, failedLastCall: true),
            Self.fullRecord(kind: "Beta", family: .accessoryInline, policy: .after(Self.at(3_600.5)), failedLastCall: false),
        ]
        try RegistryDatabase.open(location).save(saved)

        let restored = try RegistryDatabase.open(location).restore()
        #expect(restored.problems.isEmpty)
        // Sorted by key: within a kind, families in WidgetFamily's order.
        #expect(restored.records.map(\.key) == [saved[1].key, saved[0].key, saved[2].key])
        for record in saved {
            let match = try #require(restored.records.first { $0.key == record.key })
            Self.expectSame(match, record)
        }
    }

    @Test("A record with nothing fetched yet comes back empty, with no request pending")
    func emptyRecordRoundTrip() throws {
        let location = TestStore.temporaryLocation()
        let empty = TimelineRecord(key: TimelineKey(kind: "Fresh", family: .systemLarge), bundleName: "Fresh", bundlePath: "/f.so")
        try RegistryDatabase.open(location).save([empty])
        let restored = try RegistryDatabase.open(location).restore()
        #expect(restored.problems.isEmpty)
        let record = try #require(restored.records.first)
        #expect(restored.records.count == 1)
        #expect(record.timeline == nil && record.fetchedAt == nil && record.callDuration == nil)
        #expect(record.lastError == nil && record.lastCompletionViolation == nil)
        #expect(record.reloadRequestedAt == nil && !record.reloadForced && record.reloadRequestCount == 0)
        #expect(record.schedule == KindSchedule())
    }

    @Test("Saving a key again replaces its row rather than adding one; other rows stay")
    func upsertReplaces() throws {
        let location = TestStore.temporaryLocation()
        let database = try RegistryDatabase.open(location)
        let first = Self.fullRecord(kind: "Alpha", family: .systemSmall, policy: .atEnd, failedLastCall: true)
        let other = Self.fullRecord(kind: "Beta", family: .systemSmall, policy: .never, failedLastCall: false)
        try database.save([first, other])

        var second = TimelineRecord(key: first.key, bundleName: "Renamed", bundlePath: "/elsewhere.so")
        second.timeline = Self.timeline(policy: .never)
        second.fetchedAt = Self.at(500)
        try database.save([second])

        let restored = try database.restore()
        #expect(restored.records.map(\.key) == [first.key, other.key])
        Self.expectSame(restored.records[0], second)
        Self.expectSame(restored.records[1], other)
    }

    @Test("A save that fails part-way writes none of its records")
    func saveIsOneTransaction() throws {
        let location = TestStore.temporaryLocation()
        let database = try RegistryDatabase.open(location)
        let good = Self.fullRecord(kind: "Alpha", family: .systemSmall, policy: .atEnd, failedLastCall: false)
        // JSON has no NaN: encoding the second record fails after the first row was written.
        var bad = Self.fullRecord(kind: "Beta", family: .systemSmall, policy: .atEnd, failedLastCall: false)
        bad.timeline = WidgetTimeline(entries: [WidgetEntry(date: Self.at(0), relevance: nil, content: .number(.nan))], policy: .never)
        #expect {
            try database.save([good, bad])
        } throws: { error in
            guard case .writeFailed(let path, let reason)? = error as? RegistryDatabaseError else { return false }
            return path == location.registryDatabaseURL.path && reason.contains("Beta")
        }
        #expect(try database.restore().records.isEmpty)
    }

    @Test("openIfExists returns nil and creates neither the folder nor the file")
    func openIfExistsCreatesNothing() throws {
        let location = TestStore.temporaryLocation()
        #expect(try RegistryDatabase.openIfExists(location) == nil)
        #expect(!FileManager.default.fileExists(atPath: location.directory.path))

        let record = Self.fullRecord(kind: "Alpha", family: .systemSmall, policy: .atEnd, failedLastCall: false)
        let created = try RegistryDatabase.open(location)
        try created.save([record])
        #expect(created.url == location.registryDatabaseURL)
        let existing = try #require(try RegistryDatabase.openIfExists(location))
        #expect(try existing.restore().records.map(\.key) == [record.key])
    }

    @Test("Settings and the daemon round trip; recordDaemonStop clears the daemon")
    func settingsAndDaemon() throws {
        let location = TestStore.temporaryLocation()
        let database = try RegistryDatabase.open(location)
        #expect(try database.settings() == nil)
        #expect(try database.daemon() == nil)

        let settings = SchedulerSettings(budgetLimit: 7, backoff: Backoff(initial: 12, maximum: 600), minimumInterval: 90)
        try database.saveSettings(settings)
        try database.recordDaemonStart(pid: 4_242, at: Self.at(0.5))
        let reopened = try #require(try RegistryDatabase.openIfExists(location))
        #expect(try reopened.settings() == settings)
        #expect(try reopened.daemon() == DaemonRecord(pid: 4_242, startedAt: Self.at(0.5)))

        try reopened.saveSettings(SchedulerSettings())
        try reopened.recordDaemonStart(pid: 77, at: Self.at(10))
        #expect(try database.settings() == SchedulerSettings())
        #expect(try database.daemon() == DaemonRecord(pid: 77, startedAt: Self.at(10)))
        try reopened.recordDaemonStop()
        #expect(try database.daemon() == nil)
    }

    @Test("A garbage timeline is a problem naming its kind, family and field; the rest is restored")
    func corruptedTimeline() throws {
        let location = TestStore.temporaryLocation()
        let damaged = Self.fullRecord(kind: "Alpha", family: .systemMedium, policy: .atEnd, failedLastCall: true)
        let intact = Self.fullRecord(kind: "Beta", family: .systemSmall, policy: .never, failedLastCall: false)
        try RegistryDatabase.open(location).save([damaged, intact])
        try Self.rawWrite(location, "UPDATE timeline_record SET timeline = x'00ff7b6e6f74' WHERE kind = 'Alpha'")

        let restored = try RegistryDatabase.open(location).restore()
        let problem = try #require(restored.problems.first)
        #expect(restored.problems.count == 1)
        #expect(problem.key == damaged.key)
        #expect(problem.field == "timeline")
        #expect(problem.description.contains("Alpha") && problem.description.contains("systemMedium"))
        #expect(restored.records.count == 2)
        var expected = damaged
        expected.timeline = nil
        Self.expectSame(restored.records[0], expected)
        Self.expectSame(restored.records[1], intact)
    }

    @Test("A saved timeline is validated like a fresh reply, and other bad columns are problems too")
    func invalidColumnsBecomeProblems() throws {
        let location = TestStore.temporaryLocation()
        let record = Self.fullRecord(kind: "Alpha", family: .systemSmall, policy: .atEnd, failedLastCall: false)
        try RegistryDatabase.open(location).save([record])
        // Well-formed JSON whose entries are out of order, a last call of the wrong shape, and a
        // budget limit the budget cannot take.
        try Self.rawWrite(location, """
            UPDATE timeline_record SET
                timeline = '{"version":1,"entries":[{"date":20,"relevance":null,"content":1},{"date":10,"relevance":null,"content":2}],"policy":{"type":"never"}}',
                last_call = '{"at":"yesterday"}',
                budget_limit = 0
            """)

        let restored = try RegistryDatabase.open(location).restore()
        #expect(Set(restored.problems.map(\.field)) == ["timeline", "last_call", "budget_limit"])
        #expect(restored.problems.allSatisfy { $0.key == record.key })
        #expect(restored.problems.first { $0.field == "timeline" }?.reason.contains("entry 1 is dated before entry 0") == true)
        let back = try #require(restored.records.first)
        #expect(back.timeline == nil && back.schedule.lastCall == nil)
        #expect(back.schedule.budget == RefreshBudget(limit: RefreshBudget.defaultLimit, spent: record.schedule.budget.spent))
        #expect(back.fetchedAt == record.fetchedAt && back.lastError?.code == "timedOut")
    }

    @Test("A database with a migration from a newer widgethost is refused with schemaTooNew")
    func newerSchemaRefused() throws {
        let location = TestStore.temporaryLocation()
        _ = try RegistryDatabase.open(location)
        try Self.rawWrite(location, "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
        let expected = RegistryDatabaseError.schemaTooNew(path: location.registryDatabaseURL.path)
        #expect(throws: expected) { try RegistryDatabase.open(location) }
        #expect(throws: expected) { try RegistryDatabase.openIfExists(location) }
        #expect(expected.description.contains(location.registryDatabaseURL.path))
    }
}
