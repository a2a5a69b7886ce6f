import Hummingbird

/// After the security checks: the router's bare "no route" becomes 405 with `Allow` for a path
/// the server has, or a JSON 404 for any other.
struct MethodMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // Only the router throws HTTPError; the routes' own 404s are APIErrors, passed on.
            guard let methods = table.methods(for: request.uri.path) else {
                throw APIError(.notFound, code: "unknownRoute", "no route \(request.uri.path); see docs/openapi.yaml")
            }
            let names = methods.flatMap { $0 == .get ? ["GET", "HEAD"] : [$0.rawValue] }
            var refusal = APIError(.methodNotAllowed, code: "methodNotAllowed",
                                   "\(request.uri.path) takes \(names.joined(separator: " or ")), not \(request.method.rawValue)")
            refusal.headers[.allow] = names.joined(separator: ", ")
            throw refusal
        }
    }
}
