import Foundation
import Testing
import TestSupport
@testable import WidgetServer

@Suite("HTTP: remote serving and slow clients", .serialized)
struct RemoteAndSlowClientTests {
    @Test func servedBeyondLoopbackEveryRequestNeedsTheToken() async throws {
        let server = try await ServerFixture.start(address: .tcp(host: "0.0.0.0", port: 0))
        defer { server.stop() }
        let bare = try await offThePool { try server.client.request("GET", "/v1/widgets") }
        #expect(bare.status == 401)
        #expect(bare.text.contains("http.token"))
        let bearer = try await offThePool {
            try server.client.request("GET", "/v1/widgets", headers: ["Authorization": "Bearer \(server.token.value)"])
        }
        #expect(bearer.status == 200)
        let wrong = try await offThePool { try server.client.request("GET", "/?token=0123") }
        #expect(wrong.status == 401)
        // A browser opens /?token=… once; the token moves into a cookie for this server only.
        let welcome = try await offThePool { try server.client.request("GET", "/?token=\(server.token.value)") }
        #expect(welcome.status == 303)
        let cookie = try #require(welcome.header("set-cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let pair = try #require(cookie.split(separator: ";").first.map(String.init))
        let page = try await offThePool { try server.client.request("GET", "/", headers: ["Cookie": pair]) }
        #expect(page.status == 200)
        // The machine's own names pass the Host check; others are still refused.
        let foreign = try await offThePool {
            try server.client.request("GET", "/v1/widgets", headers: ["Host": "evil.example:\(server.port)", "Cookie": pair])
        }
        #expect(foreign.status == 421)
    }

    @Test func aClientThatNeverFinishesItsRequestIsCutOff() async throws {
        let server = try await ServerFixture.start { $0.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let stalled = try await offThePool { try Self.halfHead(port: server.port) }
        defer { stalled.close() }
        // The read timeout is 30 s; the server's 1 s cuts first, so the read sees the close.
        #expect(try await offThePool { stalled.waitsForClose() })
    }

    @Test func aBodyThatFallsSilentIsCutOff() async throws {
        let server = try await ServerFixture.start { $0.requestTimeout = .seconds(1) }
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
        let server = try await ServerFixture.start { $0.requestTimeout = .seconds(1) }
        defer { server.stop() }
        let answer = try await offThePool { () throws -> RawHTTPClient.Answer in
            let connection = try server.client.open(
                "POST", "/v1/reload", headers: ["X-Widgethost-Token": server.token.value, "Content-Length": "100"])
            defer { connection.close() }
            // A byte every 250 ms: never idle for the timeout, but the whole body takes 25 s.
            let sender = Thread { for _ in 0..<100 where !Thread.current.isCancelled { connection.send([32]); usleep(250_000) } }
            sender.start()
            defer { sender.cancel() }
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
