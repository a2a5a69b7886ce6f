import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetStoreModel

/// `widgethost instances`: the widgets a user added, each a kind in a family with its own
/// configuration and timeline (WidgetKit's "add widget" and "edit widget").
struct InstancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instances",
        abstract: "Add, configure, list and remove widget instances.",
        discussion: """
            An instance is a kind, a family and a configuration, under an id that is never \
            reused. Every kind also has one implicit instance per family (its defaults), so a \
            static widget needs none. A running `widgethost run` picks changes up at once and \
            fetches the instance's timeline; `widgethost status` then shows it.
            """,
        subcommands: [
            InstancesAddCommand.self, InstancesListCommand.self, InstancesSetCommand.self,
            InstancesRemoveCommand.self, InstancesOptionsCommand.self,
        ])
}

/// Why an instances command could not do what was asked.
enum InstancesCommandError: Error, CustomStringConvertible {
    case unknownInstance(String)

    var description: String {
        switch self {
        case .unknownInstance(let id):
            "no instance '\(id)'; `widgethost instances list` shows them"
        }
    }
}

extension InstanceJSON {
    /// Prints `instance` as JSON or as one line of text.
    static func print(_ instance: WidgetInstance, format: OutputFormat, verb: String) throws {
        switch format {
        case .json: try JSONOutput.print(InstanceJSON(instance))
        case .text: Swift.print("\(verb) \(instance.id): \(instance.kind) (\(instance.family.rawValue)) \(ConfigurationText(instance.configuration))")
        }
    }
}

/// A configuration as one line: `spot=harbor count=3`, or `(defaults)`.
struct ConfigurationText: CustomStringConvertible {
    let configuration: [String: JSONValue]
    init(_ configuration: [String: JSONValue]) { self.configuration = configuration }

    var description: String {
        guard !configuration.isEmpty else { return "(defaults)" }
        return configuration.keys.sorted().map { name in
            let value = configuration[name] ?? .null
            let text: String = switch value {
            case .string(let string): string
            default: (try? JSONWriter.bytes(of: value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            }
            return "\(name)=\(text)"
        }.joined(separator: " ")
    }
}
