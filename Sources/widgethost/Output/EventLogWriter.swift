import Dispatch
import Foundation
import Synchronization

/// `run`'s event log, written off the scheduler's threads: `write` queues the line and returns,
/// and one queue writes the lines in order. Standard output can block (a pipe nobody reads, a
/// paused terminal, a full journal), and the scheduler waits for its event handler; a log that
/// cannot be written must cost log lines, never the daemon's calls.
final class EventLogWriter: Sendable {
    /// Lines queued beyond this are dropped (and counted) until the output moves again.
    static let maximumQueued = 10_000

    private struct Backlog {
        var queued = 0
        var dropped = 0
    }

    private let queue = DispatchQueue(label: "widgethost.run.log")
    private let backlog = Mutex(Backlog())
    private let output: @Sendable (String) -> Void

    /// - Parameter output: writes one line (or a screen, for `--live`); runs on the writer's
    ///   queue, one call at a time, and may block.
    init(output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// Queues `line`; never waits for the output.
    func write(_ line: String) {
        let accepted = backlog.withLock { backlog -> Bool in
            guard backlog.queued < Self.maximumQueued else {
                backlog.dropped += 1
                return false
            }
            backlog.queued += 1
            return true
        }
        guard accepted else { return }
        queue.async { [self] in
            let dropped = backlog.withLock { backlog -> Int in
                backlog.queued -= 1
                defer { backlog.dropped = 0 }
                return backlog.dropped
            }
            if dropped > 0 { output("(\(dropped) event line(s) not written: standard output was not being read)") }
            output(line)
        }
    }

    /// The lines not written yet, for a stop deadline's report (which must not wait: nil if
    /// the count's lock is held this instant).
    var unfinishedWork: [String] {
        guard let queued = backlog.withLockIfAvailable({ $0.queued }), queued > 0 else { return [] }
        return ["\(queued) event log line(s) not written yet (standard output is not being read)"]
    }

    /// Returns once every line queued so far is written (the daemon has stopped). A stop
    /// deadline bounds it when the output is stuck.
    func flush() {
        queue.sync {}
    }
}
