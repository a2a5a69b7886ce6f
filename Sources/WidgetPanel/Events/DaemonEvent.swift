import Foundation

/// An event of the daemon's `/v1/events` stream, read as far as a watcher needs: what it is
/// about. `entry`, `call` and `error` events name a kind and family; `bundle` events the kinds
/// of a bundle file that changed.
struct DaemonEvent: Sendable, Hashable {
    enum Subject: Sendable, Hashable {
        case widget(kind: String, family: String?)
        case bundle
        /// Instances were added, changed or removed: the list of widgets changed.
        case instances
        /// An error about no widget (the store, the registry), or an event of a later version.
        case other
    }

    let subject: Subject

    init(_ event: ServerSentEvent) {
        let fields = try? JSONDecoder().decode(Fields.self, from: Data(event.data.utf8))
        switch event.name {
        case "bundle":
            subject = .bundle
        case "instances":
            subject = .instances
        case "entry", "call", "error":
            subject = fields?.kind.map { .widget(kind: $0, family: fields?.family) } ?? .other
        default:
            subject = .other
        }
    }

    private struct Fields: Decodable {
        let kind: String?
        let family: String?
    }
}
