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
    private let writing = Mutex<Void>(())

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
        try writing.withLock { _ throws(Failure) in try writeAll(bytes) }
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
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Releases the descriptor. Only once no thread reads or writes it any more: a descriptor
    /// number closed under a blocked reader could be reused for another file.
    public func close() {
        _ = Glibc.close(descriptor)
    }

    /// Writes `bytes` as they are, not as a frame: what a prestarted worker reads before its
    /// first frame (`WorkerServer.awaitConfiguration`). Blocks until all are written.
    func writeAll(_ bytes: [UInt8]) throws(Failure) {
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
