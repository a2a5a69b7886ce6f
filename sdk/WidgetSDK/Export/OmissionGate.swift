import Synchronization
import WidgetPayload

/// One call's answer, for a provider that may turn out to implement neither form of the method
/// (`ProviderOmission`): the omission is answered at once, as an error naming the provider and
/// the method to write, and the stand-in value that unwinds the defaults afterwards is dropped.
final class OmissionGate: Sendable {
    private let reply: ExportedWidget.Reply
    private let omission = Mutex(false)

    init(_ reply: @escaping ExportedWidget.Reply) {
        self.reply = reply
    }

    /// The reporter installed around the call.
    var omitted: @Sendable (ProviderOmission.Report) -> Void {
        { [self] report in
            let first = omission.withLock { omitted in
                defer { omitted = true }
                return !omitted
            }
            if first { reply(.failure(report.description)) }
        }
    }

    /// The provider's completion: passed on unless the call was already answered as an omission.
    func answer(_ value: ProviderReply) {
        guard !omission.withLock({ $0 }) else { return }
        reply(value)
    }
}
