#if canImport(Glibc)
import Glibc
#endif

/// A line to standard output, unbuffered: a panel reading the pipe sees each line as soon as it
/// is printed. A line up to 4 KiB goes in one `write(2)`, which a pipe never splits.
enum StandardOutputLine {
    struct WriteFailed: Error, CustomStringConvertible {
        let errorNumber: Int32
        /// EPIPE: the reading end was closed (SIGPIPE, which is ignored here, would say it otherwise).
        var readerWentAway: Bool { errorNumber == EPIPE }
        var description: String { "cannot write to standard output: \(String(cString: strerror(errorNumber)))" }
    }

    static func write(_ line: String) throws(WriteFailed) {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteFailed(errorNumber: errno)
            }
            written += count
        }
    }
}
