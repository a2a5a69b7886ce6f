import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

/// One line per daemon event: readable text, or one JSON object per line for tools.
enum EventLog {
    static func line(_ event: SchedulerEvent, at now: Date, format: OutputFormat) -> String? {
        switch format {
        case .text: text(event, at: now)
        case .json: json(event, at: now)
        }
    }

    static func text(_ event: SchedulerEvent, at now: Date) -> String? {
        let stamp = now.isoString
        switch event {
        case .started(let restored):
            return "\(stamp)  started   restored \(restored) record(s) from the registry database"
        case .called(let key, let call, let next):
            let result = switch call.outcome {
            case .succeeded(let entries): "ok, \(entries) entr\(entries == 1 ? "y" : "ies")"
            case .failed(let code, let message): "FAILED \(code): \(message)"
            }
            let label = call.succeeded ? "call    " : "error   "
            return "\(stamp)  \(label)  \(key.label)  \(call.cause.rawValue)  \(result) in \(milliseconds(call.duration))  → next \(describe(next))"
        case .entryBecameCurrent(let key, let entry, let index, let count, _):
            return "\(stamp)  entry     \(key.label)  entry \(index + 1) of \(count), dated \(entry.date.isoString), is current"
        case .requestsReceived(let requests):
            return requests.map { request in
                let scope = switch request.scope {
                case .kind(let kind): kind
                case .allKinds: "every kind"
                case .widget(let kind, let family, let instance): TimelineKey(kind: kind, family: family, instance: instance).label
                }
                return "\(stamp)  request   \(scope) from \(request.source)\(request.forced ? " (forced)" : "")"
            }.joined(separator: "\n")
        case .restoreProblem(let problem):
            return "\(stamp)  warning   \(problem); it will be fetched afresh"
        case .persistenceFailed(let error):
            return "\(stamp)  error     registry database: \(error)"
        case .storeFailed(let error):
            return "\(stamp)  error     shared store: \(error)"
        case .dataFolderNotPrivate(let warning):
            return "\(stamp)  warning   \(warning)"
        case .intentViolation(let violation, let key):
            return "\(stamp)  error     \(key?.label ?? violation.kind)  \(violation)"
        case .instancesChanged(let sync):
            return "\(stamp)  instances \(InstanceSyncText(sync))"
        case .bundleChanged(let path, let kinds):
            return "\(stamp)  changed   \(path) was rebuilt; reloading \(kinds.joined(separator: ", ")) with the new code"
        case .bundleRemoved(let path, let kinds):
            return "\(stamp)  removed   \(path) was removed; its kinds (\(kinds.joined(separator: ", "))) keep their last entries until it is back"
        case .stopping(let inFlight):
            return "\(stamp)  stopping  waiting for \(inFlight) call(s) under way"
        case .stopped:
            return "\(stamp)  stopped   registry saved"
        }
    }

    static func describe(_ next: PlannedReload) -> String {
        guard let date = next.date else { return "never (policy .never; only a request reloads it)" }
        return "\(date.isoString) (\(next.reason))"
    }

    static func milliseconds(_ seconds: TimeInterval) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }

    private static func json(_ event: SchedulerEvent, at now: Date) -> String? {
        let object = EventJSON(event, at: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)).flatMap { String(data: $0, encoding: .utf8) }
    }
}

/// `run --format json`: one of these per line.
private struct EventJSON: Encodable {
    let at: String
    let event: String
    var kind: String?
    var family: String?
    var instance: String?
    var call: CallSummaryJSON?
    var next: PlannedReloadJSON?
    var entry: EntryJSON?
    var requests: [ReloadRequestJSON]?
    var message: String?

    init(_ event: SchedulerEvent, at now: Date) {
        at = now.isoString
        switch event {
        case .started(let restored):
            self.event = "started"
            message = "restored \(restored) record(s)"
        case .called(let key, let summary, let planned):
            self.event = "call"
            (kind, family, instance, call, next) = (
                key.kind, key.family.rawValue, key.instance?.rawValue, CallSummaryJSON(summary), PlannedReloadJSON(planned))
        case .entryBecameCurrent(let key, let current, _, _, _):
            self.event = "entry"
            (kind, family, instance, entry) = (key.kind, key.family.rawValue, key.instance?.rawValue, EntryJSON(current))
        case .requestsReceived(let received):
            self.event = "request"
            requests = received.map(ReloadRequestJSON.init)
        case .restoreProblem(let problem):
            self.event = "restoreProblem"
            (kind, family, message) = (problem.key.kind, problem.key.family.rawValue, problem.description)
        case .persistenceFailed(let error):
            self.event = "error"
            message = error.description
        case .storeFailed(let error):
            self.event = "error"
            message = error.description
        case .dataFolderNotPrivate(let warning):
            self.event = "warning"
            message = warning.description
        case .intentViolation(let violation, let key):
            self.event = "error"
            (kind, family, instance, message) = (
                key?.kind ?? violation.kind, key?.family.rawValue, key?.instance?.rawValue, violation.description)
        case .instancesChanged(let sync):
            self.event = "instances"
            message = InstanceSyncText(sync).description
        case .bundleChanged(let path, let kinds):
            self.event = "bundleChanged"
            message = "\(path) was rebuilt; reloading \(kinds.joined(separator: ", "))"
        case .bundleRemoved(let path, let kinds):
            self.event = "bundleRemoved"
            message = "\(path) was removed; its kinds (\(kinds.joined(separator: ", "))) keep their last entries until it is back"
        case .stopping(let inFlight):
            self.event = "stopping"
            message = "\(inFlight) call(s) under way"
        case .stopped:
            self.event = "stopped"
        }
    }
}

/// What changed among the instances, in a few words.
private struct InstanceSyncText: CustomStringConvertible {
    let sync: InstanceSync
    init(_ sync: InstanceSync) { self.sync = sync }

    var description: String {
        var parts: [String] = []
        func add(_ label: String, _ keys: [TimelineKey]) {
            if !keys.isEmpty { parts.append("\(label) \(keys.map(\.label).joined(separator: ", "))") }
        }
        add("added", sync.added)
        add("reconfigured", sync.reconfigured)
        add("removed", sync.removed)
        if !sync.unavailable.isEmpty {
            parts.append("unavailable (kind not loaded) " + sync.unavailable.map { "\($0.kind)#\($0.id)" }.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }
}
