#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import WidgetHostCore

/// What the host reads from one worker process: frames on its channel and lines on its output,
/// read as `WorkerListener` finds them ready, until the channel closes; then `finish` reaps the
/// process and tells the worker how it ended.
final class WorkerReader: Sendable {
    let worker: BundleWorker
    let process: WorkerProcess
    let generation: Int

    private struct Reading {
        var decoder = FrameCodec.Decoder()
        var partialLine: [UInt8] = []
        var outputOpen = true
        /// The worker's crash report has begun: its lines (all that come after) are errors.
        var inCrashReport = false
    }

    /// The first line of a worker's crash report (Sources/CWorkerLaunch/crash_report.c).
    static let crashReportHeader = Array("widgethost-worker: crashed with signal ".utf8)

    /// Touched by the listener's thread, then by the thread that finishes: never by two at once.
    private let reading = Mutex(Reading())

    init(worker: BundleWorker, process: WorkerProcess, generation: Int) {
        self.worker = worker
        self.process = process
        self.generation = generation
    }

    /// Reads what the channel has and handles each whole frame; false once the channel has
    /// ended (closed, failed, or broke the protocol, when the worker is killed).
    func readChannel(into chunk: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { read(process.channel.descriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        guard count > 0 else { return false }
        var frames: [Frame] = []
        let broken = reading.withLock { reading -> WorkerProtocolError? in
            reading.decoder.append(chunk[0..<count])
            do throws(WorkerProtocolError) {
                while let frame = try reading.decoder.next() { frames.append(frame) }
                return nil
            } catch {
                return error
            }
        }
        // Handled outside the lock: handling may resume calls, which may call back.
        for frame in frames { handle(frame) }
        if let broken {
            // The stream cannot be resynchronised: kill, then only wait for the end.
            worker.kill(generation: generation, because: .protocolError(broken.description))
            return false
        }
        return true
    }

    /// Reads some output and passes on each whole line; false at its end.
    func readOutput(into chunk: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        let lines = reading.withLock { reading -> [[UInt8]] in
            guard count > 0 else {
                reading.outputOpen = false
                return []
            }
            reading.partialLine += chunk[0..<count]
            var lines: [[UInt8]] = []
            while let newline = reading.partialLine.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(Array(reading.partialLine[..<newline]))
                reading.partialLine.removeSubrange(...newline)
            }
            // A bundle printing without newlines must not grow this without bound.
            if reading.partialLine.count > 16 * 1024 {
                lines.append(reading.partialLine)
                reading.partialLine.removeAll()
            }
            return lines
        }
        for line in lines { emit(line) }
        return count > 0
    }

    /// After the channel ended and the listener let go of both descriptors: keeps what the
    /// process printed last (reading its output to the end, blocking), reaps it, closes its
    /// descriptors and tells the worker. On a thread of its own: the process may take a while.
    func finish() {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while reading.withLock({ $0.outputOpen }), readOutput(into: &chunk) {}
        let rest = reading.withLock { $0.partialLine }
        if !rest.isEmpty { emit(rest) }
        let exit = process.waitForExit()
        // Hung up before it is closed: a send blocked on it (a bundle's child may hold the
        // worker's end) ends now, and lets `close` take the channel's write lock.
        process.channel.hangUp()
        process.channel.close()
        close(process.output)
        worker.ended(generation: generation, exit: exit)
    }

    private func handle(_ frame: Frame) {
        let message: WorkerMessage
        do {
            message = try frame.message(as: WorkerMessage.self)
        } catch {
            worker.kill(generation: generation, because: .protocolError(error.description))
            return
        }
        worker.received(message, body: frame.body, generation: generation)
    }

    private func emit(_ line: [UInt8]) {
        let crashReport = reading.withLock { reading in
            if line.starts(with: Self.crashReportHeader) { reading.inCrashReport = true }
            return reading.inCrashReport
        }
        worker.events.output(
            String(decoding: line, as: UTF8.self), bundle: worker.state.withLock { $0.bundleName }, path: worker.path, crashReport: crashReport)
    }
}
