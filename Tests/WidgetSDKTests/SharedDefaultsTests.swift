import Foundation
import Synchronization
import Testing
import WidgetABI
@testable import WidgetSDK
import WidgetPayload

// A bundle's SharedDefaults against a fake host: a wk_host_services_t built here from
// @convention(c) functions, connected as the host's init would connect it.
//
// The fake host serves one declared group, `group.widgethost.sdk`:
//   answer → {"type":"int","value":42}      name → {"type":"string","value":"Ada"}
//   score  → a JSON document                 broken → a VALUE that is not JSON (status OK)
//   offline → FAILURE storeUnavailable (6)   tooBig → FAILURE valueTooLarge (5)
//   silent → REFUSED without a reply         anything else → NOT_FOUND, reply untouched
// Any other group gets UNDECLARED_GROUP (4) with a FAILURE, as the real host answers.

private let declaredGroup = "group.widgethost.sdk"
private let otherGroup = "group.widgethost.elsewhere"

/// What the fake host was asked, in order: "get group key", "set group key json", ….
private let hostCalls = Mutex<[String]>([])

private func record(_ call: String) {
    hostCalls.withLock { $0.append(call) }
}

private func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? "<NULL>"
}

/// Hands `json` to the caller's wk_reply_t, as the host does: not NUL-terminated, borrowed.
private func send(_ json: String, to reply: UnsafePointer<wk_reply_t>?) {
    guard let reply, let receive = reply.pointee.receive else { return }
    let bytes = Array(json.utf8)
    bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { receive(reply.pointee.context, $0.baseAddress, $0.count) }
    }
}

private func undeclared(_ group: String, _ reply: UnsafePointer<wk_reply_t>?) -> wk_status_t {
    send(#"{"code":"undeclaredGroup","message":"bundle 'FakeBundle' used App Group '\#(group)', which it does not declare"}"#, to: reply)
    return Int32(WK_STATUS_UNDECLARED_GROUP)
}

private let fakeGet: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<wk_reply_t>?) -> wk_status_t = { group, key, reply in
    let (group, key) = (text(group), text(key))
    record("get \(group) \(key)")
    guard group == declaredGroup else { return undeclared(group, reply) }
    switch key {
    case "answer":
        send(#"{"type":"int","value":42}"#, to: reply)
    case "name":
        send(#"{"type":"string","value":"Ada"}"#, to: reply)
    case "score":
        send(#"{"type":"json","value":{"points":7,"player":"Ada"}}"#, to: reply)
    case "broken":
        send("this is not a VALUE", to: reply)
    case "offline":
        send(#"{"code":"storeUnavailable","message":"the disk is on fire"}"#, to: reply)
        return Int32(WK_STATUS_STORE_UNAVAILABLE)
    case "tooBig":
        send(#"{"code":"valueTooLarge","message":"value for 'tooBig' is too large"}"#, to: reply)
        return Int32(WK_STATUS_REFUSED)
    case "silent":
        return Int32(WK_STATUS_REFUSED)
    default:
        return Int32(WK_STATUS_NOT_FOUND)
    }
    return Int32(WK_STATUS_OK)
}

private let fakeSet: @convention(c) (
    UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int, UnsafePointer<wk_reply_t>?
) -> wk_status_t = { group, key, json, length, reply in
    let value = json.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "<NULL>"
    record("set \(text(group)) \(text(key)) \(value)")
    guard text(group) == declaredGroup else { return undeclared(text(group), reply) }
    return Int32(WK_STATUS_OK)
}

private let fakeRemove: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<wk_reply_t>?) -> wk_status_t = { group, key, reply in
    record("remove \(text(group)) \(text(key))")
    guard text(group) == declaredGroup else { return undeclared(text(group), reply) }
    return Int32(WK_STATUS_OK)
}

private let fakeContainer: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<wk_reply_t>?) -> wk_status_t = { group, reply in
    record("container \(text(group))")
    guard text(group) == declaredGroup else { return undeclared(text(group), reply) }
    send(#"{"path":"\/tmp\/fake-store\/groups\/\#(text(group))"}"#, to: reply)
    return Int32(WK_STATUS_OK)
}

/// A NUL-terminated copy that lives for the rest of the process.
private func permanent(_ string: String) -> UnsafePointer<CChar> {
    let bytes = Array(string.utf8CString)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(buffer)
}

/// A services table `size` bytes long as the fake host "compiled" it; every function is set, so
/// a table that is too short must be refused by looking at `struct_size`, not at NULLs.
private func makeTable(size: Int) -> UnsafePointer<wk_host_services_t> {
    let table = UnsafeMutablePointer<wk_host_services_t>.allocate(capacity: 1)
    table.initialize(to: wk_host_services_t(
        struct_size: UInt32(size),
        abi_version: wk_version_t(major: 1, minor: size >= MemoryLayout<wk_host_services_t>.size ? 1 : 0, patch: 0),
        host_name: permanent("fake-host"),
        host_version: permanent("0.0.0"),
        // No log and no reloads: WidgetLog and WidgetCenter behave as with no host, so the other
        // suites' "no host" checks hold while this one is connected.
        log: nil,
        reload_timelines: nil,
        reload_all_timelines: nil,
        defaults_get: fakeGet,
        defaults_set: fakeSet,
        defaults_remove: fakeRemove,
        group_container_path: fakeContainer))
    return UnsafePointer(table)
}

// Unsafe is fine: built once here, never written afterwards, like the host's own tables.
nonisolated(unsafe) private let fullTable = makeTable(size: MemoryLayout<wk_host_services_t>.size)
/// A host speaking ABI 1.0: its table ends where 1.1 appended defaults_get.
nonisolated(unsafe) private let abi10Table = makeTable(size: MemoryLayout<wk_host_services_t>.offset(of: \.defaults_get)!)
/// A table that ends after defaults_get: reads work, nothing else does.
nonisolated(unsafe) private let getOnlyTable = makeTable(size: MemoryLayout<wk_host_services_t>.offset(of: \.defaults_set)!)

/// The bundle the fake host loaded: its name and declared groups are what the SDK reports.
nonisolated(unsafe) private let fakeBundle: UnsafePointer<wk_bundle_t> = {
    let groups = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    groups[0] = permanent(declaredGroup)
    let bundle = UnsafeMutablePointer<wk_bundle_t>.allocate(capacity: 1)
    bundle.initialize(to: wk_bundle_t(
        struct_size: UInt32(MemoryLayout<wk_bundle_t>.size),
        abi_version: wk_version_t(major: 1, minor: 1, patch: 0),
        name: permanent("FakeBundle"),
        version: permanent("1.0.0"),
        init: nil,
        widgets: nil,
        widget_count: 0,
        app_groups: UnsafePointer(groups),
        app_group_count: 1,
        sdk_version: nil,
        intents_json: nil,
        perform: nil,
        sandbox_flags: 0))
    return UnsafePointer(bundle)
}()

private struct Score: Codable, Equatable {
    let points: Int
    let player: String
}

/// Serialized: the connection to host services is process-wide, so one test at a time holds it;
/// and every test disconnects when done, since other suites expect no host.
@Suite("SharedDefaults through host services", .serialized)
struct SharedDefaultsTests {
    /// Runs `body` connected to `table`, then disconnects; returns what the host was asked.
    @discardableResult
    private func connected(
        to table: UnsafePointer<wk_host_services_t> = fullTable, _ body: () throws -> Void
    ) throws -> [String] {
        hostCalls.withLock { $0 = [] }
        HostConnection.connect(table, bundle: fakeBundle)
        defer { HostConnection.disconnect() }
        try body()
        return hostCalls.withLock { $0 }
    }

    private let defaults = SharedDefaults(suiteName: declaredGroup)

    @Test func connectingReadsTheBundlesNameAndGroups() throws {
        try connected { () throws in
            #expect(HostConnection.bundle.name == "FakeBundle")
            #expect(HostConnection.bundle.appGroups == [declaredGroup])
            #expect(HostConnection.table == fullTable)
        }
        #expect(HostConnection.table == nil)
    }

    @Test func aValueArrivesTyped() throws {
        let calls = try connected { () throws in
            #expect(try defaults.integer(forKey: "answer") == 42)
            #expect(try defaults.double(forKey: "answer") == 42)
            #expect(try defaults.string(forKey: "name") == "Ada")
            #expect(try defaults.storedValue(forKey: "answer") == .int(42))
            #expect(try defaults.value(Score.self, forKey: "score") == Score(points: 7, player: "Ada"))
        }
        #expect(calls.first == "get \(declaredGroup) answer")
        #expect(calls.count == 5)
    }

    @Test func notFoundIsNil() throws {
        try connected { () throws in
            #expect(try defaults.integer(forKey: "nothing-here") == nil)
            #expect(try defaults.value(Score.self, forKey: "nothing-here") == nil)
        }
    }

    @Test func aValueOfAnotherTypeIsATypeMismatch() throws {
        try connected { () throws in
            #expect(throws: DefaultsError.typeMismatch(group: declaredGroup, key: "name", expected: .int, found: .string)) {
                try defaults.integer(forKey: "name")
            }
        }
    }

    @Test func anUndeclaredGroupNamesTheBundleAndWhatItDeclares() throws {
        let calls = try connected { () throws in
            #expect(throws: DefaultsError.undeclaredGroup(group: otherGroup, bundle: "FakeBundle", declared: [declaredGroup])) {
                try SharedDefaults(suiteName: otherGroup).integer(forKey: "answer")
            }
            #expect(throws: DefaultsError.undeclaredGroup(group: otherGroup, bundle: "FakeBundle", declared: [declaredGroup])) {
                try SharedDefaults(suiteName: otherGroup).set(1, forKey: "answer")
            }
            #expect(throws: DefaultsError.undeclaredGroup(group: otherGroup, bundle: "FakeBundle", declared: [declaredGroup])) {
                try SharedDefaults(suiteName: otherGroup).removeObject(forKey: "answer")
            }
            #expect(throws: DefaultsError.undeclaredGroup(group: otherGroup, bundle: "FakeBundle", declared: [declaredGroup])) {
                try SharedDefaults(suiteName: otherGroup).containerURL()
            }
        }
        #expect(calls.count == 4)
        do {
            try connected { () throws in _ = try SharedDefaults(suiteName: otherGroup).integer(forKey: "answer") }
            Issue.record("an undeclared group was read")
        } catch {
            let message = "\(error)"
            #expect(message.contains("'\(otherGroup)'"))
            #expect(message.contains("FakeBundle"))
            #expect(message.contains("appGroups"))
        }
    }

    @Test func otherFailuresKeepTheHostsCodeAndMessage() throws {
        try connected { () throws in
            #expect(throws: DefaultsError.storeUnavailable(reason: "the disk is on fire")) {
                try defaults.integer(forKey: "offline")
            }
            #expect(throws: DefaultsError.refusedByHost(code: "valueTooLarge", message: "value for 'tooBig' is too large")) {
                try defaults.integer(forKey: "tooBig")
            }
            let silent = #expect(throws: DefaultsError.self) { try defaults.integer(forKey: "silent") }
            #expect(silent?.code == "unknown")
            let broken = #expect(throws: DefaultsError.self) { try defaults.integer(forKey: "broken") }
            #expect(broken?.code == "invalidReply")
            #expect(broken.map { "\($0)".contains("broken") } == true)
        }
    }

    @Test func writesTravelAsVALUEJSON() throws {
        let calls = try connected { () throws in
            try defaults.set(5, forKey: "count")
            try defaults.set(Score(points: 9, player: "Bo"), forKey: "score")
            try defaults.removeObject(forKey: "count")
        }
        #expect(calls.count == 3)
        let prefix = "set \(declaredGroup) count "
        let countJSON = try #require(calls.first.flatMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
        #expect(try JSONDecoder().decode(StoredValue.self, from: Data(countJSON.utf8)) == .int(5))
        let scorePrefix = "set \(declaredGroup) score "
        let scoreJSON = try #require(calls.dropFirst().first.flatMap { $0.hasPrefix(scorePrefix) ? String($0.dropFirst(scorePrefix.count)) : nil })
        #expect(try JSONDecoder().decode(StoredValue.self, from: Data(scoreJSON.utf8))
            == .json(.object(["points": .integer(9), "player": .string("Bo")])))
        #expect(calls.last == "remove \(declaredGroup) count")
    }

    @Test func theContainerPathBecomesAURL() throws {
        try connected { () throws in
            #expect(try defaults.containerURL().path == "/tmp/fake-store/groups/\(declaredGroup)")
        }
    }

    @Test func anInvalidKeyIsRefusedBeforeTheHostIsAsked() throws {
        let calls = try connected { () throws in
            #expect(throws: DefaultsError.invalidKey(group: declaredGroup, key: "", problem: .empty)) {
                try defaults.integer(forKey: "")
            }
            #expect(throws: DefaultsError.invalidKey(group: declaredGroup, key: "", problem: .empty)) {
                try defaults.set(1, forKey: "")
            }
        }
        #expect(calls.isEmpty)
    }

    @Test func withoutAHostEveryCallIsNoHost() throws {
        HostConnection.disconnect()
        #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.integer(forKey: "answer") }
        #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.set(1, forKey: "answer") }
        #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.removeObject(forKey: "answer") }
        #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.containerURL() }
    }

    @Test func anABI10HostIsNoHostAndIsNeverCalledPastItsTable() throws {
        let calls = try connected(to: abi10Table) { () throws in
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.integer(forKey: "answer") }
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.set(1, forKey: "answer") }
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.removeObject(forKey: "answer") }
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.containerURL() }
        }
        #expect(calls.isEmpty)
    }

    @Test func eachFunctionIsUsedOnlyWhenTheTableCoversIt() throws {
        let calls = try connected(to: getOnlyTable) { () throws in
            #expect(try defaults.integer(forKey: "answer") == 42)
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.set(1, forKey: "answer") }
            #expect(throws: DefaultsError.noHost(group: declaredGroup)) { try defaults.containerURL() }
        }
        #expect(calls == ["get \(declaredGroup) answer"])
    }
}
