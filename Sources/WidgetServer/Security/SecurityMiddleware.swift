import Foundation
import HTTPTypes
import Hummingbird

/// Every request: the `Host` header must name this server (DNS rebinding); a POST must carry
/// the token or come from the gallery's own origin.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts
    let token: AccessToken

    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-Token")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            throw APIError(.misdirectedRequest, code: "wrongHost",
                           "the Host header \(request.head.authority ?? "(none)") names neither this server nor localhost")
        }
        if request.method != .get && request.method != .head {
            guard carriesToken(request) || isSameOrigin(request) else {
                throw APIError(.forbidden, code: "tokenRequired",
                               "this request changes something: send Authorization: Bearer <token> or X-Widgethost-Token, the token in <data>/http.token")
            }
        }
        return try await next(request, context)
    }

    private func carriesToken(_ request: Request) -> Bool {
        if let header = request.headers[.authorization], header.hasPrefix("Bearer "),
           token.matches(header.dropFirst("Bearer ".count)) {
            return true
        }
        if let header = request.headers[Self.tokenHeader], token.matches(Substring(header)) { return true }
        return false
    }

    private func isSameOrigin(_ request: Request) -> Bool {
        guard let authority = request.head.authority else { return false }
        if let origin = request.headers[.origin] { return origin == "http://\(authority)" }
        return false
    }
}
