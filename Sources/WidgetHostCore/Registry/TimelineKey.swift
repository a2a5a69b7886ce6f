import WidgetPayload
import WidgetStoreModel

/// One cell of the registry: a widget kind shown in one family, as one instance.
///
/// `instance` is nil for the implicit instance every kind has in each family it supports (the
/// only one a static kind has); a user-added instance (`widgethost instances add`) has its id.
public struct TimelineKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let kind: String
    public let family: WidgetFamily
    public let instance: WidgetInstanceID?

    public init(kind: String, family: WidgetFamily, instance: WidgetInstanceID? = nil) {
        self.kind = kind
        self.family = family
        self.instance = instance
    }

    /// The key of a user-added instance.
    public init(_ instance: WidgetInstance) {
        self.init(kind: instance.kind, family: instance.family, instance: instance.id)
    }

    /// The implicit instance of the same kind and family.
    public var implicit: TimelineKey { TimelineKey(kind: kind, family: family) }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.kind, familyOrder(lhs.family), lhs.instance?.rawValue ?? "")
            < (rhs.kind, familyOrder(rhs.family), rhs.instance?.rawValue ?? "")
    }

    private static func familyOrder(_ family: WidgetFamily) -> Int {
        WidgetFamily.allCases.firstIndex(of: family) ?? 0
    }

    /// `Kind/family`, and `#id` for a user-added instance: how logs name a key.
    public var label: String {
        "\(kind)/\(family.rawValue)" + (instance.map { "#\($0)" } ?? "")
    }

    public var description: String {
        guard let instance else { return "\(kind) (\(family.rawValue))" }
        return "\(kind) (\(family.rawValue), instance \(instance))"
    }
}
