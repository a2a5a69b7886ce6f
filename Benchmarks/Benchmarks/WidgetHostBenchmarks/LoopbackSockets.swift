import Foundation
import Glibc
import Synchronization

/// Plain loopback sockets for the server benchmarks: a keep-alive HTTP/1.1 GET, readers that
/// count Server-Sent Events per id, and the floor (the same bytes written to TCP peers).
enum LoopbackSockets {
    /// Runs blocking socket work on a thread of its own, off the concurrency pool.
    static func onOwnThread(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                body()
                continuation.resume()
            }
        }
    }

    static func connect(port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(result == 0, "connect to \(port): errno \(errno)")
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    static func send(_ socket: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            precondition(count > 0, "send: errno \(errno)")
            sent += count
        }
    }

    /// One GET on a kept-alive connection; returns the body's size.
    static func get(_ socket: Int32, path: String, port: Int) -> Int {
        send(socket, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            precondition(count > 0, "recv: connection closed")
            bytes += buffer[..<count]
            guard let end = headEnd(bytes) else { continue }
            let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if bytes.count >= end + 4 + length { return length }
        }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// A listening socket on 127.0.0.1 and `count` connections to it: (clients, accepted).
    static func pairs(_ count: Int) -> (clients: [Int32], servers: [Int32]) {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(listener, $0, length)
                _ = listen(listener, Int32(count))
                _ = getsockname(listener, $0, &length)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        var clients: [Int32] = [], servers: [Int32] = []
        for _ in 0..<count {
            clients.append(connect(port: port))
            servers.append(accept(listener, nil, nil))
        }
        close(listener)
        return (clients, servers)
    }
}

/// Readers, one thread per socket, that count each event id they see; `arrival(of:)` returns
/// once every reader has seen that id, without blocking a thread of the concurrency pool (the
/// server's event-stream tasks run there).
final class EventArrivals: Sendable {
    private struct State {
        var counts: [UInt64: Int] = [:]
        var complete: Set<UInt64> = []
        var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())
    private let readers: Int

    init(sockets: [Int32]) {
        readers = sockets.count
        for socket in sockets {
            Thread.detachNewThread { [self] in read(socket) }
        }
    }

    func arrival(of id: UInt64) async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state -> Bool in
                if state.complete.remove(id) != nil { return true }
                state.waiting[id] = continuation
                return false
            }
            if arrived { continuation.resume() }
        }
    }

    private func read(_ socket: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var pending = ""
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
            while let line = pending.range(of: "\n") {
                let text = pending[..<line.lowerBound]
                if text.hasPrefix("id: "), let id = UInt64(text.dropFirst(4).trimmingCharacters(in: .whitespaces)) {
                    seen(id)
                }
                pending.removeSubrange(..<line.upperBound)
            }
        }
    }

    private func seen(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.counts[id, default: 0] += 1
            guard state.counts[id] == readers else { return nil }
            state.counts[id] = nil
            if let waiter = state.waiting.removeValue(forKey: id) { return waiter }
            state.complete.insert(id)
            return nil
        }
        waiter?.resume()
    }
}
