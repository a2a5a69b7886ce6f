import Hummingbird
import WidgetHostCore
import WidgetPayload

extension Router<BasicRequestContext> {
    /// `POST /v1/instances/{id}/NAME` and `POST /v1/widgets/{kind}/{family}/NAME`, both handed the
    /// widget's key: a widget the registry does not show is a 404 naming where to look.
    func postToWidget(
        _ name: String, host: BundleHost, _ handler: @escaping @Sendable (Request, TimelineKey) async throws -> Response
    ) {
        post("/v1/instances/:id/\(name)") { request, context in
            let id = try context.parameters.require("id")
            guard let key = host.registry.key(ofInstance: id) else {
                throw APIError(.notFound, code: "unknownInstance", "no instance \(id) is shown; `GET /v1/widgets` lists the instances")
            }
            return try await handler(request, key)
        }
        post("/v1/widgets/:kind/:family/\(name)") { request, context in
            let kind = try context.parameters.require("kind"), familyName = try context.parameters.require("family")
            guard let family = WidgetFamily(rawValue: familyName), host.registry.record(for: TimelineKey(kind: kind, family: family)) != nil else {
                throw APIError(.notFound, code: "unknownWidget", "no widget \(kind) in family \(familyName); `GET /v1/widgets` lists them")
            }
            return try await handler(request, TimelineKey(kind: kind, family: family))
        }
    }
}
