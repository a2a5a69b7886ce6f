import Foundation
import Hummingbird
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// `GET /v1/kinds…`, `POST /v1/instances`, `PUT` and `DELETE /v1/instances/{id}`: the gallery's
/// "add widget", "edit" and "remove" (WidgetKit's edit sheet), the same path as
/// `widgethost instances`: a configuration is checked against the kind's schema, then the change
/// goes to the shared store and wakes the host, which takes it and calls the provider.
struct InstanceRoutes: Sendable {
    let host: BundleHost
    /// The server's store (the host's).
    let sharedStore: LazySharedStore
    let maximumBodySize: Int
    let bodyTimeout: Duration

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/v1/kinds") { _, _ in
            try json(KindListShape(kinds: host.bundles.catalog.widgets.filter { !RemovedBundle.isRemoved($0) }.map(KindJSON.init)))
        }
        router.getOrHead("/v1/kinds/:kind/options/:parameter") { request, context in
            try await options(context.parameters.require("kind"), context.parameters.require("parameter"),
                              matching: request.uri.queryParameters["matching"].map(String.init))
        }
        router.post("/v1/kinds/:kind/summary") { request, context in
            try await summary(context.parameters.require("kind"), request)
        }
        router.post("/v1/instances") { request, _ in try await add(request) }
        router.put("/v1/instances/:id") { request, context in try await change(context.parameters.require("id"), request) }
        router.delete("/v1/instances/:id") { _, context in try remove(context.parameters.require("id")) }
    }

    private func options(_ kind: String, _ parameter: String, matching: String?) async throws -> Response {
        let options: [EntityOption]
        do throws(HostCallError) {
            options = if let matching {
                try await host.entityOptions(kind: kind, parameter: parameter, matching: matching)
            } else {
                try await host.entityOptions(kind: kind, parameter: parameter)
            }
        } catch {
            switch error {
            case .unknownKind, .duplicateKind: throw APIError(.notFound, code: "unknownKind", error.description)
            case .entityOptionsFailed: throw APIError(.badGateway, code: "callFailed", error.description)
            case .notAnEntityParameter(let refusal) where refusal.reason == .notSearchable:
                throw APIError(.badRequest, code: "notSearchable", error.description)
            default: throw APIError(.badRequest, code: "notAnEntityParameter", error.description)
            }
        }
        return try json(EntityOptionsShape(
            kind: kind, parameter: parameter, options: options.map { .init(value: $0.value, title: $0.title) }))
    }

    /// The kind's summary for the body's configuration (a saved one, or a sheet's draft).
    private func summary(_ kind: String, _ request: Request) async throws -> Response {
        let body: InstanceChangeBody = try await decode(request, expecting: #"{"configuration": {"NAME": VALUE}}"#)
        let resolved: ResolvedParameterSummary?
        let schema: ConfigurationSchema?
        do throws(HostCallError) {
            schema = try host.widget(kind: kind).configurationSchema
            resolved = try await host.resolvedSummary(kind: kind, configuration: body.configuration)
        } catch {
            throw APIError(.notFound, code: "unknownKind", error.description)
        }
        guard let resolved, let schema else { return try json(SummaryShape(kind: kind, summary: nil)) }
        return try json(SummaryShape(kind: kind, summary: SummaryJSON(resolved, schema: schema)))
    }

    private func add(_ request: Request) async throws -> Response {
        let body: NewInstanceBody = try await decode(request, expecting: #"{"kind": "KIND", "family": "systemSmall", "configuration": {"NAME": VALUE}}"#)
        let family = try body.family.map { name throws(APIError) -> WidgetFamily in
            guard let family = WidgetFamily(rawValue: name) else {
                throw APIError(.badRequest, code: "unknownFamily",
                               "no family '\(name)'; families are \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return family
        }
        let widget: WidgetDescriptor
        let resolvedFamily: WidgetFamily
        do {
            (widget, resolvedFamily) = try host.resolve(kind: body.kind, family: family)
        } catch {
            throw APIError(.badRequest, code: "unknownWidget", error.description)
        }
        if RemovedBundle.isRemoved(widget) { throw RemovedBundle.refusal(widget) }
        let configuration = body.configuration ?? [:]
        try check(configuration, for: widget)
        let instance = try store { store throws(StoreError) in
            try store.addInstance(kind: widget.kind, family: resolvedFamily, configuration: configuration)
        }
        return try json(InstanceJSON(instance, available: true), status: .created)
    }

    private func change(_ id: String, _ request: Request) async throws -> Response {
        let body: InstanceChangeBody = try await decode(request, expecting: #"{"configuration": {"NAME": VALUE}}"#)
        let instanceID = WidgetInstanceID(rawValue: id)
        guard let instance = try store({ store throws(StoreError) in try store.instance(instanceID) }) else {
            throw unknown(id)
        }
        guard let widget = host.bundles.catalog.widget(kind: instance.kind) else {
            throw APIError(.conflict, code: "unavailable", "instance \(id)'s kind \(instance.kind) is not loaded; it cannot be configured now")
        }
        try check(body.configuration, for: widget)
        guard let changed = try store({ store throws(StoreError) in
            try store.setConfiguration(body.configuration, of: instanceID)
        }) else { throw unknown(id) }
        return try json(InstanceJSON(changed, available: true))
    }

    private func remove(_ id: String) throws -> Response {
        guard let removed = try store({ store throws(StoreError) in
            try store.removeInstance(WidgetInstanceID(rawValue: id))
        }) else { throw unknown(id) }
        return try json(InstanceJSON(removed))
    }

    /// Refuses a configuration that does not fit the schema, naming the parameter: nothing is stored.
    private func check(_ configuration: [String: JSONValue], for widget: WidgetDescriptor) throws(APIError) {
        do {
            _ = try ConfigurationValidator(widget).validate(configuration)
        } catch {
            throw APIError(.unprocessableContent, code: "invalidConfiguration", "\(widget.kind): \(error)")
        }
    }

    private func unknown(_ id: String) -> APIError {
        APIError(.notFound, code: "unknownInstance", "no instance \(id); `GET /v1/widgets` lists the instances")
    }

    private func decode<Body: Decodable>(_ request: Request, expecting shape: String) async throws -> Body {
        let buffer = try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body)
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
        } catch {
            throw APIError(.badRequest, code: "badBody", "expected \(shape): \(error)")
        }
    }

    private func store<Result>(_ body: (SharedStore) throws(StoreError) -> Result) throws(APIError) -> Result {
        do {
            return try body(sharedStore.open())
        } catch {
            throw APIError(.internalServerError, code: "storeFailed", "the shared store failed: \(error)")
        }
    }
}
