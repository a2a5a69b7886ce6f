import Benchmark
import Foundation
import Glibc
import WidgetDaemon
import WidgetHostCore
import WidgetServer

/// The serve issue's figures: `GET current.png` answered from the render cache, and an entry
/// event reaching 100 event-stream subscribers, beside its floor from the same run: the same
/// bytes written to 100 loopback TCP peers.
func serverBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 20, maxDuration: .seconds(5), maxIterations: 2_000)

    Benchmark("Serve GET current.png from the render cache (keep-alive loopback)", configuration: configuration) { benchmark in
        let server = await ServedSamples.shared.value
        let socket = LoopbackSockets.connect(port: server.port)
        defer { close(socket) }
        let path = "/v1/widgets/PillarWidget/systemSmall/current.png"
        precondition(LoopbackSockets.get(socket, path: path, port: server.port) > 0)  // drawn once, then cached
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(LoopbackSockets.get(socket, path: path, port: server.port)) }
    }

    let subscribers = 100
    Benchmark("Serve entry event to 100 event-stream subscribers (publish to last arrival)", configuration: configuration) { benchmark in
        let server = await ServedSamples.shared.value
        let sockets = (0..<subscribers).map { _ in LoopbackSockets.connect(port: server.port) }
        defer { for socket in sockets { close(socket) } }
        for socket in sockets { LoopbackSockets.send(socket, Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)) }
        while server.hub.subscriberCount < subscribers { try? await Task.sleep(for: .milliseconds(1)) }
        let arrivals = EventArrivals(sockets: sockets)
        let event = server.entryEvent()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            server.feed.send(event)  // encodes the entry as the daemon's feed does, then fans out
            await arrivals.arrival(of: server.hub.lastId)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Serve reference the same bytes written to 100 loopback TCP peers", configuration: configuration) { benchmark in
        let (clients, servers) = LoopbackSockets.pairs(subscribers)
        defer { for socket in clients + servers { close(socket) } }
        let arrivals = EventArrivals(sockets: clients)
        let server = await ServedSamples.shared.value
        let body = await server.entryEventText()
        var id: UInt64 = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            id += 1
            let bytes = Array(body.replacingOccurrences(of: "id: 0\n", with: "id: \(id)\n").utf8)
            for socket in servers { LoopbackSockets.send(socket, bytes) }
            await arrivals.arrival(of: id)
        }
    }
}

/// The HTTP server over the Counter and Pillar samples, in this process, started once.
struct ServedSamples: Sendable {
    let host: BundleHost
    let hub: EventHub
    let feed: SchedulerEventFeed
    let port: Int

    /// Started on first use, without blocking a thread of the pool the server needs.
    static let shared = Task { await start() }

    private static func start() async -> ServedSamples {
        let bundles = Bench.temporaryFolder("served-bundles")
        for name in ["CounterWidget", "PillarWidget"] {
            try! FileManager.default.copyItem(at: Bench.products.appendingPathComponent("lib\(name).so"),
                                              to: bundles.appendingPathComponent("lib\(name).so"))
        }
        let host = BundleHost(Bench.configuration(bundles: bundles, data: Bench.temporaryFolder("served-data"), isolation: .inProcess))
        await host.refreshAllTimelines(now: host.clock.now)
        let hub = EventHub(backlogSize: 1_024, maximumSubscribers: 256)
        let server = try! WidgetHTTPServer(
            configuration: ServerConfiguration(address: .tcp(host: "127.0.0.1", port: 0)), host: host,
            scheduler: ReloadScheduler(host: host), hub: hub,
            token: AccessToken.loadOrCreate(in: host.storeLocation.directory))
        let (urls, continuation) = AsyncStream<String>.makeStream()
        Task.detached { try await server.run { continuation.yield($0) } }
        var port = 0
        for await url in urls {
            port = Int(url.split(separator: ":").last!.filter(\.isNumber))!
            break
        }
        return ServedSamples(host: host, hub: hub, feed: SchedulerEventFeed(hub: hub) { host.clock.now }, port: port)
    }

    /// Pillar's current entry becoming current, as the scheduler reports it.
    func entryEvent() -> SchedulerEvent {
        let key = TimelineKey(kind: "PillarWidget", family: .systemSmall)
        let entry = host.registry.record(for: key)!.timeline!.entries[0]
        return .entryBecameCurrent(key, entry, index: 0, count: 1, at: entry.date)
    }

    /// The event as the stream sends it (`id:`, `event:`, `data:`), with `id: 0`.
    func entryEventText() async -> String {
        let stream = try! hub.subscribe(after: hub.lastId)
        feed.send(entryEvent())
        var iterator = stream.makeAsyncIterator()
        let event = await iterator.next()!
        return "id: 0\nevent: \(event.name)\ndata: \(event.data)\n\n"
    }
}
