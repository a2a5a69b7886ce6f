import Benchmark
import Foundation
import Glibc
import Synchronization
import WidgetDaemon
import WidgetHostCore
import WidgetServer
import WidgetStore

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
        // The client blocks in recv: on a thread of its own, so the server keeps the pool's.
        // (The benchmark is handed over whole; the runner waits for this body to finish.)
        let measured = Box<Benchmark>()
        measured.value = benchmark
        await LoopbackSockets.onOwnThread {
            let benchmark = measured.unwrapped
            precondition(LoopbackSockets.get(socket, path: path, port: server.port) > 0)  // drawn once, then cached
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(LoopbackSockets.get(socket, path: path, port: server.port)) }
            benchmark.stopMeasurement()
        }
    }

    // The subscribers connect once and stay for every run of the benchmark (the runner calls a
    // body several times); a fresh set per run would race the last run's closing ones.
    Benchmark("Serve entry event to 100 event-stream subscribers (publish to last arrival)", configuration: configuration) { benchmark in
        let server = await ServedSamples.shared.value
        let arrivals = await ServedSamples.subscribers.value
        let event = server.entryEvent()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            server.feed.send(event)  // encodes the entry as the daemon's feed does, then fans out
            await arrivals.arrival(of: server.hub.lastId)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Serve reference the same bytes written to 100 loopback TCP peers", configuration: configuration) { benchmark in
        let peers = ServedSamples.loopbackPeers
        let body = await ServedSamples.shared.value.entryEventText()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let id = peers.nextId()
            let bytes = Array(body.replacingOccurrences(of: "id: 0\n", with: "id: \(id)\n").utf8)
            for socket in peers.servers { LoopbackSockets.send(socket, bytes) }
            await peers.arrivals.arrival(of: id)
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

    static let subscriberCount = 100

    /// 100 clients on the server's event stream, connected once.
    static let subscribers = Task { () -> EventArrivals in
        let server = await shared.value
        let sockets = (0..<subscriberCount).map { _ in LoopbackSockets.connect(port: server.port) }
        let request = Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        for socket in sockets { LoopbackSockets.send(socket, request) }
        while server.hub.subscriberCount < subscriberCount { try? await Task.sleep(for: .milliseconds(1)) }
        return EventArrivals(sockets: sockets)
    }

    /// The floor's 100 loopback TCP peers, connected once.
    static let loopbackPeers = LoopbackPeers(count: subscriberCount)

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
            store: LazySharedStore(location: host.storeLocation), scheduler: ReloadScheduler(host: host), hub: hub,
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

/// Loopback TCP pairs: the floor writes to `servers`; readers count arrivals on the clients.
final class LoopbackPeers: Sendable {
    let servers: [Int32]
    let arrivals: EventArrivals
    private let lastId = Mutex<UInt64>(0)

    init(count: Int) {
        let (clients, servers) = LoopbackSockets.pairs(count)
        self.servers = servers
        arrivals = EventArrivals(sockets: clients)
    }

    func nextId() -> UInt64 { lastId.withLock { $0 += 1; return $0 } }
}
