#if canImport(Glibc)
import Glibc
#endif
import WidgetHostCore

/// How `widgethost-worker` ends, as its exit status. Anything else (a signal, another status) is
/// the bundle's doing: it crashed, called `exit` itself, or hit a resource limit (`RLIMIT_CPU`
/// ends the worker with SIGXCPU, then SIGKILL).
public enum WorkerExitStatus: Int32, Sendable, CaseIterable {
    /// The host sent `shutdown` or closed the channel.
    case finished = 0
    /// The worker was started without a valid `WorkerConfiguration` as its one argument
    /// (`EX_USAGE`).
    case usage = 64
    /// The host broke the protocol: a frame that does not decode, or is too large (`EX_SOFTWARE`).
    case protocolError = 70
    /// The system refused something the worker needs: a resource limit, the channel descriptor
    /// (`EX_OSERR`).
    case systemError = 71
}

/// How the worker leaves and complains.
enum WorkerExit {
    /// Ends the process without running `atexit` handlers or static destructors: the bundle's
    /// threads may still be running its code, which those could pull the rug from under. The
    /// bundle's buffered standard output is flushed first, so nothing it printed is lost.
    static func exit(_ status: WorkerExitStatus) -> Never {
        fflush(nil)
        _exit(status.rawValue)
    }

    /// One line on standard error (which the host logs against the bundle), then `exit`.
    static func fail(_ status: WorkerExitStatus, _ message: String) -> Never {
        complain(message)
        exit(status)
    }

    /// One line on standard error, prefixed so the host can tell it from the bundle's output.
    static func complain(_ message: String) {
        let line = "widgethost-worker[\(getpid())]: \(message)\n"
        line.utf8CString.withUnsafeBufferPointer { buffer in
            // Straight to the descriptor, past stdio's buffer: the line is there even if the
            // worker dies right after.
            var offset = 0
            let count = buffer.count - 1  // without the NUL
            while offset < count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
