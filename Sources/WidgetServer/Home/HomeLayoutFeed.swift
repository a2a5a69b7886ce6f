import Foundation
import Synchronization
import WidgetHostJSON
import WidgetStore
import WidgetStoreModel

/// The server's ear on the home screen's layout: while it runs, each change to the placements or
/// the instances (made by the CLI, the gallery, `/home` or another daemon's client, all through
/// the shared store) is published on the event stream as `home`, `{"at", "version"}`, so every
/// client re-reads `/v1/home` instead of polling it. `version` counts the changes this server saw.
public final class HomeLayoutFeed: Sendable {
    private let listener: HomeLayoutListener
    private let counter: ChangeCounter

    public init(location: StoreLocation, hub: EventHub, clock: @escaping @Sendable () -> Date) throws(HostWakeupError) {
        let counter = ChangeCounter()
        self.counter = counter
        listener = try HomeLayoutListener(location: location) {
            let version = counter.next()
            hub.publish(name: "home", data: #"{"at":"\#(clock().isoString)","version":\#(version)}"#)
        }
    }

    /// How many changes it has published.
    public var changes: UInt64 { counter.value.load(ordering: .relaxed) }

    /// Stops listening and removes its socket.
    public func stop() { listener.stop() }

    deinit { listener.stop() }
}

/// Shared by the feed and its listener's callback (an `Atomic` cannot be captured itself).
private final class ChangeCounter: Sendable {
    let value = Atomic<UInt64>(0)

    func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
}
