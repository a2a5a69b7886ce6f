#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// A writer SIGKILLed in the middle of a transaction (no cleanup runs, its lock and WAL frames
/// are left as they were) costs nothing that was acknowledged and leaves no half-written batch.
@Suite("Killed writer processes")
struct KilledWriterTests {
    private static let group = "group.bacon.data"
    private static let batchSize = 50
    private static let valueBytes = 64 * 1024

    /// When to kill a writer that has begun the batch to kill.
    enum KillMoment: Sendable, CustomStringConvertible {
        /// At once: the kill lands while setValues checks and converts the values, or has just
        /// begun its transaction.
        case atBegin
        /// Once the WAL file changes: the transaction is writing pages (50 × 64 KiB overflow
        /// SQLite's page cache, so it spills to the WAL before it commits), or committing.
        case onWALWrite

        var description: String { self == .atBegin ? "at begin" : "on WAL write" }
    }

    /// One writer's life: the batches it acknowledged, and the one it was writing when killed.
    private struct Life: Sendable {
        var writer: Int
        var moment: KillMoment
        var acknowledged: Set<Int> = []
        var lastBegun: Int?
        var killed = false
        var sawWALWrite = false
        var killedBySignal = false
        var status: Int32 = 0
        var standardError = ""

        /// The batch begun and not acknowledged when the kill landed.
        var inFlight: Int? { lastBegun.flatMap { acknowledged.contains($0) ? nil : $0 } }
    }

    /// The WAL file's size and modification time, or nil while there is none.
    private static func walState(_ location: StoreLocation) -> [Int]? {
        var status = stat()
        guard stat(location.databaseURL.path + "-wal", &status) == 0 else { return nil }
        return [Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
    }

    /// Starts a batch-mode writer and SIGKILLs it during batch `killAt`, at `moment`.
    private static func killedWriter(_ location: StoreLocation, writer: Int, killAt: Int, moment: KillMoment) throws -> Life {
        let process = try StoreWriterProcess(
            location: location, group: group, writer: writer, count: 10_000, batch: batchSize, valueBytes: valueBytes)
        var life = Life(writer: writer, moment: moment)
        func note(_ line: String) {
            if line.hasPrefix("ack batch "), let batch = Int(line.dropFirst("ack batch ".count)) {
                life.acknowledged.insert(batch)
            } else if line.hasPrefix("begin batch "), let batch = Int(line.dropFirst("begin batch ".count)) {
                life.lastBegun = batch
            }
        }
        while let line = process.nextLine() {
            note(line)
            guard line == "begin batch \(killAt)" else { continue }
            if moment == .onWALWrite {
                // Watches without pausing (only yielding), on this thread of its own: the kill
                // must land within the transaction, which takes milliseconds, so even the shared
                // waits' short pauses could miss it. Only the hang guard ends it otherwise: a
                // writer stuck before writing is then killed anyway, and the test says so.
                let before = walState(location)
                let clock = ContinuousClock()
                let start = clock.now
                while clock.now - start < hangGuard {
                    if walState(location) != before {
                        life.sawWALWrite = true
                        break
                    }
                    sched_yield()
                }
            }
            process.killNow()
            life.killed = true
            break
        }
        // Whatever it managed to say before dying counts as acknowledged too.
        for line in process.remainingLines() { note(line) }
        let end = process.waitForExit()
        life.status = end.status
        life.killedBySignal = end.killedBySignal
        life.standardError = process.standardError
        return life
    }

    @Test("Six writers killed mid-batch: acknowledged batches are whole, no batch is partial, the store still works")
    func killedMidTransaction() async throws {
        let location = TestStore.temporaryLocation()
        defer { try? FileManager.default.removeItem(at: location.directory) }
        // (writer, the batch during which it is killed, when); batch 0 at begin kills a writer
        // while it opens the store.
        let plan: [(Int, Int, KillMoment)] = [
            (1, 3, .onWALWrite), (2, 7, .onWALWrite), (3, 1, .atBegin), (4, 5, .onWALWrite), (5, 0, .atBegin), (6, 2, .onWALWrite),
        ]

        var lives: [Life] = []
        for (writer, killAt, moment) in plan {
            lives.append(try await onOwnThread { try Self.killedWriter(location, writer: writer, killAt: killAt, moment: moment) })
        }
        for life in lives {
            #expect(life.killed, "writer \(life.writer) never began its batch to kill: \(life.standardError)")
            #expect(life.killedBySignal && life.status == SIGKILL,
                    "writer \(life.writer) ended on its own (status \(life.status)): \(life.standardError)")
            if life.moment == .onWALWrite {
                #expect(life.sawWALWrite, "writer \(life.writer) wrote nothing to the WAL after beginning its batch, until the hang guard")
            }
        }

        let store = try SharedStore.open(location)
        #expect(try store.integrityProblems() == [])
        let group = try AppGroupID(validating: Self.group)

        // Every key in the store, by writer and batch.
        var batches: [BatchID: [Int: Data]] = [:]
        var strangers: [String] = []
        for entry in try store.entries(in: group) {
            guard let name = BatchBlob.parse(entry.key), case .data(let bytes) = entry.value else {
                strangers.append(entry.key)
                continue
            }
            batches[BatchID(writer: name.writer, batch: name.batch), default: [:]][name.index] = bytes
        }
        #expect(strangers.isEmpty, "keys the writers never write: \(strangers.prefix(10))")

        // No batch is partial, and each value is exactly what was written.
        for (id, values) in batches.sorted(by: { $0.key < $1.key }) {
            #expect(values.count == Self.batchSize, "batch \(id) is partial: \(values.count) of \(Self.batchSize) keys")
            let wrong = values.filter { index, bytes in
                bytes != BatchBlob.bytes(writer: id.writer, batch: id.batch, index: index, size: Self.valueBytes)
            }
            #expect(wrong.isEmpty, "batch \(id) holds altered values for keys \(wrong.keys.sorted().prefix(10))")
        }

        // Every acknowledged batch is there; none beyond the one in flight at the kill.
        for life in lives {
            for batch in life.acknowledged.sorted() {
                #expect(batches[BatchID(writer: life.writer, batch: batch)] != nil,
                        "writer \(life.writer)'s acknowledged batch \(batch) is missing")
            }
            let present = batches.keys.filter { $0.writer == life.writer }.map(\.batch)
            let limit = life.lastBegun ?? -1
            #expect(present.allSatisfy { $0 <= limit }, "writer \(life.writer) has batches past the kill: \(present.sorted())")
        }

        // The store still takes writes: in this process, and from another writer process.
        let defaults = SharedDefaults(suiteName: Self.group, location: location)
        try defaults.set("after the kills", forKey: "survivor")
        #expect(try defaults.string(forKey: "survivor") == "after the kills")
        let finished = try await onOwnThread { () throws -> (lines: [String], status: Int32, error: String) in
            let process = try StoreWriterProcess(location: location, group: Self.group, writer: 9, count: 2, batch: 3, valueBytes: 1024)
            let lines = process.remainingLines()
            return (lines, process.waitForExit().status, process.standardError)
        }
        #expect(finished.status == 0, "a writer after the kills failed: \(finished.error)")
        #expect(finished.lines == ["begin batch 0", "ack batch 0", "begin batch 1", "ack batch 1"])
        #expect(try defaults.data(forKey: BatchBlob.key(writer: 9, batch: 1, index: 2))
                == BatchBlob.bytes(writer: 9, batch: 1, index: 2, size: 1024))
        #expect(try store.integrityProblems() == [])
    }
}

/// One batch of one writer.
struct BatchID: Hashable, Comparable, CustomStringConvertible, Sendable {
    var writer: Int
    var batch: Int

    static func < (lhs: BatchID, rhs: BatchID) -> Bool { (lhs.writer, lhs.batch) < (rhs.writer, rhs.batch) }
    var description: String { "w\(writer)-b\(batch)" }
}
