import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetStore
@testable import WidgetServer
import WidgetPayload

/// The app-facing HTTP API: an App Group's defaults in `StoredValue`'s wire form, reloads,
/// the widgets the user added and pinning one, each one call of `AppService`, with its refusals
/// as `{"error": {"code", "message"}}`.
@Suite("HTTP API: apps")
struct AppRoutesTests {
    static let group = "group.dev.widgethost.counter"
    static let defaults = "/v1/groups/\(group)/defaults"

    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private static func errorCode(_ answer: HTTPAnswer) throws -> String? {
        (try object(answer)["error"] as? [String: Any])?["code"] as? String
    }

    private func send(_ server: ServerFixture, _ method: String, _ path: String, _ body: String = "", token: Bool = true) async throws -> HTTPAnswer {
        let headers = ["Content-Type": "application/json"].merging(token ? ["X-Widgethost-Token": server.token.value] : [:]) { $1 }
        return try await server.request(method, path, headers: headers, body: Array(body.utf8))
    }

    private func get(_ server: ServerFixture, _ path: String) async throws -> HTTPAnswer {
        try await server.request("GET", path, headers: ["X-Widgethost-Token": server.token.value])
    }

    /// The value the API answers for `key`, decoded from its wire form.
    private func value(_ server: ServerFixture, _ key: String) async throws -> StoredValue? {
        let answer = try await get(server, "\(Self.defaults)/\(key)")
        guard answer.status == 200 else { return nil }
        return try JSONDecoder().decode(StoredValue.self, from: Data(answer.body))
    }

    @Test func everyTypeMakesTheRoundTrip() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let values: [(String, String, StoredValue)] = [
            ("flag", #"{"type":"bool","value":true}"#, .bool(true)),
            ("count", #"{"type":"int","value":9223372036854775807}"#, .int(.max)),
            ("ratio", #"{"type":"double","value":-3.25}"#, .double(-3.25)),
            ("name", #"{"type":"string","value":"héllo \"world\""}"#, .string("héllo \"world\"")),
            ("bytes", #"{"type":"data","value":"AAEC/w=="}"#, .data(Data([0, 1, 2, 255]))),
            ("when", #"{"type":"date","value":1700000000.5}"#, .date(Date(timeIntervalSince1970: 1_700_000_000.5))),
            ("doc", #"{"type":"json","value":{"a":[1,2.5,{"b":null}],"c":"d"}}"#,
             .json(.object(["a": .array([.integer(1), .number(2.5), .object(["b": .null])]), "c": .string("d")]))),
        ]
        for (key, body, expected) in values {
            let written = try await send(server, "PUT", "\(Self.defaults)/\(key)", body)
            #expect(written.status == 204, "\(key): \(written.text)")
            #expect(try await value(server, key) == expected, "\(key)")
            // What the API wrote is what the store holds, for the CLI and widgets alike.
            #expect(try server.store.open().value(forKey: key, in: AppGroupID(validating: Self.group)) == expected)
        }
        let all = try Self.object(try await get(server, Self.defaults))
        #expect(all["group"] as? String == Self.group)
        let members = try #require(all["values"] as? [String: Any])
        #expect(Set(members.keys) == Set(values.map(\.0)))
        let listed = try JSONDecoder().decode([String: StoredValue].self, from: JSONSerialization.data(withJSONObject: members))
        #expect(listed == Dictionary(uniqueKeysWithValues: values.map { ($0.0, $0.2) }))

        // A key is percent-encoded in the path: any UTF-8, slashes included.
        let odd = try await send(server, "PUT", "\(Self.defaults)/a%2Fb%20%C3%A9", #"{"type":"int","value":1}"#)
        #expect(odd.status == 204, "\(odd.text)")
        #expect(try await value(server, "a%2Fb%20%C3%A9") == .int(1))
        #expect(try server.store.open().value(forKey: "a/b é", in: AppGroupID(validating: Self.group)) == .int(1))
    }

    @Test func aPatchWithOneBadValueWritesNothing() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        #expect(try await send(server, "PUT", "\(Self.defaults)/a", #"{"type":"int","value":1}"#).status == 204)

        // Refused while reading the body: a value that is not one.
        let malformed = try await send(server, "PATCH", Self.defaults,
                                       #"{"values":{"a":{"type":"int","value":2},"b":{"type":"string","value":"x"},"c":{"type":"int","value":"nope"}}}"#)
        #expect(malformed.status == 422, "\(malformed.text)")
        #expect(try Self.errorCode(malformed) == "invalidValue")
        #expect(malformed.text.contains("'c'"), "the refusal names the key: \(malformed.text)")
        // Refused by the store: a date out of range, an empty key. Checked before the transaction.
        let outOfRange = try await send(server, "PATCH", Self.defaults,
                                        #"{"values":{"a":{"type":"int","value":2},"b":{"type":"date","value":1e300}}}"#)
        #expect(outOfRange.status == 422, "\(outOfRange.text)")
        #expect(try Self.errorCode(outOfRange) == "invalidValue")
        let emptyKey = try await send(server, "PATCH", Self.defaults, #"{"values":{"a":null,"":{"type":"int","value":3}}}"#)
        #expect(emptyKey.status == 400, "\(emptyKey.text)")
        #expect(try Self.errorCode(emptyKey) == "invalidKey")
        #expect(try await value(server, "a") == .int(1), "nothing was written")
        #expect(try await value(server, "b") == nil)

        // Not the envelope: 400, as any other body the API cannot read.
        for body in ["", "{", #"{"a":{"type":"int","value":2}}"#, #"{"values":[]}"#] {
            let refused = try await send(server, "PATCH", Self.defaults, body)
            #expect(refused.status == 400, "\(body): \(refused.text)")
            #expect(try Self.errorCode(refused) == "badBody")
        }

        let applied = try await send(server, "PATCH", Self.defaults, #"{"values":{"a":null,"b":{"type":"string","value":"x"}}}"#)
        #expect(applied.status == 204, "\(applied.text)")
        #expect(try await value(server, "a") == nil, "null removes")
        #expect(try await value(server, "b") == .string("x"))
    }

    @Test func anAbsentKeyIs404AndDeleteRemovesOne() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let missing = try await get(server, "\(Self.defaults)/nothing")
        #expect(missing.status == 404)
        #expect(try Self.errorCode(missing) == "unknownKey")
        #expect(missing.text.contains("nothing"))
        let deleteMissing = try await send(server, "DELETE", "\(Self.defaults)/nothing")
        #expect(deleteMissing.status == 404)
        #expect(try Self.errorCode(deleteMissing) == "unknownKey")

        #expect(try await send(server, "PUT", "\(Self.defaults)/count", #"{"type":"int","value":3}"#).status == 204)
        let deleted = try await send(server, "DELETE", "\(Self.defaults)/count")
        #expect(deleted.status == 204, "\(deleted.text)")
        #expect(try await value(server, "count") == nil)
        // A group never written to has no values, and is no error.
        let empty = try Self.object(try await get(server, "/v1/groups/group.example.empty/defaults"))
        #expect((empty["values"] as? [String: Any])?.isEmpty == true)

        let wrongMethod = try await send(server, "POST", Self.defaults, "{}")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("allow") == "GET, HEAD, PATCH")
        let bad = try await send(server, "PUT", "\(Self.defaults)/count", #"{"type":"int""#)
        #expect(bad.status == 400, "\(bad.text)")
        #expect(try Self.errorCode(bad) == "badBody")
        let notAValue = try await send(server, "PUT", "\(Self.defaults)/count", #"{"type":"float","value":1}"#)
        #expect(notAValue.status == 422, "\(notAValue.text)")
        #expect(try Self.errorCode(notAValue) == "invalidValue")
        for body in ["[]", "null", "42"] {
            let notAnObject = try await send(server, "PUT", "\(Self.defaults)/count", body)
            #expect(notAnObject.status == 422, "\(body): \(notAnObject.text)")
            #expect(notAnObject.text.contains("it is not an object"), "\(body): \(notAnObject.text)")
        }
    }

    @Test func aMalformedGroupIsRefusedAndNothingIsCreated() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let escaping = "/v1/groups/group.a%2F..%2Fb/defaults"
        let groups = server.host.storeLocation.groupsDirectory
        let containers = { (try? FileManager.default.contentsOfDirectory(atPath: groups.path).sorted()) ?? [] }
        let before = containers()
        for (method, path, body) in [
            ("GET", escaping, ""), ("PATCH", escaping, #"{"values":{"k":{"type":"int","value":1}}}"#),
            ("GET", escaping + "/k", ""), ("PUT", escaping + "/k", #"{"type":"int","value":1}"#), ("DELETE", escaping + "/k", ""),
            ("PUT", "/v1/groups/grup.example.app/defaults/k", #"{"type":"int","value":1}"#),
        ] {
            let answer = try await send(server, method, path, body)
            #expect(answer.status == 400, "\(method) \(path): \(answer.text)")
            #expect(try Self.errorCode(answer) == "invalidGroup", "\(method) \(path)")
        }
        let answer = try await get(server, escaping)
        #expect(answer.text.contains("group.a/../b"), "the message names the decoded group: \(answer.text)")
        #expect(containers() == before, "no container was made")
        #expect(!FileManager.default.fileExists(atPath: server.host.storeLocation.directory.appendingPathComponent("b").path))
    }

    @Test func writesAndAGroupsValuesNeedTheToken() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        for (method, path, body) in [
            ("PUT", "\(Self.defaults)/k", #"{"type":"int","value":1}"#),
            ("PATCH", Self.defaults, #"{"values":{"k":{"type":"int","value":1}}}"#),
            ("DELETE", "\(Self.defaults)/k", ""),
            ("POST", "/v1/pins", #"{"kind":"CounterWidget"}"#),
            ("POST", "/v1/reload", #"{"all":true}"#),
        ] {
            let answer = try await send(server, method, path, body, token: false)
            #expect(answer.status == 403, "\(method) \(path): \(answer.text)")
            #expect(try Self.errorCode(answer) == "tokenRequired")
        }
        #expect(try await value(server, "k") == nil)
        #expect(try server.store.open().instances().isEmpty)
        // Reading a group's values needs it too, even on loopback; the widgets the user added do not.
        for path in [Self.defaults, "\(Self.defaults)/k"] {
            for headers in [[:], ["X-Widgethost-Token": "00"], ["Authorization": "Bearer 00"]] {
                let answer = try await server.request("GET", path, headers: headers)
                #expect(answer.status == 403, "GET \(path) \(headers): \(answer.text)")
                #expect(try Self.errorCode(answer) == "tokenRequired")
            }
        }
        #expect(try await server.request("GET", Self.defaults, headers: ["Authorization": "Bearer \(server.token.value)"]).status == 200)
        #expect(try await server.request("HEAD", Self.defaults).status == 403)
        #expect(try await server.request("GET", "/v1/configurations").status == 200)

        // Served beyond loopback every request needs it, and the same token reads the values.
        let remote = try await ServerFixture.make(samples: ["CounterWidget"], address: .tcp(host: "0.0.0.0", port: ServerFixture.port))
        defer { remote.stop() }
        #expect(try await remote.request("GET", Self.defaults).status == 401)
        #expect(try await remote.request("GET", Self.defaults, headers: ["Authorization": "Bearer \(remote.token.value)"]).status == 200)
    }

    @Test func reloadsTakeKindsOrAllAndRefuseAnUnknownKind() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let named = try await send(server, "POST", "/v1/reload", #"{"kinds":["CounterWidget"],"force":true}"#)
        #expect(named.status == 202, "\(named.text)")
        let reply = try Self.object(named)
        #expect(reply["kinds"] as? [String] == ["CounterWidget"])
        #expect(reply["forced"] as? Bool == true)
        #expect(reply["all"] as? Bool == false)
        #expect((reply["requestIds"] as? [Int])?.count == 1)
        #expect(reply["deliveredToRunningHost"] is Bool)

        let all = try await send(server, "POST", "/v1/reload", #"{"all":true}"#)
        #expect(all.status == 202, "\(all.text)")
        let allReply = try Self.object(all)
        #expect(allReply["all"] as? Bool == true)
        #expect(allReply["forced"] as? Bool == false)
        #expect(allReply["kinds"] as? [String] == ["CounterWidget", "PillarWidget"], "every kind installed now")

        let unknown = try await send(server, "POST", "/v1/reload", #"{"kinds":["CounterWidget","Nope"]}"#)
        #expect(unknown.status == 400, "\(unknown.text)")
        #expect(try Self.errorCode(unknown) == "unknownKind")
        #expect(unknown.text.contains("Nope") && unknown.text.contains("PillarWidget"), "names the known kinds")
        for body in [#"{"kinds":[]}"#, #"{"kinds":["CounterWidget"],"all":true}"#, #"{"all":false}"#, "{}", "[]"] {
            let refused = try await send(server, "POST", "/v1/reload", body)
            #expect(refused.status == 400, "\(body): \(refused.text)")
            #expect(try Self.errorCode(refused) == "badBody", "\(body)")
        }
        let recorded = try server.store.open().pendingReloadRequests()
        #expect(recorded.count == 2, "the refused requests recorded nothing: \(recorded)")
    }

    @Test func aPinnedWidgetIsAmongTheConfigurations() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let before = try Self.object(try await server.request("GET", "/v1/configurations"))
        #expect((before["widgets"] as? [Any])?.isEmpty == true, "a kind's implicit widgets are not listed")

        let first = try await send(server, "POST", "/v1/pins", #"{"kind":"CounterWidget","family":null}"#)
        #expect(first.status == 201, "\(first.text)")
        let pinned = try Self.object(first)
        #expect(pinned["family"] as? String == "systemSmall", "the kind's first family")
        #expect(pinned["kind"] as? String == "CounterWidget")
        #expect((pinned["configuration"] as? [String: Any])?.isEmpty == true)
        let second = try Self.object(try await send(server, "POST", "/v1/pins", #"{"kind":"CounterWidget","family":"systemMedium"}"#))
        #expect(second["family"] as? String == "systemMedium")

        let unsupported = try await send(server, "POST", "/v1/pins", #"{"kind":"PillarWidget","family":"systemLarge"}"#)
        #expect(unsupported.status == 400, "\(unsupported.text)")
        #expect(try Self.errorCode(unsupported) == "unknownFamily")
        let noFamily = try await send(server, "POST", "/v1/pins", #"{"kind":"CounterWidget","family":""}"#)
        #expect(noFamily.status == 400)
        #expect(try Self.errorCode(noFamily) == "unknownFamily")
        let unknownKind = try await send(server, "POST", "/v1/pins", #"{"kind":"Nope"}"#)
        #expect(unknownKind.status == 400, "\(unknownKind.text)")
        #expect(try Self.errorCode(unknownKind) == "unknownKind")
        let noKind = try await send(server, "POST", "/v1/pins", #"{"family":"systemSmall"}"#)
        #expect(noKind.status == 400)
        #expect(try Self.errorCode(noKind) == "badBody")

        let after = try Self.object(try await server.request("GET", "/v1/configurations"))
        let widgets = try #require(after["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["id"] as? String } == [pinned["id"] as? String, second["id"] as? String], "oldest first")
        #expect(widgets.map { $0["family"] as? String } == ["systemSmall", "systemMedium"])
        #expect(try server.store.open().instances().count == 2, "the refused pins added nothing")
    }
}
