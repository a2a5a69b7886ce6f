import Foundation
import NIOPosix
import TestSupport
import WidgetDaemon
import WidgetHostCore
@testable import WidgetServer

/// A server on 127.0.0.1 with a port of its own, over a host of the copied sample bundles, in
/// process, with every timeline fetched once.
struct ServerFixture: Sendable {
    static let samples = ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"]

    let host: BundleHost
    let hub: EventHub
    let token: AccessToken
    let port: Int
    let task: Task<Void, any Error>
    var client: RawHTTPClient { RawHTTPClient(port: port) }

    static func start(
        maximumSubscribers: Int = 8, backlogSize: Int = 1_024, address: ListenAddress = .tcp(host: "127.0.0.1", port: 0),
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerFixture {
        let host = try await offThePool { try makeHost() }
        await host.refreshAllTimelines(now: host.clock.now)
        let scheduler = ReloadScheduler(host: host)
        var configuration = ServerConfiguration(address: address, allowRemote: !address.isLoopback)
        configuration.maximumSubscribers = maximumSubscribers
        configuration.backlogSize = backlogSize
        configure(&configuration)
        let hub = EventHub(backlogSize: backlogSize, maximumSubscribers: maximumSubscribers)
        let token = try AccessToken.loadOrCreate(in: host.storeLocation.directory)
        // Loops of its own: the suites run in parallel, and one server's load must not stall another's.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try WidgetHTTPServer(
            configuration: configuration, host: host, scheduler: scheduler, hub: hub, token: token, eventLoopGroup: loops)
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
        return ServerFixture(host: host, hub: hub, token: token, port: port, task: task)
    }

    func stop() {
        task.cancel()
        host.stopWorkers()
    }

    private static func makeHost() throws -> BundleHost {
        let folder = try TestPaths.folderOfSamples(samples, prefix: "widgethost-server")
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: 10), storeLocation: TestStore.temporaryLocation()))
    }
}
