import Foundation
import Testing
@testable import WidgetHostCore

/// The registry's bulk reads, which the scheduler and screens use instead of copying every
/// record: every current entry in one look, and the records changed since a revision.
@Suite("Registry reads")
struct RegistryReadsTests {
    @Test("currentEntries(at:) gives, for every key with a timeline, the entry currentEntry(for:at:) gives")
    func currentEntriesAgreeWithOneKeyAtATime() async throws {
        let harness = try SchedulerHarness.sample("MoviePlannerWidget")
        defer { harness.host.stopWorkers() }
        #expect(harness.host.registry.currentEntries(at: SchedulerHarness.start).isEmpty, "no timeline yet, no entry")

        await harness.reloadDue()
        let registry = harness.host.registry
        let keys = registry.allRecords.map(\.key)
        #expect(keys.count > 1)
        // Before the first entry, on it, between entries and after the last.
        for seconds in [-1.0, 0, 59.999, 60, 61, 120, 10_000] {
            let date = SchedulerHarness.at(seconds)
            let bulk = Dictionary(uniqueKeysWithValues: registry.currentEntries(at: date).map { ($0.key, $0.entry) })
            let oneByOne = Dictionary(uniqueKeysWithValues: keys.compactMap { key in
                registry.currentEntry(for: key, at: date).map { (key, $0) }
            })
            #expect(bulk == oneByOne, "at +\(seconds) s")
            #expect(bulk.count == (seconds < 0 ? 0 : keys.count), "at +\(seconds) s")
        }
        let third = registry.currentEntries(at: SchedulerHarness.at(120)).first?.entry
        #expect(third?.content["name"] == .string("Guardians of the Galaxy Volume 3"))
    }

    @Test("visitRecords(changedAfter:) shows only the records changed since the revision, and returns the new revision")
    func changedRecordsSinceARevision() async throws {
        let harness = try SchedulerHarness.sample("MoviePlannerWidget")
        defer { harness.host.stopWorkers() }
        let registry = harness.host.registry
        func changed(after revision: UInt64) -> (records: [TimelineRecord], revision: UInt64) {
            var records: [TimelineRecord] = []
            let latest = registry.visitRecords(changedAfter: revision) { records.append($0) }
            return (records, latest)
        }
        let (all, registered) = changed(after: 0)
        #expect(all.count == registry.allRecords.count, "revision 0 is every record")
        #expect(changed(after: registered).records.isEmpty, "nothing changed since")

        let key = try #require(all.first?.key)
        registry.recordReloadRequest(kinds: [key.kind], at: SchedulerHarness.start)
        let (requested, afterRequest) = changed(after: registered)
        #expect(Set(requested.map(\.key)) == Set(all.filter { $0.key.kind == key.kind }.map(\.key)))
        #expect(requested.allSatisfy { $0.hasPendingRequest })
        #expect(afterRequest > registered)
        #expect(changed(after: afterRequest).records.isEmpty)
    }
}
