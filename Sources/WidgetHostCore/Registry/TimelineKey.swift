/// One cell of the registry: a widget kind shown in one family.
public struct TimelineKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let kind: String
    public let family: WidgetFamily

    public init(kind: String, family: WidgetFamily) {
        self.kind = kind
        self.family = family
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.kind, familyOrder(lhs.family)) < (rhs.kind, familyOrder(rhs.family))
    }

    private static func familyOrder(_ family: WidgetFamily) -> Int {
        WidgetFamily.allCases.firstIndex(of: family) ?? 0
    }

    public var description: String { "\(kind) (\(family.rawValue))" }
}
