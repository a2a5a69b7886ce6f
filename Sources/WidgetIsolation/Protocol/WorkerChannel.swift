#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WidgetHostCore

/// One end of the host–worker channel: a socket descriptor carrying frames both ways. Writes
/// from any thread are serialised; reading happens on one thread, the reader's, until the other
/// side closes.
public final class WorkerChannel: Sendable {
    public enum Failure: Error, Sendable, Hashable {
        /// The other side closed the channel (its process exited or died).
        case closed
        case readFailed(errno: Int32)
        case writeFailed(errno: Int32)
        case protocolError(WorkerProtocolError)
    }

    public let descriptor: Int32
    /// Serialises frames; `close` takes it too, so that no write is under way on the number it
    /// releases. Taken before `closed` where both are.
    private let writing = Mutex<Void>(())
    /// Whether `close` has released the descriptor: from then on its number may be another
    /// file's (a new worker's channel), which a late send or hang-up from a thread still holding
    /// this channel would write to or shut down. Such a worker saw its channel end and exited
    /// as "finished" (status 0) in the middle of its scan.
    private let closed = Mutex(false)

    /// Takes ownership of `descriptor`; `close()` releases it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends one frame carrying `message`.
    public func send<Message: Encodable>(_ message: Message, body: [UInt8] = []) throws(Failure) {
        let bytes: [UInt8]
        do {
            bytes = try FrameCodec.encode(message, body: body)
        } catch {
            throw .protocolError(.malformedHeader(detail: "cannot encode \(Message.self): \(error)"))
        }
        try writing.withLock { _ throws(Failure) in try writeIfOpen(bytes) }
    }

    /// Reads frames and hands each to `receive` until the channel closes or breaks; returns why
    /// it ended. Blocks: call it on a thread of its own.
    public func readFrames(_ receive: (Frame) -> Void) -> Failure {
        var decoder = FrameCodec.Decoder()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            do {
                while let frame = try decoder.next() { receive(frame) }
            } catch {
                return .protocolError(error)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .closed }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == ECONNRESET ? .closed : .readFailed(errno: errno)
            }
            decoder.append(chunk[0..<count])
        }
    }

    /// Ends the conversation both ways: a reader blocked on the channel returns `.closed`, and
    /// later sends fail. The descriptor stays open until `close()`.
    public func hangUp() {
        closed.withLock { closed in
            if !closed { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Releases the descriptor. Only once no thread reads or writes it any more: a descriptor
    /// number closed under a blocked reader could be reused for another file.
    /// Hang up first: a write blocked on this channel holds `writing` until the hang-up ends it.
    public func close() {
        writing.withLock { _ in
            let release = closed.withLock { closed -> Bool in
                defer { closed = true }
                return !closed
            }
            if release { _ = Glibc.close(descriptor) }
        }
    }

    /// Writes `bytes` as they are, not as a frame: what a prestarted worker reads before its
    /// first frame (`WorkerServer.awaitConfiguration`). Blocks until all are written.
    func writeAll(_ bytes: [UInt8]) throws(Failure) {
        try writing.withLock { _ throws(Failure) in try writeIfOpen(bytes) }
    }

    /// Under `writing`: fails as `.closed` once the descriptor is released.
    private func writeIfOpen(_ bytes: [UInt8]) throws(Failure) {
        guard !closed.withLock({ $0 }) else { throw .closed }
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a dead peer is an error to report, not a SIGPIPE that kills us.
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE || errno == ECONNRESET ? .closed : .writeFailed(errno: errno)
            }
            offset += written
        }
    }
}
