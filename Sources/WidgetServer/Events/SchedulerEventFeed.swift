import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetHostJSON

/// Turns the daemon's `SchedulerEvent`s into the stream's events: `entry`, `call`, `error` and
/// `bundle`. Events a client cannot act on (started, stopping…) are not sent.
public struct SchedulerEventFeed: Sendable {
    let hub: EventHub
    let clock: @Sendable () -> Date

    public init(hub: EventHub, clock: @escaping @Sendable () -> Date) {
        self.hub = hub
        self.clock = clock
    }

    public func send(_ event: SchedulerEvent) {
        let at = clock().isoString
        switch event {
        case .entryBecameCurrent(let key, let entry, let index, let count, _):
            publish("entry", EntryEvent(
                at: at, kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue,
                index: index, count: count, entry: EntryJSON(entry)))
        case .called(let key, let call, let next):
            publish("call", CallEvent(
                at: at, kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue,
                call: CallSummaryJSON(call), next: PlannedReloadJSON(next)))
            if case .failed(let code, let message) = call.outcome {
                publish("error", ErrorEvent(
                    at: at, kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue, code: code, message: message))
            }
        case .instancesChanged(let sync):
            publish("instances", InstancesEvent(
                at: at, added: sync.added.compactMap(\.instance?.rawValue),
                reconfigured: sync.reconfigured.compactMap(\.instance?.rawValue),
                removed: sync.removed.compactMap(\.instance?.rawValue)))
        case .bundleChanged(let path, let kinds):
            publish("bundle", BundleEvent(at: at, path: path, kinds: kinds, removed: false))
        case .bundleRemoved(let path, let kinds):
            publish("bundle", BundleEvent(at: at, path: path, kinds: kinds, removed: true))
        case .restoreProblem(let problem):
            publish("error", ErrorEvent(at: at, kind: nil, family: nil, instance: nil, code: "restoreProblem", message: "\(problem)"))
        case .persistenceFailed(let error):
            publish("error", ErrorEvent(at: at, kind: nil, family: nil, instance: nil, code: "persistenceFailed", message: "\(error)"))
        case .storeFailed(let error):
            publish("error", ErrorEvent(at: at, kind: nil, family: nil, instance: nil, code: "storeFailed", message: "\(error)"))
        case .dataFolderNotPrivate(let warning):
            publish("error", ErrorEvent(
                at: at, kind: nil, family: nil, instance: nil, code: "dataFolderNotPrivate", message: "\(warning)"))
        case .intentViolation(let violation, let key):
            publish("error", ErrorEvent(
                at: at, kind: key?.kind ?? violation.kind, family: key?.family.rawValue, instance: key?.instance?.rawValue,
                code: RecordedError(cause: .intentCompletion(violation), at: clock()).code, message: violation.description))
        case .started, .requestsReceived, .stopping, .stopped:
            break
        }
    }

    private func publish(_ name: String, _ payload: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(payload), let line = String(data: data, encoding: .utf8) else { return }
        hub.publish(name: name, data: line)
    }
}

private struct EntryEvent: Encodable {
    let at: String, kind: String, family: String, instance: String?, index: Int, count: Int, entry: EntryJSON
}

private struct CallEvent: Encodable {
    let at: String, kind: String, family: String, instance: String?, call: CallSummaryJSON, next: PlannedReloadJSON
}

private struct ErrorEvent: Encodable {
    let at: String, kind: String?, family: String?, instance: String?, code: String, message: String
}

/// `removed`: the file went (its kinds are no longer offered); else it was rebuilt.
private struct BundleEvent: Encodable {
    let at: String, path: String, kinds: [String], removed: Bool
}

private struct InstancesEvent: Encodable {
    let at: String, added: [String], reconfigured: [String], removed: [String]
}
