import Foundation
import Hummingbird
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

/// `POST /v1/instances/{id}/actions` and `POST /v1/widgets/{kind}/{family}/actions`: perform one
/// of the bundle's intents for that widget (what a click on a `Button(intent:)` does), then
/// reload every timeline of its kind (each family, each instance) once, at once and outside the
/// budget, as a forced `reload KIND` does: the intent changed what all of them show. The intent and its parameters are
/// checked against the bundle's declaration before the bundle is called; a failed perform is
/// answered with its typed error and reloads nothing. Under the token and same-origin rules of
/// every change.
struct ActionRoutes: Sendable {
    let host: BundleHost
    let hub: EventHub
    let maximumBodySize: Int
    let bodyTimeout: Duration

    func add(to router: Router<BasicRequestContext>) {
        router.postToWidget("actions", host: host) { request, key in try await perform(request, on: key) }
    }

    private func perform(_ request: Request, on key: TimelineKey) async throws -> Response {
        let buffer = try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body)
        let body: ActionBody
        do {
            body = try JSONDecoder().decode(ActionBody.self, from: Data(buffer: buffer))
        } catch {
            throw APIError(.badRequest, code: "badBody", #"expected {"intent": "NAME", "parameters": {"NAME": VALUE}}: \#(error)"#)
        }
        do throws(HostCallError) {
            try await host.perform(kind: key.kind, intent: body.intent, parameters: body.parameters ?? [:], for: key)
        } catch {
            switch error {
            case .intentRefused: throw APIError(.unprocessableContent, code: "intentRefused", error.description)
            case .performFailed:
                // Recorded as the widget's last error by `perform`; clients hear of it at once.
                publishError(key, code: "performFailed", message: error.description)
                throw APIError(.badGateway, code: "performFailed", error.description)
            default: throw APIError(.badRequest, code: "unknownWidget", error.description)
            }
        }
        // The registry's kind-wide mark, the one a store request for the kind makes.
        let reloads = host.registry.recordReloadRequest(kinds: [key.kind], at: host.clock.now, forced: true)
        // Until its new timeline arrives (a `call` event), each widget shows what the intent
        // has just made out of date: clients mark it pending.
        for reloaded in reloads { publishPending(reloaded, intent: body.intent) }
        return try json(ActionAnswer(
            kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue, intent: body.intent,
            performed: true, reloading: reloads.contains(key), reloads: reloads.map(TimelineKeyJSON.init)))
    }
}

extension ActionRoutes {
    private func publishPending(_ key: TimelineKey, intent: String) {
        publish("pending", PendingEvent(
            at: host.clock.now.isoString, kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue, intent: intent))
    }

    private func publishError(_ key: TimelineKey, code: String, message: String) {
        publish("error", ActionErrorEvent(
            at: host.clock.now.isoString, kind: key.kind, family: key.family.rawValue, instance: key.instance?.rawValue,
            code: code, message: message))
    }

    private func publish(_ name: String, _ event: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(event) else { return }
        hub.publish(name: name, data: String(decoding: data, as: UTF8.self))
    }
}

/// The `error` event of a failed action, shaped as the scheduler's.
private struct ActionErrorEvent: Encodable {
    let at: String, kind: String, family: String, instance: String?, code: String, message: String
}

/// The `pending` event: `{at, kind, family, instance, intent}`.
private struct PendingEvent: Encodable {
    let at: String, kind: String, family: String, instance: String?, intent: String
}

/// `POST …/actions`.
struct ActionBody: Decodable {
    let intent: String
    let parameters: [String: JSONValue]?
}

struct ActionAnswer: Encodable {
    let kind: String
    let family: String
    /// null for the kind's implicit instance.
    @ExplicitNull var instance: String?
    let intent: String
    let performed: Bool
    /// Whether the widget's one reload was asked for (false only when it vanished meanwhile).
    let reloading: Bool
    /// Every timeline of the kind the reload reaches: each family, each instance.
    let reloads: [TimelineKeyJSON]
}
