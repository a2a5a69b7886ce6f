import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

// The JSON the CLI prints. Other tools rely on these shapes; add fields, never rename them. The
// shapes the server serves too (KindJSON, EntryJSON, …) are in WidgetHostJSON.

struct SingleEntryJSON: Encodable {
    let kind: String
    let family: String
    /// Absent unless called as an instance (`--instance`).
    let instance: String?
    /// The configuration the provider was called with; absent for a static kind's call.
    let configuration: [String: JSONValue]?
    let entry: EntryJSON
}

struct TimelineJSON: Encodable {
    let kind: String
    let family: String
    /// Absent unless called as an instance (`--instance`).
    let instance: String?
    /// The configuration the provider was called with; absent for a static kind's call.
    let configuration: [String: JSONValue]?
    let entries: [EntryJSON]
    let policy: PolicyJSON
    /// Set with `--at`: encoded as the entry or null; absent otherwise.
    let current: EntryJSON??

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encodeIfPresent(instance, forKey: .instance)
        try container.encodeIfPresent(configuration, forKey: .configuration)
        try container.encode(entries, forKey: .entries)
        try container.encode(policy, forKey: .policy)
        if let current { try container.encode(current, forKey: .current) }
    }

    private enum CodingKeys: String, CodingKey { case kind, family, instance, configuration, entries, policy, current }
}

struct BundleJSON: Encodable {
    let path: String
    let origin: String
    let status: String
    @ExplicitNull var name: String?
    @ExplicitNull var version: String?
    @ExplicitNull var abiVersion: String?
    /// The SDK that built the bundle (ABI 1.2's `sdk_version`); null when it does not say.
    @ExplicitNull var sdkVersion: String?
    let kinds: [String]
    /// The App Groups the bundle declared (empty unless loaded).
    let appGroups: [String]
    /// The intents the bundle performs (ABI 1.4's `intents_json`), as it declares them: name,
    /// title, parameters. Empty unless loaded, and for a bundle that declares none.
    let intents: JSONValue
    /// The sandbox its worker runs under; null in process (unsandboxed) and when not loaded.
    @ExplicitNull var sandbox: BundleSandbox?
    @ExplicitNull var error: String?
    let errors: [IssueJSON]

    init(_ report: BundleReport) {
        path = report.path
        origin = report.origin.rawValue
        status = report.status.rawValue
        name = report.bundle?.name
        version = report.bundle?.version
        abiVersion = report.abiVersion?.description
        sdkVersion = report.bundle?.sdkVersion
        kinds = report.kinds
        appGroups = report.bundle?.appGroups.map(\.rawValue) ?? []
        intents = IntentDeclaration.jsonValue(of: report.bundle?.intents ?? [])
        sandbox = report.sandbox
        error = report.issues.isEmpty ? nil : report.issues.map(\.description).joined(separator: "\n")
        errors = report.issues.map { IssueJSON(code: $0.code, message: $0.description) }
    }
}

struct IssueJSON: Encodable {
    let code: String
    let message: String
}

struct RecordJSON: Encodable {
    let kind: String
    let family: String
    let bundle: String
    let entries: [EntryJSON]
    let policy: PolicyJSON?
    let fetchedAt: String?
    let durationMilliseconds: Double?
    let error: String?

    init(_ record: TimelineRecord) {
        kind = record.key.kind
        family = record.key.family.rawValue
        bundle = record.bundleName
        entries = record.timeline?.entries.map(EntryJSON.init) ?? []
        policy = record.timeline.map { PolicyJSON($0.policy) }
        fetchedAt = record.fetchedAt?.isoString
        durationMilliseconds = record.callDuration?.milliseconds
        error = record.lastError?.description
    }
}

struct RefreshJSON: Encodable {
    let kinds: [KindJSON]
    let timelines: [RecordJSON]
    /// Requests recorded in the store while no host ran, honoured by this run.
    let honouredReloadRequests: [ReloadRequestJSON]
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}

enum JSONOutput {
    /// `value` pretty-printed, keys sorted, slashes as they are: what `JSONEncoder` with those
    /// options writes, in a third of its time (`simulate` of a thousand bundles prints 128,000
    /// calls; BENCHMARKS.md, "Speed II").
    static func print(_ value: some Encodable) throws {
        Swift.print(String(decoding: try JSONWriter.prettyBytes(of: JSONValueEncoder.roundTrip.encode(value)), as: UTF8.self))
    }
}
