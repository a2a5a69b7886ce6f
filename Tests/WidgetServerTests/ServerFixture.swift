import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TestSupport
import WidgetDaemon
import WidgetHostCore
import WidgetStore
@testable import WidgetServer

/// The server's routes over a host of the copied sample bundles, in process, with every
/// timeline fetched once, driven in memory through HummingbirdTesting's router mode: no socket,
/// no port, no event loop between a request and its route.
struct ServerFixture: Sendable {
    static let samples = ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"]
    /// The port the configuration names. Nothing binds it; the `Host` checks compare with it.
    static let port = 8787

    let host: BundleHost
    /// The host's store, the shared one: what the tests write as an app or the CLI would.
    let store: LazySharedStore
    let hub: EventHub
    let token: AccessToken
    let responder: RouterResponder<BasicRequestContext>
    var port: Int { Self.port }

    /// `clock` is the host's (the event stream's heartbeats wait on it); `samples` the bundles
    /// it loads.
    static func make(
        samples: [String] = ServerFixture.samples, clock: any HostClock = SystemClock(),
        maximumSubscribers: Int = 8, backlogSize: Int = 1_024, address: ListenAddress = .tcp(host: "127.0.0.1", port: ServerFixture.port),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerFixture {
        let store = LazySharedStore(location: TestStore.temporaryLocation())
        let host = try await offThePool { try makeHost(samples: samples, clock: clock, store: store) }
        return try await make(host: host, store: store, maximumSubscribers: maximumSubscribers, backlogSize: backlogSize,
                              address: address, configure: configure)
    }

    /// The routes over `host`, made by the test on `store` (its shared store): every timeline
    /// is fetched once first.
    static func make(
        host: BundleHost, store: LazySharedStore,
        maximumSubscribers: Int = 8, backlogSize: Int = 1_024, address: ListenAddress = .tcp(host: "127.0.0.1", port: ServerFixture.port),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerFixture {
        await host.refreshAllTimelines(now: host.clock.now)
        var configuration = ServerConfiguration(address: address, allowRemote: !address.isLoopback)
        configuration.maximumSubscribers = maximumSubscribers
        configuration.backlogSize = backlogSize
        configure(&configuration)
        let hub = EventHub(backlogSize: configuration.backlogSize, maximumSubscribers: configuration.maximumSubscribers)
        let token = try AccessToken.loadOrCreate(in: host.storeLocation.directory)
        let server = try WidgetHTTPServer(
            configuration: configuration, host: host, store: store, scheduler: ReloadScheduler(host: host), hub: hub, token: token)
        let router = Router()
        router.add(middleware: HostHeaderAsAuthority())
        server.addRoutes(to: router, hosts: AllowedHosts(address: configuration.address))
        return ServerFixture(host: host, store: store, hub: hub, token: token, responder: router.buildResponder())
    }

    /// One request through `Application.test(.router)`. As over a socket, it carries
    /// `Host: 127.0.0.1:<port>` unless `headers` names another (an empty value sends none).
    /// Returns once the whole response body is written: an event stream ends only when the hub
    /// finishes it.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> HTTPAnswer {
        var fields = HTTPFields()
        for (name, value) in ["Host": "127.0.0.1:\(port)"].merging(headers, uniquingKeysWith: { $1 }) where !value.isEmpty {
            fields.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        var logger = Logger(label: "widgethost.test")
        logger.logLevel = .critical
        let app = Application(responder: responder, logger: logger)
        let method = HTTPRequest.Method(method)!
        let requestBody = body.isEmpty ? nil : ByteBuffer(bytes: body)
        let headerFields = fields
        return try await app.test(.router) { client in
            try await client.execute(uri: path, method: method, headers: headerFields, body: requestBody) { response in
                HTTPAnswer(response)
            }
        }
    }

    func stop() {
        hub.finishAll()
        host.stopWorkers()
    }

    /// A host over copies of `samples`, on the shared store `store` (by default a new one).
    static func makeHost(
        samples: [String], clock: any HostClock, store: LazySharedStore = LazySharedStore(location: TestStore.temporaryLocation())
    ) throws -> BundleHost {
        let folder = try TestPaths.folderOfSamples(samples, prefix: "widgethost-server")
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, clock: clock, storeLocation: store.location, store: store))
    }
}

/// A response, as a test reads it.
struct HTTPAnswer: Sendable {
    let status: Int
    /// Lower-cased names.
    let headers: [String: String]
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(_ response: TestResponse) {
        var headers: [String: String] = [:]
        for field in response.headers { headers[field.name.canonicalName] = field.value }
        self.init(status: response.status.code, headers: headers, body: Array(response.body.readableBytesView))
    }
}

/// What an HTTP/1 server does before any route sees a request: the `Host` header becomes the
/// request's authority. Router mode sets every authority to "localhost", which would leave the
/// `Host` checks nothing to check.
private struct HostHeaderAsAuthority<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var head = request.head
        let host = HTTPField.Name("Host")!
        head.authority = head.headerFields[host]
        head.headerFields[host] = nil
        return try await next(Request(head: head, body: request.body), context)
    }
}
