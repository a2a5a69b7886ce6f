// Turns Wayland protocol XML into Swift, as `wayland-scanner` turns it into C: for each
// interface, its requests' and events' names, signatures and argument interfaces (what
// libwayland-client marshals by), and its opcodes and enum values as constants.
//
// Usage: WaylandGlueGenerator OUTPUT.swift PROTOCOL.xml...
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

struct Argument {
    var name: String
    var type: String
    var interface: String?
    var allowNull: Bool
}

struct Message {
    var name: String
    var since: Int
    var arguments: [Argument] = []
}

struct EnumEntry {
    var name: String
    var value: String
}

struct Interface {
    var name: String
    var version: Int
    var requests: [Message] = []
    var events: [Message] = []
    var enums: [(name: String, entries: [EnumEntry])] = []
}

/// Reads a protocol file's interfaces; descriptions and copyright are skipped.
final class ProtocolReader: NSObject, XMLParserDelegate {
    var interfaces: [Interface] = []
    private var message: (isEvent: Bool, value: Message)?
    private var enumeration: (name: String, entries: [EnumEntry])?

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch element {
        case "interface":
            interfaces.append(Interface(name: attributes["name"] ?? "", version: Int(attributes["version"] ?? "1") ?? 1))
        case "request", "event":
            message = (element == "event", Message(name: attributes["name"] ?? "", since: Int(attributes["since"] ?? "1") ?? 1))
        case "arg":
            message?.value.arguments.append(Argument(
                name: attributes["name"] ?? "", type: attributes["type"] ?? "", interface: attributes["interface"],
                allowNull: attributes["allow-null"] == "true"))
        case "enum":
            enumeration = (attributes["name"] ?? "", [])
        case "entry":
            enumeration?.entries.append(EnumEntry(name: attributes["name"] ?? "", value: attributes["value"] ?? "0"))
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "request", "event":
            guard let message, !interfaces.isEmpty else { return }
            if message.isEvent { interfaces[interfaces.count - 1].events.append(message.value) }
            else { interfaces[interfaces.count - 1].requests.append(message.value) }
            self.message = nil
        case "enum":
            guard let enumeration, !interfaces.isEmpty else { return }
            interfaces[interfaces.count - 1].enums.append(enumeration)
            self.enumeration = nil
        default:
            break
        }
    }
}

/// `wayland-scanner`'s signature: the version the message appeared in (if past 1), then a
/// letter per argument, `?` before one that may be null; an untyped new_id is `sun`.
func signature(_ message: Message) -> String {
    var text = message.since > 1 ? String(message.since) : ""
    for argument in message.arguments {
        if argument.allowNull { text += "?" }
        switch argument.type {
        case "int": text += "i"
        case "uint": text += "u"
        case "fixed": text += "f"
        case "string": text += "s"
        case "object": text += "o"
        case "new_id": text += argument.interface == nil ? "sun" : "n"
        case "array": text += "a"
        case "fd": text += "h"
        default: text += "?"
        }
    }
    return text
}

/// The interfaces of the arguments, one per signature letter (nil where none).
func types(_ message: Message) -> [String?] {
    message.arguments.flatMap { argument -> [String?] in
        if argument.type == "new_id" && argument.interface == nil { return [nil, nil, nil] }
        return [argument.type == "object" || argument.type == "new_id" ? argument.interface : nil]
    }
}

/// `zwlr_layer_surface_v1` → `ZwlrLayerSurfaceV1`; `set_size` → `setSize`.
func camel(_ name: String, upper: Bool) -> String {
    let parts = name.split(separator: "_").map(String.init)
    var text = parts.enumerated().map { index, part in
        index == 0 && !upper ? part : part.prefix(1).uppercased() + part.dropFirst()
    }.joined()
    if let first = text.first, first.isNumber { text = "_" + text }
    return text
}

func literal(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }

func swiftMessages(_ messages: [Message]) -> String {
    guard !messages.isEmpty else { return "[]" }
    return "[\n" + messages.map { message in
        "            WaylandMessageDescription(name: \"\(message.name)\", signature: \"\(signature(message))\", types: [\(types(message).map(literal).joined(separator: ", "))]),"
    }.joined(separator: "\n") + "\n        ]"
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: WaylandGlueGenerator OUTPUT.swift PROTOCOL.xml...\n".utf8))
    exit(2)
}
var text = "// Generated by WaylandGlueGenerator from \(arguments.dropFirst().map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")). Do not edit.\n\n"
for path in arguments.dropFirst() {
    let reader = ProtocolReader()
    guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: path)) else {
        FileHandle.standardError.write(Data("WaylandGlueGenerator: cannot read \(path)\n".utf8))
        exit(1)
    }
    parser.delegate = reader
    guard parser.parse() else {
        FileHandle.standardError.write(Data("WaylandGlueGenerator: \(path) is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n".utf8))
        exit(1)
    }
    for interface in reader.interfaces {
        let type = camel(interface.name, upper: true)
        text += "extension WaylandInterfaceDescription {\n"
        text += "    static let \(camel(interface.name, upper: false)) = WaylandInterfaceDescription(\n"
        text += "        name: \"\(interface.name)\", version: \(interface.version),\n"
        text += "        requests: \(swiftMessages(interface.requests)),\n"
        text += "        events: \(swiftMessages(interface.events)))\n}\n\n"
        text += "/// `\(interface.name)`'s opcodes and enums.\nenum \(type) {\n"
        for (opcode, request) in interface.requests.enumerated() {
            text += "    static let \(camel(request.name, upper: false))Request: UInt32 = \(opcode)\n"
        }
        for (opcode, event) in interface.events.enumerated() {
            text += "    static let \(camel(event.name, upper: false))Event: UInt32 = \(opcode)\n"
        }
        for enumeration in interface.enums {
            text += "    enum \(camel(enumeration.name, upper: true)) {\n"
            for entry in enumeration.entries {
                text += "        static let \(camel(entry.name, upper: false)): UInt32 = \(entry.value)\n"
            }
            text += "    }\n"
        }
        text += "}\n\n"
    }
}
do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: output))
} catch {
    FileHandle.standardError.write(Data("WaylandGlueGenerator: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
