/// Notices a `TimelineProvider` that implements neither form of `getSnapshot`/`snapshot` or of
/// `getTimeline`/`timeline`, whose defaults would otherwise call each other for ever.
///
/// The default async form marks, in a task-local value, that it is forwarding for its provider
/// type; the default completion form, called under that mark for the same type, knows that
/// neither form was written. (Only the defaults of one type ever run under its mark, so a
/// provider that writes either form is never mistaken.) It reports the omission to whoever
/// installed a reporter — the export layer, which answers the host's call with an error payload
/// at once — and unwinds with a stand-in value.
public enum ProviderOmission {
    /// The pair of methods a provider left unwritten.
    public enum Method: Sendable, Hashable {
        case snapshot, timeline
    }

    /// What a provider must write, and why the call failed.
    public struct Report: Error, Sendable, Hashable, CustomStringConvertible {
        public let provider: String
        public let method: Method

        public var description: String {
            switch method {
            case .snapshot:
                "\(provider) implements neither getSnapshot(in:completion:) nor snapshot(in:) async; write one of them"
            case .timeline:
                "\(provider) implements neither getTimeline(in:completion:) nor timeline(in:) async; write one of them"
            }
        }
    }

    private struct Mark: Sendable, Equatable {
        let method: Method
        let provider: ObjectIdentifier
    }

    @TaskLocal private static var mark: Mark?

    /// Receives a report; installed around a call by the export layer.
    struct Reporter: Sendable {
        let receive: @Sendable (Report) -> Void
    }

    // A struct, not an optional function: a task-local whose value is an optional function
    // type crashes in `withValue` (swift_task_localValuePush) when optimised (Swift 6.3,
    // -O; reproduced outside this project), and every release-built bundle's timeline with it.
    @TaskLocal static var reporter: Reporter?

    static func forwarding<Value>(
        _ method: Method, _ provider: Any.Type, _ body: () async -> Value
    ) async -> Value {
        await $mark.withValue(Mark(method: method, provider: ObjectIdentifier(provider)), operation: body)
    }

    static func isForwarding(_ method: Method, _ provider: Any.Type) -> Bool {
        mark == Mark(method: method, provider: ObjectIdentifier(provider))
    }

    static func report(_ method: Method, _ provider: Any.Type) {
        let report = Report(provider: String(describing: provider), method: method)
        if let reporter { reporter.receive(report) } else { standardError("widgethost: \(report)") }
    }
}
