import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a socket, so a test controls every header (`Host` included,
/// which URLSession sets itself). Blocking: call it through `offThePool`.
public struct RawHTTPClient: Sendable {
    public let port: Int

    public init(port: Int) {
        self.port = port
    }

    public struct Answer: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: [UInt8]

        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens a connection and sends `head` (and `body`); the caller reads.
    public func open(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Connection {
        let connection = try connect()
        var fields = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        for (name, value) in headers { fields[name] = value }
        if !body.isEmpty { fields["Content-Length"] = "\(body.count)" }
        var text = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in fields where !value.isEmpty { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        connection.send(Array(text.utf8) + body)
        return connection
    }

    /// A connection with nothing sent.
    public func connect() throws -> Connection {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        // Reads time out, so a test that waits for something that never comes fails instead of
        // hanging: a hang guard, not a timing assertion; a stream silent this long is stuck.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return Connection(socket: socket)
    }

    public func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Answer {
        let connection = try open(method, path, headers: headers, body: body)
        defer { connection.close() }
        var bytes: [UInt8] = []
        while let chunk = connection.receive() { bytes += chunk }
        return try Self.parse(bytes)
    }

    public static func parse(_ bytes: [UInt8]) throws -> Answer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw Failure(description: "no HTTP head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Answer(status: status, headers: headers, body: body)
    }

    public static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [], index = 0
        while index < bytes.count {
            guard let lineEnd = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            output += bytes[start..<min(start + size, bytes.count)]
            index = start + size + 2
        }
        return output
    }

    public final class Connection: Sendable {
        public let socket: Int32
        public init(socket: Int32) { self.socket = socket }

        public func send(_ bytes: [UInt8]) {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count <= 0 { return }
                sent += count
            }
        }

        /// The next bytes, or nil at the end (or after the read timeout).
        public func receive() -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            return count > 0 ? Array(buffer[..<count]) : nil
        }

        /// Whether the server closed the connection (rather than the read timing out) before
        /// sending anything more.
        public func waitsForClose() -> Bool {
            var byte: UInt8 = 0
            let count = recv(socket, &byte, 1, 0)
            return count == 0 || (count < 0 && errno == ECONNRESET)
        }

        /// Plays a slow client: sends `byteCount` spaces, one every `interval` seconds, on a
        /// thread of its own, until done or stopped. The sleep between bytes is the point: the
        /// server's body timeout is measured against it.
        public func drip(byteCount: Int, every interval: TimeInterval) -> Dripping {
            let dripping = Dripping()
            Thread { [self] in
                defer { dripping.ended.signal() }
                for _ in 0..<byteCount where !dripping.stopped.load(ordering: .relaxed) {
                    send([32])
                    Thread.sleep(forTimeInterval: interval)
                }
            }.start()
            return dripping
        }

        /// A `drip` under way.
        public final class Dripping: Sendable {
            fileprivate let stopped = Atomic<Bool>(false)
            fileprivate let ended = DispatchSemaphore(value: 0)

            /// Returns once the thread has sent its last byte, so the socket can be closed (and
            /// its number reused) without a late byte landing on another connection.
            public func stop() {
                stopped.store(true, ordering: .relaxed)
                ended.wait()
            }
        }

        public func close() { Glibc.close(socket) }
    }
}
