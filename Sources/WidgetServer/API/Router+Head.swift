import Hummingbird

extension Router where Context == BasicRequestContext {
    /// A GET route that also answers HEAD: the same status and headers, without the body.
    /// (Hummingbird's router matches HEAD only where a route names it.)
    func getOrHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) {
        get(path, use: handler)
        head(path) { request, context in
            let response = try await handler(request, context)
            return Response(status: response.status, headers: response.headers)
        }
    }
}
