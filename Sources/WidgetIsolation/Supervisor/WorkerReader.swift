#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetHostCore

/// The thread that listens to one worker process: frames on the channel, lines on its output,
/// until the channel closes; then it reaps the process and tells the worker how it ended.
struct WorkerReader: Sendable {
    let worker: BundleWorker
    let process: WorkerProcess
    let generation: Int

    func run() {
        var decoder = FrameCodec.Decoder()
        var partialLine: [UInt8] = []
        var descriptors = [
            pollfd(fd: process.channel.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
        ]
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var channelOpen = true
        while channelOpen {
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0, !readOutput(&chunk, &partialLine) { descriptors[1].fd = -1 }
            guard descriptors[0].revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(process.channel.descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                channelOpen = false
                break
            }
            decoder.append(chunk[0..<count])
            do {
                while let frame = try decoder.next() { handle(frame) }
            } catch {
                // The stream cannot be resynchronised: kill, then only wait for the end.
                worker.kill(generation: generation, because: .protocolError(error.description))
                descriptors[0].events = 0
                channelOpen = false
            }
        }
        // The process is gone or going: keep what it printed last, then reap it.
        while descriptors[1].fd >= 0, readOutput(&chunk, &partialLine) {}
        if !partialLine.isEmpty { emit(partialLine) }
        let exit = process.waitForExit()
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

    /// Reads some output; false at its end.
    private func readOutput(_ chunk: inout [UInt8], _ partialLine: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else { return false }
        partialLine += chunk[0..<count]
        while let newline = partialLine.firstIndex(of: UInt8(ascii: "\n")) {
            emit(Array(partialLine[..<newline]))
            partialLine.removeSubrange(...newline)
        }
        // A bundle printing without newlines must not grow this without bound.
        if partialLine.count > 16 * 1024 {
            emit(partialLine)
            partialLine.removeAll()
        }
        return true
    }

    private func emit(_ line: [UInt8]) {
        worker.events.output(String(decoding: line, as: UTF8.self), bundle: worker.state.withLock { $0.bundleName }, path: worker.path)
    }
}
