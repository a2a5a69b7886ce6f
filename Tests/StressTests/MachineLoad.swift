import Foundation
import Synchronization
import TestSupport

/// Keeps the machine busy while a timing test runs: threads that spin on the CPU and one that
/// writes and syncs a file, so that the code under test competes for cores and for the disk as a
/// daemon does on a loaded machine. Plain threads, not tasks: the load must not wait for the
/// cooperative pool, nor leave it free.
final class MachineLoad: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)
    private let threadCount: Int
    private let scratch: URL

    /// Starts `spinners` spinning threads and, if `fileWriter`, one thread writing to a file.
    init(spinners: Int, fileWriter: Bool) throws {
        scratch = try TestPaths.makeTemporaryDirectory("widgethost-load").appendingPathComponent("scratch")
        threadCount = spinners + (fileWriter ? 1 : 0)
        for _ in 0..<spinners { start { [self] in spin() } }
        if fileWriter { start { [self] in writeFile() } }
    }

    /// Stops every thread and waits for them to end.
    func stop() {
        running.store(false, ordering: .relaxed)
        for _ in 0..<threadCount { finished.wait() }
        try? FileManager.default.removeItem(at: scratch.deletingLastPathComponent())
    }

    private func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [finished] in
            body()
            finished.signal()
        }
        thread.start()
    }

    private func spin() {
        var sum: UInt64 = 0
        while running.load(ordering: .relaxed) {
            for value in 0..<10_000 as Range<UInt64> { sum &+= value &* value }
        }
        // Keeps the loop from being optimised away.
        if sum == 42 { print("") }
    }

    /// Writes 64 KiB blocks and syncs every 1 MiB, starting over every 16 MiB. (A sync after
    /// every block held each SQLite commit of the whole test process for seconds: the daemon
    /// under test could not record its first timelines within a minute.)
    private func writeFile() {
        let block = [UInt8](repeating: 0xA5, count: 64 * 1024)
        let descriptor = open(scratch.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var written = 0
        while running.load(ordering: .relaxed) {
            _ = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            written += block.count
            if written % (1024 * 1024) == 0 { fsync(descriptor) }
            if written >= 16 * 1024 * 1024 {
                _ = ftruncate(descriptor, 0)
                _ = lseek(descriptor, 0, SEEK_SET)
                written = 0
            }
        }
    }
}
