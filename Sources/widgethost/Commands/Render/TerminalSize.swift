#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What the terminal on standard output can show.
enum TerminalSize {
    /// Its width in columns, or 80 when it is not a terminal.
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
