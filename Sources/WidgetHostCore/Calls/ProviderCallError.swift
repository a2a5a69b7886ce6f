import WidgetPayload
/// Why a provider call produced no usable answer.
public enum ProviderCallError: Error, Sendable, Hashable, CustomStringConvertible {
    case timedOut(seconds: Double)
    /// A placeholder returned without calling its completion.
    case returnedWithoutCompleting
    case payloadTooLarge(bytes: Int, limit: Int)
    /// Not JSON, or JSON of the wrong shape.
    case malformedPayload(detail: String)
    case unsupportedPayloadVersion(found: Int, supported: Int)
    /// The payload lacks a member this call needs ("entry", "entries", "policy").
    case missingMember(String)
    /// The provider answered with an error payload.
    case providerFailed(message: String)
    /// The provider failed because the configuration names a value its query no longer
    /// offers (an entity `entities(for:)` no longer finds): the instance keeps its last good
    /// timeline until someone picks another value.
    case unavailableValue(UnavailableValue, message: String)
    case invalidTimeline(TimelineProblem)
    /// The bundle's worker process crashed, exited, hung or broke the protocol.
    case worker(WorkerFailure)

    public var code: String {
        switch self {
        case .timedOut: "timedOut"
        case .returnedWithoutCompleting: "returnedWithoutCompleting"
        case .payloadTooLarge: "payloadTooLarge"
        case .malformedPayload: "malformedPayload"
        case .unsupportedPayloadVersion: "unsupportedPayloadVersion"
        case .missingMember: "missingMember"
        case .providerFailed: "providerFailed"
        case .unavailableValue: "unavailableValue"
        case .invalidTimeline: "invalidTimeline"
        case .worker(let failure): failure.code
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let seconds):
            "no answer within \(seconds.formatted()) s; the provider must call its completion exactly once, promptly"
        case .returnedWithoutCompleting:
            "placeholder returned without calling its completion; it must complete before returning"
        case .payloadTooLarge(let bytes, let limit):
            "the payload is \(bytes) bytes, over the \(limit)-byte limit; send fewer or smaller entries"
        case .malformedPayload(let detail):
            "the payload is not valid payload JSON (\(detail)); see sdk payload.h for its shape"
        case .unsupportedPayloadVersion(let found, let supported):
            "the payload is version \(found), but this host reads up to version \(supported); rebuild the bundle against this host's SDK"
        case .missingMember(let member):
            "the payload has no \"\(member)\"; see payload.h for what this call must send"
        case .providerFailed(let message):
            "the provider reported an error: \(message)"
        case .unavailableValue(let unavailable, let message):
            "parameter '\(unavailable.parameter)' is set to '\(unavailable.value)', which its bundle no longer offers "
                + "(\(message)); pick another value in Edit Widget or `widgethost instances configure`"
        case .invalidTimeline(let problem):
            "invalid timeline: \(problem)"
        case .worker(let failure):
            failure.description
        }
    }
}

/// What is wrong with a timeline or an entry.
public enum TimelineProblem: Sendable, Hashable, CustomStringConvertible {
    case tooManyEntries(count: Int, limit: Int)
    case nonFiniteDate(index: Int)
    case outOfOrder(index: Int)
    case invalidRelevance(index: Int)
    case nonFinitePolicyDate
    /// A date outside years 1 to 9999 (`SupportedDates`), in seconds since 1970.
    case dateOutOfRange(index: Int, seconds: Double)
    case policyDateOutOfRange(seconds: Double)

    public var description: String {
        switch self {
        case .tooManyEntries(let count, let limit):
            "it has \(count) entries, over the limit of \(limit)"
        case .nonFiniteDate(let index):
            "entry \(index) has a date that is not a finite number"
        case .outOfOrder(let index):
            "entry \(index) is dated before entry \(index - 1); sort entries by date"
        case .invalidRelevance(let index):
            "entry \(index) has a relevance whose score is not finite or whose duration is negative"
        case .nonFinitePolicyDate:
            "the policy's date is not a finite number"
        case .dateOutOfRange(let index, let seconds):
            "entry \(index)'s date (\(seconds) seconds since 1970) is outside \(SupportedDates.summary)"
        case .policyDateOutOfRange(let seconds):
            "the policy's date (\(seconds) seconds since 1970) is outside \(SupportedDates.summary)"
        }
    }
}
