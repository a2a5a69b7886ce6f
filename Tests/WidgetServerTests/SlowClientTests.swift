import Foundation
import Testing
import ServerTestSupport
import TestSupport
@testable import WidgetServer

/// Clients that hold a connection without finishing their request: only a real socket shows
/// them, and the server's own timeouts (real time, 1 s here) cut them off.
///
/// Serialized: each test times the server's real 1 s timeout against a client's own thread (one
/// drips a byte every 50 ms and must never fall silent for the second); three live servers and
/// their clients at once make it likelier that a loaded machine holds that thread back too long.
@Suite("HTTP: slow clients", .serialized)
struct SlowClientTests {
    @Test func aClientThatNeverFinishesItsRequestIsCutOff() async throws {
        let server = try await LiveServerFixture.start(samples: []) { $0.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let stalled = try await offThePool { try Self.halfHead(port: server.port) }
        defer { stalled.close() }
        // The read timeout is 30 s; the server's 1 s cuts first, so the read sees the close.
        #expect(try await offThePool { stalled.waitsForClose() })
    }

    @Test func aBodyThatFallsSilentIsCutOff() async throws {
        let server = try await LiveServerFixture.start(samples: []) { $0.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let closed = try await offThePool { () throws -> Bool in
            let connection = try server.client.open(
                "POST", "/v1/reload", headers: ["X-Widgethost-Token": server.token.value, "Content-Length": "100"])
            defer { connection.close() }
            connection.send(Array(#"{"kinds": ["#.utf8))
            return connection.waitsForClose()
        }
        #expect(closed)
    }

    @Test func aBodyDrippedForLongerThanTheTimeoutIs408() async throws {
        let server = try await LiveServerFixture.start(samples: []) { $0.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let answer = try await offThePool { () throws -> RawHTTPClient.Answer in
            let connection = try server.client.open(
                "POST", "/v1/reload", headers: ["X-Widgethost-Token": server.token.value, "Content-Length": "100"])
            defer { connection.close() }
            // A byte every 50 ms: never idle for the timeout (a dripping thread held back for a
            // whole second by a loaded machine would be, and was once in CI), but the whole body
            // takes 5 s.
            let dripping = connection.drip(byteCount: 100, every: 0.05)
            defer { dripping.stop() }
            var bytes: [UInt8] = []
            while let chunk = connection.receive() {
                bytes += chunk
                if String(decoding: bytes, as: UTF8.self).contains("}}") { break }
            }
            return try RawHTTPClient.parse(bytes)
        }
        #expect(answer.status == 408)
        #expect(answer.text.contains("bodyTimeout"))
    }

    /// A connection that sends the start of a request head and stops.
    private static func halfHead(port: Int) throws -> RawHTTPClient.Connection {
        let client = RawHTTPClient(port: port)
        let connection = try client.connect()
        connection.send(Array("GET /v1/widgets HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8))
        return connection
    }
}
