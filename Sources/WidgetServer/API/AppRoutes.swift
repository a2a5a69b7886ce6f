import Foundation
import Hummingbird
import WidgetApp

/// What an app asks of its widgets' host over HTTP: `/v1/groups/{group}/defaults…` (its App
/// Groups' shared defaults), `POST /v1/reload` (WidgetCenter's reloads), `GET /v1/configurations`
/// (`getCurrentConfigurations`) and `POST /v1/pins` (home_widget's `requestPinWidget`).
///
/// Every route is one call of `AppService`, the service the CLI and D-Bus call too: the same
/// checks, the same errors (their code lower-camel-cased, their description as the message),
/// and the same consequences (a write is one transaction, then a `defaults` event). Values travel
/// in `StoredValue`'s wire form, `{"type": "int", "value": 42}`. Writes need the token, as every
/// request that changes something does (`SecurityMiddleware`); so do reads of a group's values.
struct AppRoutes: Sendable {
    let apps: AppService
    let maximumBodySize: Int
    let bodyTimeout: Duration
    /// The token reading a group's values needs, even on loopback where every other GET is open:
    /// the values are the app's (an account's token, say), and on disk only their owner can read
    /// them, while any local user can reach loopback. Nil where `SecurityMiddleware` already
    /// checks every request (served beyond loopback), a browser's cookie included.
    let readToken: AccessToken?

    static let valueShape = #"{"type": "bool" | "int" | "double" | "string" | "data" | "date" | "json", "value": VALUE}"#

    func add(to router: Router<BasicRequestContext>) {
        router.getOrHead("/v1/groups/:group/defaults") { request, context in
            try requireToken(request)
            let group = try Self.group(context)
            return try json(DefaultsShape(group: group, values: try call { () throws(AppServiceError) in try apps.values(inGroup: group) }))
        }
        router.patch("/v1/groups/:group/defaults") { request, context in try await change(Self.group(context), request) }
        router.getOrHead("/v1/groups/:group/defaults/:key") { request, context in
            try requireToken(request)
            let (group, key) = (try Self.group(context), try Self.key(context))
            return try json(try call { () throws(AppServiceError) in try apps.value(forKey: key, inGroup: group) })
        }
        router.put("/v1/groups/:group/defaults/:key") { request, context in
            try await write(Self.group(context), Self.key(context), request)
        }
        router.delete("/v1/groups/:group/defaults/:key") { _, context in
            let (group, key) = (try Self.group(context), try Self.key(context))
            // As `widgethost defaults delete`: a key the group does not hold is a 404, naming it.
            try call { () throws(AppServiceError) in
                _ = try apps.value(forKey: key, inGroup: group)
                try apps.remove([key], fromGroup: group)
            }
            return Response(status: .noContent)
        }
        router.post("/v1/reload") { request, _ in try await reload(request) }
        router.getOrHead("/v1/configurations") { _, _ in
            try json(ConfigurationsShape(widgets: try call { () throws(AppServiceError) in try apps.currentConfigurations() }.map(WidgetInfoJSON.init)))
        }
        router.post("/v1/pins") { request, _ in try await pin(request) }
    }

    // MARK: Defaults

    /// `PUT …/defaults/{key}`: the body is the value.
    private func write(_ group: String, _ key: String, _ request: Request) async throws -> Response {
        let data = try await body(of: request)
        guard (try? JSONDecoder().decode(JSONValue.self, from: data)) != nil else {
            throw APIError(.badRequest, code: "badBody", "expected \(Self.valueShape): the body is not JSON")
        }
        let value = try Self.storedValue(from: data, key: key)
        try call { () throws(AppServiceError) in try apps.set([key: value], inGroup: group) }
        return Response(status: .noContent)
    }

    /// `PATCH …/defaults`: `{"values": {KEY: VALUE | null}}`, written in one transaction; null
    /// removes the key. Every value is read before anything is written, so one bad value
    /// writes nothing.
    private func change(_ group: String, _ request: Request) async throws -> Response {
        let shape = #"{"values": {"KEY": {"type": "int", "value": 42}, "OTHER": null}}"#
        let data = try await body(of: request)
        let members: [String: JSONValue]
        do {
            guard case .object(let values)? = try JSONDecoder().decode([String: JSONValue].self, from: data)["values"] else {
                throw APIError(.badRequest, code: "badBody", "expected \(shape): \"values\" is missing or not an object")
            }
            members = values
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.badRequest, code: "badBody", "expected \(shape): the body is not a JSON object")
        }
        var values: [String: StoredValue?] = [:]
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if member == .null {
                values[key] = .some(nil)
                continue
            }
            let encoded: Data
            do { encoded = try JSONEncoder().encode(member) } catch {
                throw APIError(.unprocessableContent, code: "invalidValue", "value for '\(key)' cannot be read: \(error)")
            }
            values[key] = try Self.storedValue(from: encoded, key: key)
        }
        try call { () throws(AppServiceError) in try apps.set(values, inGroup: group) }
        return Response(status: .noContent)
    }

    /// One value in its wire form, or a 422 naming the key and what a value looks like.
    private static func storedValue(from data: Data, key: String) throws(APIError) -> StoredValue {
        do {
            return try JSONDecoder().decode(StoredValue.self, from: data)
        } catch {
            let reason: String = switch error as? DecodingError {
            case .typeMismatch(_, let context)? where context.codingPath.isEmpty, .valueNotFound(_, let context)? where context.codingPath.isEmpty:
                "it is not an object"
            case .keyNotFound(let missing, _)?: "\"\(missing.stringValue)\" is missing"
            case .valueNotFound(_, let context)?: "\"\(Self.path(context))\" is null"
            case .typeMismatch(let type, let context)?: "\"\(Self.path(context))\" is not \(Self.name(of: type))"
            case .dataCorrupted(let context)?: context.codingPath.isEmpty ? "it is not an object" : "\"\(Self.path(context))\": \(context.debugDescription)"
            default: "\(error)"
            }
            throw APIError(.unprocessableContent, code: "invalidValue", "value for '\(key)': \(reason); expected \(valueShape)")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type: "a whole number (64-bit)"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        default: "of the right type"
        }
    }

    // MARK: WidgetCenter

    private func reload(_ request: Request) async throws -> Response {
        let shape = #"{"kinds": ["KIND", ...]} or {"all": true}, with "force": false"#
        let body = try await decodedBody(of: request, as: ReloadBody.self, shape: shape)
        let forced = body.force ?? false
        let kinds: [String]
        let reload: AppService.Reload
        switch (body.kinds, body.all ?? false) {
        case (let named?, false) where !named.isEmpty:
            kinds = named
            reload = try call { () throws(AppServiceError) in try apps.reloadTimelines(ofKinds: named, forced: forced) }
        case (nil, true):
            kinds = apps.kinds.installedKinds
            reload = try call { () throws(AppServiceError) in try apps.reloadAllTimelines(forced: forced) }
        case (_?, false):
            throw APIError(.badRequest, code: "badBody", "expected \(shape): no kinds given")
        case (_?, true):
            throw APIError(.badRequest, code: "badBody", "expected \(shape): \"kinds\" and \"all\" together")
        case (nil, false):
            throw APIError(.badRequest, code: "badBody", "expected \(shape): neither \"kinds\" nor \"all\": true")
        }
        return try json(ReloadAnswer(kinds: kinds, all: body.all ?? false, forced: forced,
                                     requestIds: reload.requests.map(\.id), deliveredToRunningHost: reload.deliveredToRunningHost),
                        status: .accepted)
    }

    private func pin(_ request: Request) async throws -> Response {
        let shape = #"{"kind": "KIND", "family": "systemSmall" or null}"#
        let body = try await decodedBody(of: request, as: PinBody.self, shape: shape)
        // null or absent is the kind's first family; "" is no family at all.
        if body.family?.isEmpty == true {
            throw APIError(.badRequest, code: "unknownFamily",
                           "\"\" is not a family; give one (\(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))) or null for the kind's first")
        }
        let pinned = try call { () throws(AppServiceError) in try apps.pinWidget(kind: body.kind, family: body.family) }
        return try json(WidgetInfoJSON(pinned), status: .created)
    }

    // MARK: -

    private func requireToken(_ request: Request) throws(APIError) {
        guard let token = readToken else { return }
        if let header = request.headers[.authorization], header.hasPrefix("Bearer "), token.matches(header.dropFirst("Bearer ".count)) {
            return
        }
        if let header = request.headers[SecurityMiddleware<BasicRequestContext>.tokenHeader], token.matches(Substring(header)) { return }
        throw APIError(.forbidden, code: "tokenRequired",
                       "reading an App Group's values needs the token: send Authorization: Bearer <token> or X-Widgethost-Token, the token in <data>/http.token")
    }

    /// The request's body as `Body`; 400 `badBody`, naming `shape`, when it is not one.
    private func decodedBody<Body: Decodable>(of request: Request, as _: Body.Type, shape: String) async throws -> Body {
        let data = try await body(of: request)
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw APIError(.badRequest, code: "badBody", "expected \(shape): \(error)")
        }
    }

    private func body(of request: Request) async throws(APIError) -> Data {
        Data(buffer: try await RequestBodyReader(limit: maximumBodySize, timeout: bodyTimeout).read(request.body))
    }

    /// The group in the path, percent-decoded: `group.a%2F..%2Fb` is the name `group.a/../b`,
    /// which the service refuses as any other malformed name.
    private static func group(_ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require("group")
        guard let group = raw.removingPercentEncoding else {
            throw APIError(.badRequest, code: "invalidGroup", "'\(raw.prefix(300))' is not percent-encoded UTF-8; write the group as group.<reverse-DNS>, e.g. group.com.example.app")
        }
        return group
    }

    private static func key(_ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require("key")
        guard let key = raw.removingPercentEncoding else {
            throw APIError(.badRequest, code: "invalidKey", "'\(raw.prefix(300))' is not percent-encoded UTF-8; percent-encode the key's UTF-8 bytes")
        }
        return key
    }

    /// Runs one service call, its refusal answered as `AppServiceError.apiError`.
    private func call<Result>(_ body: () throws(AppServiceError) -> Result) throws(APIError) -> Result {
        do { return try body() } catch { throw error.apiError }
    }
}

extension AppServiceError {
    /// The refusal as an HTTP answer: its code lower-camel-cased (`InvalidGroup` is
    /// `invalidGroup`), its description as the message. A malformed group or key in the path is
    /// a 400, a value the store cannot keep a 422 (as a configuration that does not fit its
    /// schema), a key the group lacks a 404; an unknown kind or family, which come in the body,
    /// a 400 (as `POST /v1/instances` answers them); a store that fails a 503.
    var apiError: APIError {
        let status: HTTPResponse.Status = switch code {
        case .invalidValue: .unprocessableContent
        case .unknownKey: .notFound
        case .storeUnavailable: .serviceUnavailable
        default: .badRequest
        }
        let name = code.rawValue
        return APIError(status, code: name.prefix(1).lowercased() + name.dropFirst(), description)
    }
}

/// `GET /v1/groups/{group}/defaults`.
struct DefaultsShape: Encodable {
    let group: String
    let values: [String: StoredValue]
}

/// `GET /v1/configurations`.
struct ConfigurationsShape: Encodable {
    let widgets: [WidgetInfoJSON]
}

/// A widget the user added, as WidgetKit's `WidgetInfo`: `GET /v1/configurations`, `POST /v1/pins`.
struct WidgetInfoJSON: Encodable {
    let id: String
    let kind: String
    let family: String
    let configuration: [String: JSONValue]

    init(_ info: WidgetInfo) {
        id = info.id
        kind = info.kind
        family = info.family.rawValue
        configuration = info.configuration
    }
}

/// `POST /v1/reload`: `{"kinds": [...]}` or `{"all": true}`, and `"force"`.
struct ReloadBody: Decodable {
    let kinds: [String]?
    let all: Bool?
    let force: Bool?
}

struct ReloadAnswer: Encodable {
    /// The kinds named, or for `all` every kind installed now.
    let kinds: [String]
    let all: Bool
    let forced: Bool
    let requestIds: [Int64]
    let deliveredToRunningHost: Bool
}

/// `POST /v1/pins`.
struct PinBody: Decodable {
    let kind: String
    let family: String?
}
