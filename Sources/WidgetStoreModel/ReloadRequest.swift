import Foundation
import WidgetPayload

/// A request for fresh timelines, made by an app or the CLI, kept in the store until a host has
/// honoured it: a request made while no host runs is not lost.
public struct ReloadRequest: Sendable, Hashable, Codable {
    public enum Scope: Sendable, Hashable {
        case kind(String)
        case allKinds
        /// One widget: the kind's implicit instance in `family`, or the user-added `instance`
        /// (of that kind and family). What follows a perform: WidgetKit reloads the widget that
        /// was interacted with, not every widget of its kind.
        case widget(kind: String, family: WidgetFamily, instance: WidgetInstanceID?)

        /// The kind asked for; nil for every kind.
        public var kind: String? {
            switch self {
            case .kind(let kind), .widget(let kind, _, _): kind
            case .allKinds: nil
            }
        }

        /// The scope as the store keeps it in a row's `kind`, `family` and `instance_id`. A
        /// family this widgethost does not know (written by a newer one) widens to the kind:
        /// reloading more is better than dropping the request.
        package init(kind: String?, family: String?, instance: String?) {
            guard let kind else { self = .allKinds; return }
            guard let family = family.flatMap(WidgetFamily.init(rawValue:)) else { self = .kind(kind); return }
            self = .widget(kind: kind, family: family, instance: instance.map(WidgetInstanceID.init(rawValue:)))
        }

        package var family: WidgetFamily? {
            if case .widget(_, let family, _) = self { family } else { nil }
        }

        package var instance: WidgetInstanceID? {
            if case .widget(_, _, let instance) = self { instance } else { nil }
        }
    }

    public let id: Int64
    public let scope: Scope
    public let requestedAt: Date
    /// Who asked: `cli`, `app`, or an app's own label; `instances` for a wake-up that an
    /// instance was added, changed or removed.
    public let source: String
    /// The source of the requests that only wake a host to take changed instances: the host
    /// syncs its instances and marks no reload (a new instance is due anyway, a changed one is
    /// marked on its own), so other instances of the kind are not reloaded for it.
    public static let instancesChangedSource = "instances"

    public var isInstancesChange: Bool { source == Self.instancesChangedSource }
    /// Forced by the user (`widgethost reload --force`): the host reloads at once, outside the
    /// refresh budget and any backoff.
    public let forced: Bool

    private enum CodingKeys: String, CodingKey { case id, kind, family, instance, requestedAt, source, forced }

    public init(id: Int64, scope: Scope, requestedAt: Date, source: String, forced: Bool = false) {
        self.id = id
        self.scope = scope
        self.requestedAt = requestedAt
        self.source = source
        self.forced = forced
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        scope = Scope(
            kind: try container.decodeIfPresent(String.self, forKey: .kind),
            family: try container.decodeIfPresent(String.self, forKey: .family),
            instance: try container.decodeIfPresent(String.self, forKey: .instance))
        requestedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .requestedAt))
        source = try container.decode(String.self, forKey: .source)
        forced = try container.decodeIfPresent(Bool.self, forKey: .forced) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(scope.kind, forKey: .kind)  // null, not absent, for every kind
        try container.encodeIfPresent(scope.family?.rawValue, forKey: .family)
        try container.encodeIfPresent(scope.instance?.rawValue, forKey: .instance)
        try container.encode(requestedAt.timeIntervalSince1970, forKey: .requestedAt)
        try container.encode(source, forKey: .source)
        try container.encode(forced, forKey: .forced)
    }
}
