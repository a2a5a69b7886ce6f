import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetStoreModel

// The JSON of the store commands (defaults, reload). Add fields, never rename them.

/// One value: `{"group":…,"key":…,"type":"int","value":42,"updatedAt":…}`; `value` is shaped
/// as VALUE in defaults.h (data base64, dates seconds since 1970).
struct DefaultsValueJSON: Encodable {
    let group: String?
    let key: String
    let value: StoredValue
    let updatedAt: Date?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(group, forKey: .group)
        try container.encode(key, forKey: .key)
        try container.encodeIfPresent(updatedAt?.isoString, forKey: .updatedAt)
        try value.encode(to: encoder)
    }

    private enum CodingKeys: String, CodingKey { case group, key, updatedAt }
}

struct DefaultsListJSON: Encodable {
    let group: String
    let values: [DefaultsValueJSON]
}

struct ReloadRequestJSON: Encodable {
    let id: Int64
    /// null for every kind.
    @ExplicitNull var kind: String?
    /// Present only for a request for one widget (after a perform): its family, and its
    /// instance when it is a user-added one.
    let family: String?
    let instance: String?
    let requestedAt: String
    let source: String
    let forced: Bool

    init(_ request: ReloadRequest) {
        id = request.id
        forced = request.forced
        kind = request.scope.kind
        if case .widget(_, let family, let instance) = request.scope {
            self.family = family.rawValue
            self.instance = instance?.rawValue
        } else {
            family = nil
            instance = nil
        }
        requestedAt = request.requestedAt.isoString
        source = request.source
    }
}

struct ReloadJSON: Encodable {
    let requests: [ReloadRequestJSON]
    /// True when a running host was woken; false when the requests wait for the next start.
    let deliveredToRunningHost: Bool
}
