import Foundation
import WidgetPayload
import WidgetHostCore

/// What the host sends a worker.
public enum HostMessage: Sendable, Hashable, Codable {
    case call(WorkerCallRequest)
    /// Ask the bundle for an entity parameter's options; answered by a `result` like a call.
    case entityOptions(WorkerEntityOptionsRequest)
    /// Perform one of the bundle's intents (ABI 1.4); answered by a `result` like a call.
    case perform(WorkerPerformRequest)
    /// Ask the bundle for a kind's previews (ABI 1.6); answered by a `result` like a call.
    case previews(WorkerPreviewsRequest)
    /// Ask an entity parameter's query for particular entities (ABI 1.7); answered by a
    /// `result` like a call.
    case entityQuery(WorkerEntityQueryRequest)
    /// The answer to the worker's `defaults` request `id`.
    case defaultsAnswer(id: UInt64, reply: DefaultsReply)
    /// Exit now; calls under way are abandoned (the host has stopped waiting for them).
    case shutdown
}

/// What a worker sends the host.
public enum WorkerMessage: Sendable, Hashable, Codable {
    /// First, always; `sandbox` says what the worker enforced before it opened the bundle.
    case hello(protocolVersion: Int, pid: Int32, sandbox: WorkerSandboxStatus?)
    case scanned(WorkerScanReport)
    /// The answer to one call or entity options request; when `outcome` is `.completed`, the frame's body is the payload.
    case result(WorkerCallResult)
    /// The bundle logged through its host services.
    case log(level: BundleLogLevel, message: String)
    /// The bundle asked for reloads of its own kinds.
    case reloadRequested(kinds: [String])
    /// A completion came twice, or late.
    case violation(kind: String, family: WidgetFamily, violation: CompletionViolation)
    /// A perform's completion came twice, or late.
    case intentViolation(IntentCompletionViolation)
    /// The bundle made a shared-defaults call (`defaults.h`) in `group`: only the host opens the
    /// store, and it checks the group against the bundle's declaration. Answered by `defaultsAnswer`.
    case defaults(id: UInt64, group: String, request: DefaultsRequest)
}

/// One provider call, as the host asks the worker to make it.
public struct WorkerCallRequest: Sendable, Hashable, Codable {
    /// The host's number for the call; the result carries it back.
    public let id: UInt64
    public let call: ProviderCall
    public let kind: String
    public let family: WidgetFamily
    public let displayWidth: Double
    public let displayHeight: Double
    public let isPreview: Bool
    /// The clock the provider sees, seconds since 1970.
    public let now: Double
    /// The instance's configuration (`CallContext.configuration`), already validated by the
    /// host; absent for a static kind or a call that keeps every default.
    public let configuration: [String: JSONValue]?

    public init(id: UInt64, call: ProviderCall, kind: String, context: CallContext) {
        self.id = id
        self.call = call
        self.kind = kind
        family = context.family
        displayWidth = context.displayWidth
        displayHeight = context.displayHeight
        isPreview = context.isPreview
        now = context.now.timeIntervalSince1970
        configuration = context.configuration
    }

    /// The context the provider is called with.
    public var context: CallContext {
        var context = CallContext(
            family: family, isPreview: isPreview, now: Date(timeIntervalSince1970: now), configuration: configuration)
        context.displayWidth = displayWidth
        context.displayHeight = displayHeight
        return context
    }
}

/// An entity parameter's options, as the host asks the worker for them
/// (`wk_widget_t.entity_options`). The host checked the parameter against the kind's schema.
public struct WorkerEntityOptionsRequest: Sendable, Hashable, Codable {
    /// The host's number for the request, from the same count as calls; the result carries it back.
    public let id: UInt64
    public let kind: String
    public let parameter: String

    public init(id: UInt64, kind: String, parameter: String) {
        self.id = id
        self.kind = kind
        self.parameter = parameter
    }
}

/// An entity parameter's query asked for particular entities, as the host asks the worker
/// (`wk_widget_t.entity_query`). The host checked the parameter against the kind's schema.
public struct WorkerEntityQueryRequest: Sendable, Hashable, Codable {
    /// The host's number for the request, from the same count as calls; the result carries it back.
    public let id: UInt64
    public let kind: String
    public let query: EntityQueryRequest

    public init(id: UInt64, kind: String, query: EntityQueryRequest) {
        self.id = id
        self.kind = kind
        self.query = query
    }
}

/// A kind's previews in a family, as the host asks the worker for them (`wk_widget_t.previews`).
public struct WorkerPreviewsRequest: Sendable, Hashable, Codable {
    /// The host's number for the request, from the same count as calls; the result carries it back.
    public let id: UInt64
    public let kind: String
    public let context: CallContext

    public init(id: UInt64, kind: String, context: CallContext) {
        self.id = id
        self.kind = kind
        self.context = context
    }
}

/// One intent's perform, as the host asks the worker to run it (`wk_bundle_t.perform`). The
/// host checked the intent and its parameters against the bundle's declarations.
public struct WorkerPerformRequest: Sendable, Hashable, Codable {
    /// The host's number for the request, from the same count as calls; the result carries it back.
    public let id: UInt64
    /// The kind the perform is for: its bundle, this worker's, performs it.
    public let kind: String
    public let intent: String
    /// The intent's parameter values, every default filled in.
    public let parameters: [String: JSONValue]

    public init(id: UInt64, kind: String, intent: String, parameters: [String: JSONValue]) {
        self.id = id
        self.kind = kind
        self.intent = intent
        self.parameters = parameters
    }
}

/// How one call ended in the worker: the in-process outcomes, nothing more.
public struct WorkerCallResult: Sendable, Hashable, Codable {
    public enum Outcome: Sendable, Hashable, Codable {
        /// The payload is the frame's body.
        case completed
        case payloadTooLarge(bytes: Int)
        case timedOut
        case returnedWithoutCompleting
    }

    public let id: UInt64
    public let outcome: Outcome
    /// How long the provider took, inside the worker.
    public let nanoseconds: Int64

    public init(id: UInt64, outcome: Outcome, nanoseconds: Int64) {
        self.id = id
        self.outcome = outcome
        self.nanoseconds = nanoseconds
    }
}

/// What the worker found in its bundle file: `BundleReport` without the parts that cannot cross
/// a process boundary (the provider functions).
public struct WorkerScanReport: Sendable, Hashable, Codable {
    public let status: BundleReport.Status
    public let bundle: ScannedBundle?
    public let error: BundleLoadError?

    public init(status: BundleReport.Status, bundle: ScannedBundle?, error: BundleLoadError?) {
        self.status = status
        self.bundle = bundle
        self.error = error
    }
}

public struct ScannedBundle: Sendable, Hashable, Codable {
    public let name: String
    public let version: String
    public let abiVersion: ABIVersion
    public let appGroups: [String]
    public let widgets: [ScannedWidget]
    /// `wk_bundle_t.sdk_version` (ABI 1.2); nil from older bundles and older caches.
    public let sdkVersion: String?
    /// `wk_bundle_t.intents_json` (ABI 1.4) as the worker read it; absent when the bundle
    /// declares none and from scans cached before 1.4.
    public let intents: JSONValue?
    /// `LoadedBundle.usesNetwork` (ABI 1.5's `sandbox_flags`); nil from scans cached before it,
    /// which means true.
    public let usesNetwork: Bool?

    public init(
        name: String, version: String, abiVersion: ABIVersion, appGroups: [String], widgets: [ScannedWidget],
        sdkVersion: String? = nil, intents: JSONValue? = nil, usesNetwork: Bool? = nil
    ) {
        self.intents = intents
        self.usesNetwork = usesNetwork
        self.name = name
        self.version = version
        self.abiVersion = abiVersion
        self.appGroups = appGroups
        self.widgets = widgets
        self.sdkVersion = sdkVersion
    }
}

public struct ScannedWidget: Sendable, Hashable, Codable {
    public let kind: String
    public let displayName: String
    public let description: String
    public let families: [WidgetFamily]
    /// A configurable kind's schema (ABI 1.3), as the worker read it; absent for a static kind
    /// and from scans cached before 1.3.
    public let configurationSchema: JSONValue?

    public init(
        kind: String, displayName: String, description: String, families: [WidgetFamily],
        configurationSchema: JSONValue? = nil
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.families = families
        self.configurationSchema = configurationSchema
    }
}
