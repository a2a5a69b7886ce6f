import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

// The server's JSON, built from the shapes the CLI prints (WidgetHostJSON): fields may be
// added, never renamed. docs/openapi.yaml describes each.

struct WidgetListShape: Encodable {
    let at: String
    /// The newest event's id: a client opens `/v1/events` with `Last-Event-ID` set to it and
    /// misses nothing between this answer and the stream.
    let lastEventId: UInt64
    let widgets: [WidgetStateJSON]
}

/// `GET /v1/widgets/{kind}/{family}/previews`: the kind's `#Preview`s in the family.
struct PreviewListShape: Encodable {
    struct Preview: Encodable {
        /// null rather than absent: the spec requires the member, as for a kind's parameters.
        @ExplicitNull var name: String?
        let title: String
        let source: String
        /// How many entries `?entry=preview&preview=N&index=I` can draw; 0 when it failed.
        let entries: Int
        /// Why the preview's entries could not be made; absent when they were.
        let error: String?
    }

    let kind: String
    let family: String
    let previews: [Preview]

    init(kind: String, family: String, previews: [WidgetPreview]) {
        self.kind = kind
        self.family = family
        self.previews = previews.map { preview in
            let count: Int = if case .entries(let entries) = preview.content { entries.count } else { 0 }
            return Preview(name: preview.name, title: preview.title, source: preview.source, entries: count, error: preview.failure)
        }
    }
}

struct WidgetDetailShape: Encodable {
    let state: WidgetStateJSON
    let entries: [EntryJSON]
    /// Null before the first timeline (never absent: the spec requires the member).
    @ExplicitNull var policy: PolicyJSON?
    let lastEventId: UInt64
}

/// The loaded kinds, for the gallery's "add widget": `GET /v1/kinds`. Each as `widgethost list
/// --format json` prints it.
struct KindListShape: Encodable {
    let kinds: [KindJSON]
}

/// `POST /v1/instances`.
struct NewInstanceBody: Decodable {
    let kind: String
    let family: String?
    let configuration: [String: JSONValue]?
}

/// `PUT /v1/instances/{id}`.
struct InstanceChangeBody: Decodable {
    let configuration: [String: JSONValue]
}

/// `POST /v1/kinds/{kind}/summary`: null when the kind's intent declares no summary, or its
/// `When` chooses none for the configuration.
struct SummaryShape: Encodable {
    let kind: String
    @ExplicitNull var summary: SummaryJSON?
}

struct EntityOptionsShape: Encodable {
    let kind: String
    let parameter: String
    let options: [ParameterJSON.OptionJSON]
}
