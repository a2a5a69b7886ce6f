#if canImport(Glibc)
import Glibc
#endif

/// Warnings and notes go to standard error, so standard output stays machine-readable.
enum StandardError {
    static func print(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
