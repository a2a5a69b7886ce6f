import Foundation
import Synchronization

/// What an event makes `watch` read again: the one widget it names, or the whole list.
///
/// Reading the list after each event cost the daemon every widget's state, view trees included,
/// for a change to one of them; a widget's own route (`GET /v1/widgets/{kind}/{family}`, `GET
/// /v1/instances/{id}`) answers with that one. Events that can change which widgets there are
/// (a bundle rebuilt, instances added or removed) or that name a kind without a family still
/// read the list.
enum WatchRefresh: Sendable, Hashable {
    case widget(WidgetKey)
    case everything

    /// Nil for an event that cannot change what `selection` shows.
    init?(_ event: ServerSentEvent, selection: WidgetSelection) {
        let subject = DaemonEvent(event)
        guard selection.isRelevant(subject) else { return nil }
        switch subject.subject {
        case .widget(let kind, let family?):
            // The event's instance, which `DaemonEvent` does not read: an added instance is a
            // widget of its own, with its own route.
            let instance = (try? JSONDecoder().decode(InstanceField.self, from: Data(event.data.utf8)))?.instance
            self = .widget(WidgetKey(kind: kind, family: family, instance: instance))
        case .widget, .bundle, .instances, .other:
            self = .everything
        }
    }

    private struct InstanceField: Decodable {
        let instance: String?
    }
}

/// The refreshes events asked for that the watcher has not made yet. Events that arrive while
/// it reads make one more read each of what they name, not one per event: a widget named twice
/// is read once, and a whole-list read covers every widget.
final class PendingRefreshes: Sendable {
    private struct State {
        var everything = false
        /// In the order the events named them.
        var widgets: [WidgetKey] = []
    }

    private let state = Mutex(State())
    /// One element whenever something is pending (at most one buffered: the reader takes all).
    let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    init() {
        (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ refresh: WatchRefresh) {
        state.withLock { state in
            switch refresh {
            case .everything: state.everything = true
            case .widget(let key): if !state.widgets.contains(key) { state.widgets.append(key) }
            }
        }
        signal.yield()
    }

    /// Everything pending, now no longer pending.
    func take() -> (everything: Bool, widgets: [WidgetKey]) {
        state.withLock { state in
            defer { state = State() }
            return (state.everything, state.widgets)
        }
    }

    /// No more events will come (the stream ended).
    func finish() {
        signal.finish()
    }
}
