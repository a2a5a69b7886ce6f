import WidgetHostCore
/// A frame or message that breaks the worker protocol. The host treats any of these as the
/// worker's fault: it kills the worker and restarts it.
public enum WorkerProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    case frameTooLarge(bytes: Int, limit: Int)
    case headerOutOfBounds(headerBytes: Int, frameBytes: Int)
    case malformedHeader(detail: String)
    /// A message the receiver does not expect at this point (e.g. a result before scanned).
    case unexpected(message: String)
    case versionMismatch(worker: Int, host: Int)
    /// A result for a call the host never made, or already answered.
    case unknownCall(id: UInt64)

    public var description: String {
        switch self {
        case .frameTooLarge(let bytes, let limit):
            "a frame of \(bytes) bytes is over the \(limit)-byte limit"
        case .headerOutOfBounds(let headerBytes, let frameBytes):
            "a frame declares a \(headerBytes)-byte header in \(frameBytes) bytes"
        case .malformedHeader(let detail):
            "a frame's header is not a valid message: \(detail)"
        case .unexpected(let message):
            "unexpected message: \(message)"
        case .versionMismatch(let worker, let host):
            "the worker speaks protocol \(worker), the host \(host); rebuild widgethost-worker with the host"
        case .unknownCall(let id):
            "a result for call \(id), which is not waiting for one"
        }
    }
}
