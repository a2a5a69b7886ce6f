import Foundation
import Testing
import TestSupport
@testable import WidgetServer

@Suite("HTTP security")
struct SecurityTests {
    @Test func aForeignHostHeaderIsRefused() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        let rebound = try await server.request("GET", "/v1/widgets", headers: ["Host": "evil.example:\(server.port)"])
        #expect(rebound.status == 421)
        let otherPort = try await server.request("GET", "/v1/widgets", headers: ["Host": "localhost:1"])
        #expect(otherPort.status == 421)
        let localhost = try await server.request("GET", "/v1/widgets", headers: ["Host": "localhost:\(server.port)"])
        #expect(localhost.status == 200)
    }

    @Test func postNeedsTheTokenOrTheSameOrigin() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let body = Array(#"{"kinds": ["CounterWidget"], "force": false}"#.utf8)
        let json = ["Content-Type": "application/json"]
        let bare = try await server.request("POST", "/v1/reload", headers: json, body: body)
        #expect(bare.status == 403)
        let wrong = try await server.request("POST", "/v1/reload", headers: json.merging(["Authorization": "Bearer 00"]) { $1 }, body: body)
        #expect(wrong.status == 403)
        let foreignOrigin = try await server.request("POST", "/v1/reload", headers: json.merging(["Origin": "http://evil.example"]) { $1 }, body: body)
        #expect(foreignOrigin.status == 403)
        let bearer = try await server.request("POST", "/v1/reload", headers: json.merging(["Authorization": "Bearer \(server.token.value)"]) { $1 }, body: body)
        #expect(bearer.status == 202)
        let header = try await server.request("POST", "/v1/reload", headers: json.merging(["X-Widgethost-Token": server.token.value]) { $1 }, body: body)
        #expect(header.status == 202)
        let sameOrigin = try await server.request("POST", "/v1/reload", headers: json.merging(["Origin": "http://127.0.0.1:\(server.port)"]) { $1 }, body: body)
        #expect(sameOrigin.status == 202)
    }

    @Test func unknownKindsAreRefusedNamingTheKnownOnes() async throws {
        let server = try await ServerFixture.make(samples: ["PillarWidget"])
        defer { server.stop() }
        let body = Array(#"{"kinds": ["Nope"]}"#.utf8)
        let answer = try await server.request("POST", "/v1/reload", headers: ["X-Widgethost-Token": server.token.value], body: body)
        #expect(answer.status == 400)
        #expect(answer.text.contains("Nope") && answer.text.contains("PillarWidget"))
    }

    @Test func aBodyOver64KiBIsRefused() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        let body = Array(("{\"kinds\": [\"" + String(repeating: "x", count: 70 * 1024) + "\"]}").utf8)
        let answer = try await server.request("POST", "/v1/reload", headers: ["X-Widgethost-Token": server.token.value], body: body)
        #expect(answer.status == 413)
        #expect(answer.text.contains("bodyTooLarge"))
    }

    @Test func servedBeyondLoopbackEveryRequestNeedsTheToken() async throws {
        let server = try await ServerFixture.make(samples: [], address: .tcp(host: "0.0.0.0", port: ServerFixture.port))
        defer { server.stop() }
        let bare = try await server.request("GET", "/v1/widgets")
        #expect(bare.status == 401)
        #expect(bare.text.contains("http.token"))
        let bearer = try await server.request("GET", "/v1/widgets", headers: ["Authorization": "Bearer \(server.token.value)"])
        #expect(bearer.status == 200)
        let wrong = try await server.request("GET", "/?token=0123")
        #expect(wrong.status == 401)
        // A browser opens /?token=… once; the token moves into a cookie for this server only.
        let welcome = try await server.request("GET", "/?token=\(server.token.value)")
        #expect(welcome.status == 303)
        let cookie = try #require(welcome.header("set-cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let pair = try #require(cookie.split(separator: ";").first.map(String.init))
        let page = try await server.request("GET", "/", headers: ["Cookie": pair])
        #expect(page.status == 200)
        // The machine's own names pass the Host check; others are still refused.
        let foreign = try await server.request("GET", "/v1/widgets", headers: ["Host": "evil.example:\(server.port)", "Cookie": pair])
        #expect(foreign.status == 421)
    }

    @Test func aRequestWithoutAHostHeaderIsRefused() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        let answer = try await server.request("GET", "/v1/widgets", headers: ["Host": ""])
        #expect(answer.status == 421)
        #expect(answer.text.contains("wrongHost"))
    }

    @Test func theTokenFileIsPrivate() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-token")
        let token = try AccessToken.loadOrCreate(in: folder)
        #expect(token.value.count == 64)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("http.token").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try AccessToken.loadOrCreate(in: folder) == token)
    }

    @Test func aNonLoopbackAddressNeedsAllowRemote() throws {
        let address = try ListenAddress(parsing: "0.0.0.0:8787")
        #expect(throws: ServerConfigurationError.self) { try ServerConfiguration(address: address).validate() }
        try ServerConfiguration(address: address, allowRemote: true).validate()
        #expect(try ListenAddress(parsing: "unix:/tmp/x.sock") == .unix(path: "/tmp/x.sock"))
        #expect(try ListenAddress(parsing: "off") == .off)
        #expect(throws: ServerConfigurationError.self) { try ListenAddress(parsing: "127.0.0.1:99999") }
    }
}
