import Dispatch
import Foundation
import Synchronization
import WidgetHostCore

/// Turns SIGINT and SIGTERM into a clean stop: the first calls `onSignal` (the daemon finishes
/// its calls and saves); a second one exits at once, for a user who will not wait.
public final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]

    public init(onSignal: @escaping @Sendable () -> Void) {
        let received = Atomic<Int>(0)
        sources = [SIGINT, SIGTERM].map { number in
            // Dispatch sees the signal only if the default action (terminate) is off.
            signal(number, SIG_IGN)
            // A serial queue: libdispatch's global ones start its pool's monitor, a wake-up a
            // second for the rest of the process (`DaemonExecutor`).
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "widgethost.signals"))
            source.setEventHandler {
                if received.add(1, ordering: .relaxed).newValue > 1 { _exit(128 + number) }
                onSignal()
            }
            source.resume()
            return source
        }
    }

    /// Stops listening and restores the default actions.
    public func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
