import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization
import WidgetApp
import WidgetDaemon
import WidgetHostCore
import WidgetStore

/// The HTTP server `widgethost run` starts: the API, the event stream and the gallery, over the
/// daemon's host and scheduler. It runs until its task is cancelled.
public struct WidgetHTTPServer: Sendable {
    public let configuration: ServerConfiguration
    public let hub: EventHub
    let host: BundleHost
    /// The shared store it serves (instances, the home screen's layout, apps' defaults): the
    /// host's, held here for the server's life rather than opened per request.
    let store: LazySharedStore
    let scheduler: ReloadScheduler
    let token: AccessToken
    /// What apps ask over HTTP (`/v1/groups/…`, `/v1/reload`, `/v1/configurations`).
    let apps: AppService
    /// Asked first when a widget's URL is tapped (`…/open`); nil: the daemon always opens it.
    let widgetURLHandler: WidgetURLHandler?
    /// The event loops it serves on: NIO's shared ones unless given (a test gives each server
    /// its own, so one busy server cannot hold up another's connections).
    let eventLoopGroup: (any EventLoopGroup)?

    /// - Parameter store: the shared store the host was given (`HostConfiguration.store`).
    public init(
        configuration: ServerConfiguration, host: BundleHost, store: LazySharedStore, scheduler: ReloadScheduler, hub: EventHub,
        token: AccessToken, apps: AppService? = nil, widgetURLHandler: WidgetURLHandler? = nil,
        eventLoopGroup: (any EventLoopGroup)? = nil
    ) throws(ServerConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.apps = apps ?? AppService(store: store, source: "http", kinds: LoadedKinds(host: host))
        self.widgetURLHandler = widgetURLHandler
        self.host = host
        self.store = store
        self.scheduler = scheduler
        self.hub = hub
        self.token = token
        self.eventLoopGroup = eventLoopGroup
    }

    /// Adds the security and method checks, then every route, to `router`. `run` serves it;
    /// tests drive it in memory (HummingbirdTesting's router mode), with no socket.
    func addRoutes(to router: Router<BasicRequestContext>, hosts: AllowedHosts) {
        router.add(middleware: SecurityMiddleware(hosts: hosts, token: token, tokenForEveryRequest: configuration.requiresTokenForEveryRequest))
        router.add(middleware: MethodMiddleware(table: .served))
        let routes = WidgetRoutes(host: host, scheduler: scheduler, hub: hub,
                                  images: WidgetImages(host: host, cache: RenderCache()), previews: PreviewEntries())
        routes.add(to: router)
        InstanceRoutes(host: host, sharedStore: store, maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout)
            .add(to: router)
        ActionRoutes(host: host, hub: hub, maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout)
            .add(to: router)
        OpenRoutes(host: host, opener: URLOpener(command: configuration.openURLCommand), handler: widgetURLHandler,
                   maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout)
            .add(to: router)
        EventRoutes(hub: hub, heartbeat: configuration.heartbeatInterval, clock: host.clock).add(to: router)
        GalleryRoutes(widgets: routes).add(to: router)
        HomeRoutes(host: host, sharedStore: store, hub: hub, maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout)
            .add(to: router)
        HomeEditRoutes(host: host, sharedStore: store, hub: hub, maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout).add(to: router)
        HomePageRoutes().add(to: router)
        AppRoutes(apps: apps, maximumBodySize: configuration.maximumBodySize, bodyTimeout: configuration.requestTimeout,
                  readToken: configuration.requiresTokenForEveryRequest ? nil : token).add(to: router)
    }

    /// Serves until cancelled. `onListening` gets the URL once the socket is bound (with the
    /// port it picked, for port 0).
    public func run(onListening: @escaping @Sendable (String) -> Void = { _ in }) async throws(ServerConfigurationError) {
        let address = configuration.address
        let bindAddress: BindAddress
        switch address {
        case .off: return
        case .tcp(let host, let port): bindAddress = .hostname(host, port: port)
        case .unix(let path):
            // A socket left by a daemon that died; the daemon lock says none runs now.
            try? FileManager.default.removeItem(atPath: path)
            bindAddress = .unixDomainSocket(path: path)
        }
        let hosts = AllowedHosts(address: address)
        let router = Router()
        addRoutes(to: router, hosts: hosts)
        let dataFolder = host.storeLocation.directory
        let served = ServedAddress()
        var logger = Logger(label: "widgethost.http")
        // Hummingbird logs a cancelled connection (the daemon stopping) as an error; what
        // matters to a user (cannot listen) is thrown, so only its critical messages are shown.
        logger.logLevel = .critical
        // Not `Application.run()`: it starts Hummingbird's date cache, a 1 Hz timer that woke
        // the idle daemon six times a second (the timer thread and a pool thread, each second).
        // The rest is what `Application.run()` does: the router's responder, errors it does not
        // turn into answers as 500, the Date and Server headers.
        let responder = router.buildResponder()
        let serverLogger = logger
        let server: any Service
        do {
            server = try HTTPServerBuilder.http1(configuration: .init(idleTimeout: TimeAmount(configuration.requestTimeout)))
                .buildServer(
                    configuration: .init(address: bindAddress, serverName: "widgethost"),
                    eventLoopGroup: eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton,
                    logger: serverLogger,
                    responder: { request, writer, channel in
                        let context = BasicRequestContext(source: .init(channel: channel, logger: serverLogger))
                        var response: Response
                        do {
                            response = try await responder.respond(to: request, context: context)
                        } catch let error as HTTPParserError {
                            throw error
                        } catch {
                            response = Response(status: .internalServerError, body: .init())
                        }
                        response.headers[.date] = HTTPDate.now
                        response.headers[.server] = "widgethost"
                        try await writer.write(response: response.head, body: response.body)
                    },
                    onServerRunning: { channel in
                        switch address {
                        case .tcp(let name, _):
                            let port = channel.localAddress?.port ?? 0
                            hosts.bound(port: port)
                            served.set("http://\(name.contains(":") ? "[\(name)]" : name):\(port)/")
                        case .unix(let path): served.set("unix:\(path)")
                        case .off: break
                        }
                        guard let url = served.value else { return }
                        ServerAddressFile.write(url, in: dataFolder)
                        onListening(url)
                    })
        } catch {
            throw .cannotListen(address.description, reason: "\(error)")
        }
        // Every client hears of a layout change, whoever made it (`home` events). Without it
        // (no socket could be bound) the pages still follow `instances` events, so it is not fatal.
        let homeFeed = try? HomeLayoutFeed(location: store.location, hub: hub) { [host] in host.clock.now }
        defer {
            homeFeed?.stop()
            hub.finishAll()
            if let url = served.value { ServerAddressFile.remove(in: dataFolder, ifItIs: url) }
        }
        do {
            try await server.run()
        } catch is CancellationError {
            return
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") || text.contains("EADDRINUSE") { throw .portInUse(address.description) }
            throw .cannotListen(address.description, reason: text)
        }
    }
}

/// The URL once bound, for the address file and its removal.
private final class ServedAddress: Sendable {
    private let stored = Mutex<String?>(nil)
    var value: String? { stored.withLock { $0 } }
    func set(_ url: String) { stored.withLock { $0 = url } }
}

/// The `Date` header, formatted when a response asks for it (at most once a second), not by a
/// timer: an idle daemon formats nothing.
enum HTTPDate {
    private static let cached = Mutex<(second: Int, text: String)>((-1, ""))

    static var now: String {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        return cached.withLock { cached in
            if cached.second != second {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "GMT")
                formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
                cached = (second, formatter.string(from: now))
            }
            return cached.text
        }
    }
}
