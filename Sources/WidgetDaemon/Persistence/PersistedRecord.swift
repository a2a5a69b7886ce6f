import Foundation
import GRDB
import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// The mapping between a `TimelineRecord` and a `timeline_record` row.
///
/// The timeline is kept as the wire JSON and read back through `ReplyDecoder`, so a restored
/// timeline passes exactly the checks a fresh reply does. The request count is not kept: it only
/// tells requests apart within one run (a pending request restores as one request).
enum PersistedRecord {
    /// The columns `arguments(for:)` fills, in its order; the first three are the primary key.
    static let columns = [
        "kind", "family", "instance", "configuration", "bundle_name", "bundle_path", "timeline", "fetched_at", "call_duration",
        "last_error_code", "last_error_description", "last_error_at",
        "last_completion_violation_code", "last_completion_violation_description", "last_completion_violation_at",
        "reload_requested_at", "reload_forced", "consecutive_failures", "budget_limit", "budget_spent", "last_call",
    ]

    /// Inserts a row, or replaces every column of the one with the same kind, family and instance.
    static let upsertSQL = """
        INSERT INTO timeline_record (\(columns.joined(separator: ", ")))
        VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
        ON CONFLICT (kind, family, instance) DO UPDATE SET
        \(columns.dropFirst(3).map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
        """

    static func arguments(for record: TimelineRecord) throws -> StatementArguments {
        let schedule = record.schedule
        let values: [(any DatabaseValueConvertible)?] = [
            record.key.kind, record.key.family.rawValue, record.key.instance?.rawValue ?? "",
            try record.configuration.map { try json($0) },
            record.bundleName, record.bundlePath,
            try record.timeline.map(wireJSON),
            record.fetchedAt?.timeIntervalSince1970,
            record.callDuration.map(seconds),
            record.lastError?.code, record.lastError?.description, record.lastError?.at.timeIntervalSince1970,
            record.lastCompletionViolation?.code, record.lastCompletionViolation?.description,
            record.lastCompletionViolation?.at.timeIntervalSince1970,
            record.reloadRequestedAt?.timeIntervalSince1970, record.reloadForced,
            schedule.consecutiveFailures, schedule.budget.limit,
            try json(schedule.budget.spent.map(\.timeIntervalSince1970)),
            try schedule.lastCall.map(json),
        ]
        return StatementArguments(values)
    }

    /// The record a row holds, with a problem for each column that could not be read; nil for a
    /// row of a family this widgethost does not know (a newer one wrote it), which no loaded
    /// widget can use.
    static func record(from row: Row) -> (record: TimelineRecord, problems: [RegistryRowProblem])? {
        guard case .string(let kind) = (row["kind"] as DatabaseValue).storage,
              case .string(let familyName) = (row["family"] as DatabaseValue).storage,
              let family = WidgetFamily(rawValue: familyName)
        else { return nil }
        let instance: WidgetInstanceID? = switch (row["instance"] as DatabaseValue).storage {
        case .string(let id) where !id.isEmpty: WidgetInstanceID(rawValue: id)
        default: nil
        }
        var reader = RowReader(row: row, key: TimelineKey(kind: kind, family: family, instance: instance))
        var record = TimelineRecord(
            key: reader.key,
            bundleName: reader.field("bundle_name") { try $0.string("bundle_name") } ?? "",
            bundlePath: reader.field("bundle_path") { try $0.string("bundle_path") } ?? "")
        record.configuration = reader.field("configuration") { try $0.json([String: JSONValue].self, "configuration") }
        record.timeline = reader.field("timeline") { reader in
            try reader.bytes("timeline").map { try ReplyDecoder(limits: CallLimits()).timeline(from: $0) }
        }
        record.fetchedAt = reader.field("fetched_at") { try $0.date("fetched_at") }
        record.callDuration = reader.field("call_duration") { reader in
            try reader.double("call_duration", atLeast: 0).map { Duration.seconds($0) }
        }
        record.lastError = reader.field("last_error") { try $0.recordedError("last_error") }
        record.lastCompletionViolation = reader.field("last_completion_violation") {
            try $0.recordedError("last_completion_violation")
        }
        record.reloadRequestedAt = reader.field("reload_requested_at") { try $0.date("reload_requested_at") }
        let forced = reader.field("reload_forced") { try $0.integer("reload_forced", in: 0...1) }
        if record.reloadRequestedAt != nil {
            record.reloadForced = forced == 1
            record.reloadRequestCount = 1
        }
        record.schedule.consecutiveFailures = reader.field("consecutive_failures") {
            try $0.integer("consecutive_failures", in: 0...Int.max)
        } ?? 0
        let limit = reader.field("budget_limit") { try $0.integer("budget_limit", in: 1...Int.max) }
        let spent = reader.field("budget_spent") { reader in
            try reader.json([Double].self, "budget_spent").map { seconds in
                guard seconds.allSatisfy(\.isFinite) else { throw CellError("a date is not a finite number") }
                return seconds.map(Date.init(timeIntervalSince1970:))
            }
        }
        record.schedule.budget = RefreshBudget(limit: limit ?? RefreshBudget.defaultLimit, spent: spent ?? [])
        record.schedule.lastCall = reader.field("last_call") { try $0.json(CallSummary.self, "last_call") }
        return (record, reader.problems)
    }

    private static func wireJSON(_ timeline: WidgetTimeline) throws -> String {
        let entries = timeline.entries.map { entry in
            EntryPayload(
                date: entry.date.timeIntervalSince1970,
                relevance: entry.relevance.map { RelevancePayload(score: $0.score, duration: $0.duration) },
                content: entry.content,
                view: entry.view?.json)
        }
        let policy: PolicyPayload = switch timeline.policy {
        case .atEnd: .atEnd
        case .never: .never
        case .after(let date): .after(date.timeIntervalSince1970)
        }
        return try json(ProviderReply.timeline(entries, policy: policy))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Why one cell could not be read.
struct CellError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads one row's cells, turning each unreadable field into a problem instead of an error.
private struct RowReader {
    let row: Row
    let key: TimelineKey
    private(set) var problems: [RegistryRowProblem] = []

    init(row: Row, key: TimelineKey) {
        self.row = row
        self.key = key
    }

    /// The field `read` makes, or nil and a problem naming `field` when it throws.
    mutating func field<T>(_ field: String, _ read: (Self) throws -> T?) -> T? {
        do {
            return try read(self)
        } catch {
            problems.append(RegistryRowProblem(key: key, field: field, reason: "\(error)"))
            return nil
        }
    }

    func string(_ column: String) throws -> String? {
        switch (row[column] as DatabaseValue).storage {
        case .null: return nil
        case .string(let text): return text
        default: throw CellError("\(column) is not text")
        }
    }

    /// Text or a blob, as bytes.
    func bytes(_ column: String) throws -> [UInt8]? {
        switch (row[column] as DatabaseValue).storage {
        case .null: return nil
        case .string(let text): return Array(text.utf8)
        case .blob(let data): return Array(data)
        default: throw CellError("\(column) is a number, not JSON")
        }
    }

    func double(_ column: String, atLeast minimum: Double = -.infinity) throws -> Double? {
        let number: Double
        switch (row[column] as DatabaseValue).storage {
        case .null: return nil
        case .int64(let integer): number = Double(integer)
        case .double(let double): number = double
        default: throw CellError("\(column) is not a number")
        }
        guard number.isFinite, number >= minimum else { throw CellError("\(column) is \(number), out of range") }
        return number
    }

    func date(_ column: String) throws -> Date? {
        try double(column).map(Date.init(timeIntervalSince1970:))
    }

    func integer(_ column: String, in range: ClosedRange<Int>) throws -> Int? {
        switch (row[column] as DatabaseValue).storage {
        case .null: return nil
        case .int64(let integer):
            guard let value = Int(exactly: integer), range.contains(value) else {
                throw CellError("\(column) is \(integer), out of range")
            }
            return value
        default: throw CellError("\(column) is not an integer")
        }
    }

    func json<T: Decodable>(_ type: T.Type, _ column: String) throws -> T? {
        guard let bytes = try bytes(column) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw CellError("\(column) is not a valid \(T.self) JSON document")
        }
    }

    /// An error kept as `<prefix>_code`, `_description` and `_at`: all three, or none.
    func recordedError(_ prefix: String) throws -> RecordedError? {
        let code = try string("\(prefix)_code")
        let description = try string("\(prefix)_description")
        let at = try date("\(prefix)_at")
        switch (code, description, at) {
        case (nil, nil, nil): return nil
        case (let code?, let description?, let at?):
            return RecordedError(cause: .restored(code: code, description: description), at: at)
        default: throw CellError("only part of \(prefix) was saved")
        }
    }
}
