import Foundation
import HTTPTypes
import Hummingbird

/// Every request: the `Host` header must name this server (DNS rebinding); a POST must carry
/// the token or come from the gallery's own origin. Served beyond loopback
/// (`--http-allow-remote`), every request needs the token: in a header, or in the cookie that
/// opening `/?token=TOKEN` once sets for a browser.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts
    let token: AccessToken
    let tokenForEveryRequest: Bool

    static var cookieName: String { "widgethost_token" }

    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-Token")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            throw APIError(.misdirectedRequest, code: "wrongHost",
                           "the Host header \(request.head.authority ?? "(none)") names neither this server nor localhost")
        }
        if tokenForEveryRequest {
            if request.uri.path == "/", let offered = request.uri.queryParameters.get("token"), token.matches(Substring(offered)) {
                return Self.welcome(token)
            }
            guard carriesToken(request) else {
                throw APIError(.unauthorized, code: "tokenRequired",
                               "this server is reachable from other machines: every request needs Authorization: Bearer <token>, X-Widgethost-Token, or (a browser) opening /?token=<token> once; the token is in <data>/http.token")
            }
        } else if request.method != .get && request.method != .head {
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
        if tokenForEveryRequest, let cookies = request.headers[.cookie] {
            for pair in cookies.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == Self.cookieName, token.matches(parts[1]) { return true }
            }
        }
        return false
    }

    /// A browser that opened `/?token=…`: the token moves into a cookie only this server gets,
    /// and the address bar loses it.
    private static func welcome(_ token: AccessToken) -> Response {
        Response(status: .seeOther, headers: [
            .location: "/",
            .setCookie: "\(cookieName)=\(token.value); Path=/; HttpOnly; SameSite=Strict",
            .cacheControl: "no-store",
        ])
    }

    private func isSameOrigin(_ request: Request) -> Bool {
        guard let authority = request.head.authority else { return false }
        if let origin = request.headers[.origin] { return origin == "http://\(authority)" }
        return false
    }
}
