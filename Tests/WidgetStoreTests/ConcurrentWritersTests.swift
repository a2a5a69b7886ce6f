import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetApp
import WidgetStore

/// Several processes write to one store at once, through the app-side library, as an app, the
/// CLI and a host's workers do: every write that returned is there afterwards, and the file is
/// sound.
@Suite("Concurrent writer processes")
struct ConcurrentWritersTests {
    private static let group = "group.bacon.data"

    /// What the writers said and how they ended.
    private struct Run: Sendable {
        var acknowledged: [Int: [String]] = [:]
        var statuses: [Int: Int32] = [:]
        var errors: [Int: String] = [:]
    }

    @Test("4 writers × 150 writes at once, on a new store: every acknowledged write is there")
    func fourWriters() async throws {
        let location = TestStore.temporaryLocation()
        defer { try? FileManager.default.removeItem(at: location.directory) }
        let writers = 4, count = 150

        let run = try await onOwnThread {
            // All start before any is read, so they open the new store and write at the same time.
            let processes = try (1...writers).map {
                try StoreWriterProcess(location: location, group: Self.group, writer: $0, count: count)
            }
            // One reader thread per writer, so no child ever waits on a full pipe.
            let lines = Mutex<[Int: [String]]>([:])
            let readers = DispatchGroup()
            for process in processes {
                DispatchQueue.global().async(group: readers) {
                    let read = process.remainingLines()
                    lines.withLock { $0[process.writer] = read }
                }
            }
            readers.wait()
            var run = Run()
            run.acknowledged = lines.withLock { $0 }
            for process in processes {
                run.statuses[process.writer] = process.waitForExit().status
                run.errors[process.writer] = process.standardError
            }
            return run
        }

        for writer in 1...writers {
            #expect(run.statuses[writer] == 0, "writer \(writer) failed: \(run.errors[writer] ?? "")")
            let expected = (0..<count).map { "ack w\(writer)-\($0)" }
            #expect(run.acknowledged[writer] == expected)
        }

        let store = try SharedStore.open(location)
        #expect(try store.integrityProblems() == [])
        let group = try AppGroupID(validating: Self.group)
        let values = Dictionary(uniqueKeysWithValues: try store.entries(in: group).map { ($0.key, $0.value) })
        var missing: [String] = []
        for writer in 1...writers {
            for line in run.acknowledged[writer] ?? [] {
                let key = String(line.dropFirst("ack ".count))
                let index = try #require(Int(key.split(separator: "-").last ?? ""))
                if values[key] != .int(writer * 1_000_000 + index) { missing.append(key) }
            }
        }
        #expect(missing.isEmpty, "acknowledged but not in the store as written: \(missing.prefix(20))")
        #expect(values.count == writers * count)
    }
}
