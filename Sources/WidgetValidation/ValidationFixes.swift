import Foundation
import WidgetHostCore
import WidgetPayload

/// What went wrong in a provider call, and what to change, each in one short line: the
/// validator's wording of `ProviderCallError` and `WorkerFailure` for a bundle's author.
enum ValidationFixes {
    // MARK: Provider calls

    static func problem(_ error: ProviderCallError) -> String {
        switch error {
        case .timedOut(let seconds):
            "no answer within \(seconds.formatted()) s (timeout)"
        case .returnedWithoutCompleting:
            "returned without calling its completion"
        case .payloadTooLarge(let bytes, let limit):
            "the payload is too large: \(bytes) bytes, over the \(limit)-byte limit"
        case .malformedPayload(let detail):
            "the payload is not valid payload JSON (\(detail))"
        case .unsupportedPayloadVersion(let found, let supported):
            "the payload is version \(found), but this host reads up to version \(supported)"
        case .missingMember(let member):
            "the payload has no \"\(member)\""
        case .providerFailed(let message):
            "the provider answered with an error: \(message)"
        case .unavailableValue(let unavailable, _):
            "the configuration's \(unavailable.parameter) '\(unavailable.value)' is one its entity query no longer finds"
        case .invalidTimeline(let problem):
            Self.problem(problem)
        case .worker(let failure):
            Self.problem(failure)
        }
    }

    static func fix(_ error: ProviderCallError, call: ProviderCall, limits: CallLimits) -> String {
        switch error {
        case .timedOut:
            "call the completion exactly once on every path, within \(limits.timeout(for: call).formatted()) s; if the data is not ready, complete with what you have (or an error payload) and ask for a reload later"
        case .returnedWithoutCompleting:
            "call the placeholder's completion before returning, with sample data: no I/O, no waiting, no other thread"
        case .payloadTooLarge(_, let limit):
            "keep the payload under \(limit) bytes: send fewer or smaller entries (names of images, not their data)"
        case .malformedPayload:
            "answer with the JSON payload.h describes ({\"version\":1,\"entries\":[...],\"policy\":{...}}); the SDK's encoder writes it"
        case .unsupportedPayloadVersion(_, let supported):
            "rebuild the bundle against this host's SDK, which writes payload version \(supported)"
        case .missingMember(let member):
            "include \"\(member)\" in the payload: see payload.h for what each call sends"
        case .providerFailed:
            "answer with data on a fresh install too (empty App Group store, no network): fall back to placeholder content rather than an error"
        case .unavailableValue:
            "configure the widget with a value the query's suggestedEntities() offers; a saved one the app removed fails as on iOS until another is picked"
        case .invalidTimeline(let problem):
            fix(problem, limits: limits)
        case .worker(let failure):
            fix(failure)
        }
    }

    static func problem(_ problem: TimelineProblem) -> String {
        switch problem {
        case .tooManyEntries(let count, let limit):
            "too many entries: \(count), over the limit of \(limit)"
        case .nonFiniteDate(let index):
            "entry \(index) has a date that is not a finite number"
        case .outOfOrder(let index):
            "entries out of order: entry \(index) is dated before entry \(index - 1)"
        case .invalidRelevance(let index):
            "entry \(index) has a relevance whose score is not finite or whose duration is negative"
        case .nonFinitePolicyDate:
            "the reload policy's date is not a finite number"
        case .dateOutOfRange, .policyDateOutOfRange:
            problem.description
        }
    }

    static func fix(_ problem: TimelineProblem, limits: CallLimits) -> String {
        switch problem {
        case .tooManyEntries:
            "send at most \(limits.maxEntries) entries, and a reload policy that asks for the next ones when they run out"
        case .nonFiniteDate:
            "date every entry with a finite number of seconds since 1970"
        case .outOfOrder:
            "sort the entries by date, earliest first"
        case .invalidRelevance:
            "give relevance a finite score and a duration of zero or more seconds"
        case .nonFinitePolicyDate:
            "give the .after policy a finite date, in seconds since 1970"
        case .dateOutOfRange, .policyDateOutOfRange:
            "give dates in seconds since 1970 (not milliseconds), in \(SupportedDates.summary)"
        }
    }

    // MARK: Workers

    static func problem(_ failure: WorkerFailure) -> String {
        switch failure {
        case .crashed(let signal):
            "the worker crashed with signal \(signal) (\(WorkerFailure.signalName(signal)))"
        case .exited(let status):
            "the worker exited with status \(status)"
        case .timedOut(let seconds):
            "the worker stopped answering and was killed after \(seconds.formatted()) s"
        case .protocolError(let detail):
            "the worker broke the protocol (\(detail))"
        case .spawnFailed(let reason):
            "the worker could not be started (\(reason))"
        case .restarting(_, let after):
            "the worker was still waiting to restart after: \(after)"
        }
    }

    static func fix(_ failure: WorkerFailure) -> String {
        switch failure {
        case .crashed(let signal) where signal == SIGKILL || signal == SIGXCPU:
            "stay within the worker's memory and CPU limits (--worker-memory, --worker-cpu): a provider must not allocate or spin without bound"
        case .crashed:
            "fix the crash: run the call under a debugger with `widgethost timeline KIND --isolation in-process --bundles DIR`"
        case .exited:
            "never call exit() from a bundle: answer with an error payload instead"
        case .timedOut:
            "return from every provider promptly: do slow work on another thread and complete from there"
        case .protocolError:
            "do not write to, read from or close file descriptors the bundle did not open"
        case .spawnFailed:
            "install widgethost-worker beside widgethost, or set WIDGETHOST_WORKER"
        case .restarting:
            "fix the earlier failure this one follows"
        }
    }

    /// Whether the failure is the worker dying (what `survives` reports), not a consequence of an
    /// earlier death or of the environment.
    static func isDeath(_ failure: WorkerFailure) -> Bool {
        switch failure {
        case .crashed, .exited, .timedOut, .protocolError: true
        case .spawnFailed, .restarting: false
        }
    }

    // MARK: Text

    /// `first` and a count of the rest, on one line.
    static func summary(_ problems: [String]) -> String {
        guard let first = problems.first else { return "" }
        let more = problems.count - 1
        return more == 0 ? first : "\(first) (and \(more) more)"
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        return "\(Int(milliseconds.rounded())) ms"
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
