import Foundation
import NIOPosix
import TestSupport
import WidgetDaemon
import WidgetHostCore
import WidgetServer
#if canImport(Glibc)
import Glibc
#endif

/// A live server on 127.0.0.1 (a port of its own) over a host of the sample bundles, for load
/// that only real connections make. (The unit suite's fixtures live in WidgetServerTests, which
/// this target cannot import.)
struct ServerStressFixture: Sendable {
    static let samples = ["CounterWidget", "PillarWidget"]

    let host: BundleHost
    let hub: EventHub
    let port: Int
    let task: Task<Void, any Error>

    static func start(maximumSubscribers: Int) async throws -> ServerStressFixture {
        let host = try await offThePool {
            let folder = try TestPaths.folderOfSamples(samples, prefix: "widgethost-server-stress")
            return BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: CallLimits(timeout: 10), storeLocation: TestStore.temporaryLocation()))
        }
        await host.refreshAllTimelines(now: host.clock.now)
        var configuration = ServerConfiguration(address: .tcp(host: "127.0.0.1", port: 0))
        configuration.maximumSubscribers = maximumSubscribers
        let hub = EventHub(backlogSize: configuration.backlogSize, maximumSubscribers: maximumSubscribers)
        let token = try AccessToken.loadOrCreate(in: host.storeLocation.directory)
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try WidgetHTTPServer(
            configuration: configuration, host: host, scheduler: ReloadScheduler(host: host), hub: hub, token: token, eventLoopGroup: loops)
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
        return ServerStressFixture(host: host, hub: hub, port: port, task: task)
    }

    func stop() {
        task.cancel()
        host.stopWorkers()
    }

    /// Opens `GET /v1/events` on a connection of its own. Blocking: call it through `offThePool`.
    func openEventStream() throws -> EventStreamConnection {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerStressFailure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw ServerStressFailure(description: "connect to port \(port): errno \(errno)")
        }
        // A hang guard for reads, not a timing assertion: a stream that stops for this long is stuck.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            close(socket)
            throw ServerStressFailure(description: "send: errno \(errno)")
        }
        return EventStreamConnection(socket: socket)
    }
}

struct ServerStressFailure: Error, CustomStringConvertible {
    let description: String
}

/// One client's event stream, read off its socket.
final class EventStreamConnection: Sendable {
    let socket: Int32
    init(socket: Int32) { self.socket = socket }

    /// The ids of the next `count` events (fewer if the stream ends or its read times out).
    /// Blocking: call it through `offThePool`.
    func readEventIds(count: Int) -> [UInt64] {
        var text = "", ids: [UInt64] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ids.count < count {
            let received = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { break }
            // Chunk sizes become lines of their own, which no field starts with; "\r\n" is one
            // Character to Swift, so it is made "\n" before splitting.
            text += String(decoding: buffer[..<received], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            while let end = text.range(of: "\n\n") {
                let block = text[..<end.lowerBound]
                text = String(text[end.upperBound...])
                if let line = block.split(separator: "\n").first(where: { $0.hasPrefix("id: ") }), let id = UInt64(line.dropFirst(4)) {
                    ids.append(id)
                }
            }
        }
        return ids
    }

    func close() { Glibc.close(socket) }
}
