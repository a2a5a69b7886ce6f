import Foundation
import FoundationXML
import Testing
import TestSupport

/// `widgethost run` on the session bus (docs/apps.md): a real daemon on a private bus, called
/// with `busctl` as any app would, and with the CLI: one write means one thing, whoever makes it.
@Suite("Apps on the session bus: dev.widgethost.WidgetHost1")
struct BusServiceTests {
    static let destination = ["dev.widgethost.WidgetHost1", "/dev/widgethost/WidgetHost1"]
    static let defaults = destination + ["dev.widgethost.WidgetHost1.Defaults"]
    static let center = destination + ["dev.widgethost.WidgetHost1.WidgetCenter"]

    /// A daemon serving a private bus, once it owns its name.
    private func daemonOnBus() async throws -> (DaemonProcess, PrivateSessionBus) {
        let bus = try PrivateSessionBus()
        try await bus.waitUntilListening()
        let daemon = try DaemonProcess(
            dataDirectory: try TestPaths.makeTemporaryDirectory("widgethost-bus"),
            arguments: ["--http", "off", "--dbus", "session"], environment: bus.environment)
        try await daemon.waitForEvent("serving on the bus") { $0.event == "serving" && $0.line.contains("dev.widgethost.WidgetHost1") }
        return (daemon, bus)
    }

    private func call(_ bus: PrivateSessionBus, _ target: [String], _ arguments: String...) async throws -> ProcessResult {
        try await offThePool { try bus.busctl(["call", "--json=short"] + target + arguments) }
    }

    @Test("A value set on the bus is what the CLI reads, and the CLI's write is what the bus reads, type for type")
    func oneMeaning() async throws {
        let (daemon, bus) = try await daemonOnBus()
        defer { daemon.kill() }
        let set = try await call(bus, Self.defaults, "Set", "sa{sv}", "group.es.antonio.counter", "3",
                                 "count", "x", "42", "label", "s", "Ünï", "when", "(d)", "1700000000.5")
        try #require(set.status == 0, "\(set.standardError)")
        let read = try await widgethost(["defaults", "read", "group.es.antonio.counter", "count", "--format", "json"],
                                     environment: ["WIDGETHOST_DATA_DIR": daemon.dataDirectory.path])
        let readValue = try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any]
        #expect(readValue?["type"] as? String == "int" && readValue?["value"] as? Int == 42, "\(read.standardOutput)")
        let date = try await widgethost(["defaults", "read", "group.es.antonio.counter", "when"],
                                     environment: ["WIDGETHOST_DATA_DIR": daemon.dataDirectory.path])
        #expect(date.standardOutput.hasPrefix("2023-11-14T22:13:20.5"), "\(date.standardOutput)")

        let write = try await widgethost(["defaults", "write", "group.es.antonio.counter", "ratio", "0.25", "--type", "double"],
                                      environment: ["WIDGETHOST_DATA_DIR": daemon.dataDirectory.path])
        try #require(write.status == 0, "\(write.standardError)")
        let get = try await call(bus, Self.defaults, "Get", "ss", "group.es.antonio.counter", "ratio")
        let reply = try JSONSerialization.jsonObject(with: Data(get.standardOutput.utf8)) as? [String: Any]
        let variant = (reply?["data"] as? [[String: Any]])?.first
        #expect(variant?["type"] as? String == "d" && variant?["data"] as? Double == 0.25, "\(get.standardOutput)")
        let label = try await call(bus, Self.defaults, "Get", "ss", "group.es.antonio.counter", "label")
        #expect(label.standardOutput.contains(#"{"type":"s","data":"Ünï"}"#), "\(label.standardOutput)")
    }

    @Test("Hostile calls get typed errors, write nothing, and the daemon keeps answering")
    func hostileCalls() async throws {
        let (daemon, bus) = try await daemonOnBus()
        defer { daemon.kill() }
        let defaults = "dev.widgethost.WidgetHost1.Defaults.", center = "dev.widgethost.WidgetHost1.WidgetCenter."
        let cases: [(method: String, arguments: [String], error: String)] = [
            (defaults + "Set", ["group.a/../b", "{'k': <int64 1>}"], "dev.widgethost.WidgetHost1.Error.InvalidGroup"),
            (defaults + "Set", ["group.ok.app", "{'fine': <int64 1>, 'big': <uint64 18446744073709551615>}"], "dev.widgethost.WidgetHost1.Error.InvalidValue"),
            (defaults + "Set", ["group.ok.app", "{'': <int64 1>}"], "dev.widgethost.WidgetHost1.Error.InvalidKey"),
            (defaults + "Set", ["group.ok.app", "{'bytes': <[[byte 1, 2], [byte 3]]>}"], "dev.widgethost.WidgetHost1.Error.InvalidValue"),
            (defaults + "Set", ["group.ok.app", "{'fd': <handle 0>}"], "dev.widgethost.WidgetHost1.Error.InvalidValue"),
            (defaults + "Get", ["group.ok.app", "never-set"], "dev.widgethost.WidgetHost1.Error.UnknownKey"),
            (center + "ReloadTimelines", ["NoSuchWidget"], "dev.widgethost.WidgetHost1.Error.UnknownKind"),
            (center + "RequestPinWidget", ["CounterWidget", "systemHuge"], "dev.widgethost.WidgetHost1.Error.UnknownFamily"),
            (defaults + "Get", ["group.ok.app"], "org.freedesktop.DBus.Error.InvalidArgs"),
        ]
        for (method, arguments, error) in cases {
            let result = try await offThePool { try bus.gdbusCall(Self.destination[0], Self.destination[1], method, arguments) }
            #expect(result.status != 0, "\(method) \(arguments) succeeded")
            #expect(result.standardError.contains("GDBus.Error:\(error):"), "\(method) \(arguments): \(result.standardError)")
        }
        let refused = try await offThePool {
            try bus.busctl(["call"] + Self.defaults + ["Set", "sa{sv}", "group.ok.app", "1", "big", "t", "18446744073709551615"])
        }
        #expect(refused.standardError.contains("'big' in 'group.ok.app'"), "the message names the key: \(refused.standardError)")
        let all = try await call(bus, Self.defaults, "GetAll", "s", "group.ok.app")
        #expect(all.standardOutput.contains(#"{"type":"a{sv}","data":[{}]}"#), "nothing of a refused call is written: \(all.standardOutput)")
        let ping = try await offThePool { try bus.busctl(["call"] + Self.destination + ["org.freedesktop.DBus.Peer", "Ping"]) }
        #expect(ping.status == 0)
    }

    @Test("The service answers Introspect with the interfaces docs/dbus/dev.widgethost.WidgetHost1.xml documents")
    func introspection() async throws {
        let (daemon, bus) = try await daemonOnBus()
        defer { daemon.kill() }
        let answered = try await call(bus, Self.destination, "org.freedesktop.DBus.Introspectable", "Introspect")
        let reply = try JSONSerialization.jsonObject(with: Data(answered.standardOutput.utf8)) as? [String: Any]
        let xml = try #require((reply?["data"] as? [Any])?.first as? String, "\(answered.standardOutput)")
        let documented = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/dbus/dev.widgethost.WidgetHost1.xml"), encoding: .utf8)
        #expect(try Self.members(of: xml) == Self.members(of: documented))
        #expect(try Self.members(of: documented).count == 13)
    }

    /// Every method and signal of the `dev.widgethost.*` interfaces, with its arguments'
    /// names, types and directions.
    static func members(of xml: String) throws -> [String] {
        let document = try XMLDocument(xmlString: xml, options: [])
        var members: [String] = []
        for interface in try document.nodes(forXPath: "//interface[starts-with(@name, 'dev.widgethost.')]") {
            guard let interface = interface as? XMLElement, let name = interface.attribute(forName: "name")?.stringValue else { continue }
            for member in interface.children ?? [] {
                guard let member = member as? XMLElement, let memberName = member.attribute(forName: "name")?.stringValue else { continue }
                let arguments = (member.elements(forName: "arg")).map { argument in
                    ["name", "type", "direction"].map { argument.attribute(forName: $0)?.stringValue ?? (member.name == "signal" ? "out" : "in") }
                        .joined(separator: ":")
                }
                members.append("\(name).\(member.name ?? "?") \(memberName)(\(arguments.joined(separator: ", ")))")
            }
        }
        return members.sorted()
    }
}
