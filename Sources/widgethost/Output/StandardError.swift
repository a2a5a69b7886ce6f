#if canImport(Glibc)
import Glibc
#endif

/// Warnings, notes and errors go to standard error, so standard output stays machine-readable.
enum StandardError {
    /// Writes `message` ending in exactly one newline, whatever it ended with: an error's text
    /// may carry a bundle's message, which may end in newlines of its own, and a message without
    /// one would leave the shell's prompt on its last line. Nothing when it is empty.
    static func print(_ message: String) {
        guard let text = terminated(message) else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return  // standard error is gone: nowhere left to say anything
            }
        }
    }

    /// `message` without trailing white space, plus one newline; nil when nothing is left.
    static func terminated(_ message: String) -> String? {
        var end = message.endIndex
        while end > message.startIndex, message[message.index(before: end)].isWhitespace {
            end = message.index(before: end)
        }
        return end == message.startIndex ? nil : String(message[..<end]) + "\n"
    }
}
