import Foundation
import NIOPosix
import TestSupport
import WidgetDaemon
import WidgetHostCore
import WidgetServer
import WidgetStore

/// The server on a real socket (127.0.0.1, a port of its own), for what only a socket shows:
/// slow clients and timeouts, the wire format of the event stream, the subscriber cap across
/// open connections, and load (the stress runs). Everything else goes through WidgetServerTests'
/// `ServerFixture`, in memory.
public struct LiveServer: Sendable {
    public let host: BundleHost
    public let hub: EventHub
    public let token: AccessToken
    public let port: Int
    let task: Task<Void, any Error>
    public var client: RawHTTPClient { RawHTTPClient(port: port) }

    /// Serves `host` (its timelines refreshed first) until `stop()`, and `store`, the shared store
    /// the host was given (by default one over the host's data folder, for a host in memory).
    public static func start(
        host: BundleHost, store: LazySharedStore? = nil, maximumSubscribers: Int = 8,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> LiveServer {
        await host.refreshAllTimelines(now: host.clock.now)
        var configuration = ServerConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
        configuration.maximumSubscribers = maximumSubscribers
        configure(&configuration)
        let hub = EventHub(backlogSize: configuration.backlogSize, maximumSubscribers: configuration.maximumSubscribers)
        let token = try AccessToken.loadOrCreate(in: host.storeLocation.directory)
        // Loops of its own: the suites run in parallel, and one server's load must not stall another's.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try WidgetHTTPServer(
            configuration: configuration, host: host, store: store ?? LazySharedStore(location: host.storeLocation),
            scheduler: ReloadScheduler(host: host), hub: hub, token: token, eventLoopGroup: loops)
        let (urls, continuation) = AsyncStream<String>.makeStream()
        let task = Task {
            defer { Task { try? await loops.shutdownGracefully() } }
            try await server.run { continuation.yield($0) }
        }
        var port = 0
        for await url in urls {
            port = Int(url.split(separator: ":").last!.filter(\.isNumber))!
            break
        }
        return LiveServer(host: host, hub: hub, token: token, port: port, task: task)
    }

    public func stop() {
        task.cancel()
        host.stopWorkers()
    }
}
