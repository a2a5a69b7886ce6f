import Foundation
import WidgetHostCore

/// One provider call the validator made through a `BundleHost`, and how it ended.
struct CallRecord: Sendable {
    enum Outcome: Sendable {
        /// The payload decoded and validated; `entries` for a timeline.
        case answered(entries: Int?)
        case failed(ProviderCallError)
        /// The host would not make the call (it cannot, for a kind it just loaded).
        case refused(String)
        /// Not made: the same call of the kind timed out in another family first.
        case notTried
    }

    let key: TimelineKey
    let call: ProviderCall
    let outcome: Outcome
    let elapsed: Duration

    var isAnswered: Bool {
        if case .answered = outcome { true } else { false }
    }

    var timedOut: Bool {
        if case .failed(.timedOut) = outcome { true } else { false }
    }

    /// Whether the provider called its completion, whatever it sent.
    var completed: Bool {
        switch outcome {
        case .answered: true
        case .failed(.timedOut), .failed(.returnedWithoutCompleting), .failed(.worker): false
        case .failed: true
        case .refused, .notTried: false
        }
    }

    var workerFailure: WorkerFailure? {
        if case .failed(.worker(let failure)) = outcome { failure } else { nil }
    }

    /// "placeholder of Kind (family)", or for timelines just "Kind (family)".
    var label: String {
        call == .timeline ? key.description : "\(call.rawValue) of \(key)"
    }
}
