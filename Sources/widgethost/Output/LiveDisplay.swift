import Foundation
import Synchronization
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

/// `run --live` on a terminal: the current entry of every kind and family, redrawn in place
/// after each event, with the latest event lines beneath.
final class LiveDisplay: Sendable {
    private static let keptLines = 12
    private let recentLines = Mutex<[String]>([])

    /// Whether standard output is a terminal that can be redrawn.
    static var isAvailable: Bool { isatty(STDOUT_FILENO) == 1 }

    func show(_ line: String, scheduler: ReloadScheduler) {
        let lines = recentLines.withLock { lines in
            lines.append(contentsOf: line.split(separator: "\n").map(String.init))
            if lines.count > Self.keptLines { lines.removeFirst(lines.count - Self.keptLines) }
            return lines
        }
        let now = scheduler.clock.now
        var screen = "\u{1B}[H\u{1B}[2J"  // home, clear
        screen += "widgethost run — \(now.isoString) — Ctrl-C to stop\n\n"
        screen += TextOutput.currentEntries(scheduler.plans(at: now), at: now) + "\n\nRecent events:\n"
        screen += lines.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(screen.utf8))
    }
}
