import WidgetHostCore
/// What the registry database gave back: every row it could read, and what it could not.
///
/// A bad column costs only that column, never the row nor the restore: the daemon logs the
/// problems and refetches, which is what it would do with no database at all.
public struct RestoredRegistry: Sendable {
    /// Every restored row, by kind and then family.
    public let records: [TimelineRecord]
    public let problems: [RegistryRowProblem]

    public init(records: [TimelineRecord], problems: [RegistryRowProblem]) {
        self.records = records
        self.problems = problems
    }
}

/// A column of a saved row that could not be read back; the record was restored without it.
public struct RegistryRowProblem: Sendable, Hashable, CustomStringConvertible {
    public let key: TimelineKey
    /// The column, as the database names it (`timeline`, `last_error`, `budget_spent`, …).
    public let field: String
    public let reason: String

    public init(key: TimelineKey, field: String, reason: String) {
        self.key = key
        self.field = field
        self.reason = reason
    }

    public var description: String {
        "the saved \(field) of \(key.kind) in \(key.family.rawValue) cannot be restored (\(reason)); it is left out and fetched again"
    }
}
