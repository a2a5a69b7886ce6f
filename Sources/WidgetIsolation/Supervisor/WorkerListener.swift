#if canImport(Glibc)
import Glibc
#endif
import CEventSources
import Foundation
import Synchronization
import WidgetHostCore

/// The one thread that reads every worker's channel and output (epoll), rather than a thread
/// for each worker.
///
/// Why: a thread per worker was woken once for each result, went back to sleep, and preempted
/// the worker in the middle of its send to do so; with a thousand workers that was a tenth of a
/// busy host's CPU (BENCHMARKS.md, "Speed II"). One thread finds several results ready at once
/// when the host is busy, and a worker sending while it is awake wakes nothing.
///
/// The thread starts with the first worker and ends when the last one has; so a host that
/// stops its workers leaves nothing behind.
///
/// What it runs for each worker must not block: handling a message resumes a call or hands the
/// work on (defaults calls are answered on the global queue). A worker's end is finished on a
/// thread of its own (`WorkerReader.finish`), since reaping may wait.
final class WorkerListener: Sendable {
    private struct State {
        var epoll: Int32?
        var readers: [UInt64: WorkerReader] = [:]
        var nextToken: UInt64 = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Workers being read now.
    var workerCount: Int { state.withLock { $0.readers.count } }
    /// Whether the thread runs (from the first worker until the last one ended).
    var isListening: Bool { state.withLock { $0.epoll != nil } }

    /// Starts reading `reader`'s worker; its channel and output are read on the listener's
    /// thread from now until the channel ends. On failure nothing reads it: the caller ends it.
    func listen(to reader: WorkerReader) throws(WorkerFailure) {
        let (epoll, token) = try state.withLock { state throws(WorkerFailure) -> (Int32, UInt64) in
            let epoll: Int32
            if let running = state.epoll {
                epoll = running
            } else {
                epoll = try start()
                state.epoll = epoll
            }
            state.nextToken += 1
            state.readers[state.nextToken] = reader
            return (epoll, state.nextToken)
        }
        // Token 2n is the channel, 2n + 1 the output.
        guard wh_epoll_watch(epoll, reader.process.channel.descriptor, token << 1) == 0,
              wh_epoll_watch(epoll, reader.process.output, token << 1 | 1) == 0 else {
            let error = errno
            stopReading(token, epoll: epoll)
            throw .spawnFailed("cannot listen to the worker: \(String(cString: strerror(error)))")
        }
    }

    /// Makes the epoll instance and starts the thread that waits on it.
    private func start() throws(WorkerFailure) -> Int32 {
        let epoll = wh_epoll_create()
        guard epoll >= 0 else {
            throw .spawnFailed("cannot make an epoll instance to listen to workers: \(String(cString: strerror(errno)))")
        }
        let thread = Thread { [self] in
            // Named from the thread itself (`ThreadName` says why).
            ThreadName.setCurrent("wh.listen")
            run(epoll)
        }
        thread.start()
        return epoll
    }

    private func run(_ epoll: Int32) {
        // Woken by each result when idle, this thread would otherwise preempt the worker in the
        // middle of sending it, only to let it run again to go back to waiting: a batch thread
        // waits for the worker to sleep (or for the next tick) instead.
        var parameters = sched_param(sched_priority: 0)
        sched_setscheduler(0, Self.batchPolicy, &parameters)
        var tokens = [UInt64](repeating: 0, count: 64)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = tokens.withUnsafeMutableBufferPointer {
                wh_epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1)
            }
            if count < 0 { continue }  // EINTR; nothing else can fail on a valid instance.
            for token in tokens[0..<Int(count)] {
                let (key, isOutput) = (token >> 1, token & 1 == 1)
                // Gone when an earlier event of this same wait ended its channel.
                guard let reader = state.withLock({ $0.readers[key] }) else { continue }
                if isOutput {
                    if !reader.readOutput(into: &chunk) { _ = wh_epoll_unwatch(epoll, reader.process.output) }
                } else if !reader.readChannel(into: &chunk) {
                    stopReading(key, epoll: epoll)
                    Thread.detachNewThread { reader.finish() }
                }
            }
            // With no worker left, the thread ends; the next worker starts another.
            let idle = state.withLock { state -> Bool in
                guard state.readers.isEmpty else { return false }
                state.epoll = nil
                return true
            }
            if idle {
                close(epoll)
                return
            }
        }
    }

    /// Stops watching the descriptors of the reader under `token` (before they are closed).
    private func stopReading(_ token: UInt64, epoll: Int32) {
        guard let reader = state.withLock({ $0.readers.removeValue(forKey: token) }) else { return }
        _ = wh_epoll_unwatch(epoll, reader.process.channel.descriptor)
        _ = wh_epoll_unwatch(epoll, reader.process.output)
    }

    /// SCHED_BATCH, which Glibc's module leaves out (it is behind _GNU_SOURCE); part of Linux's ABI.
    private static let batchPolicy: Int32 = 3
}
