import Foundation
import TestSupport

/// The numeric options of the CLI, found two ways: every `@Option` with a numeric type in the
/// sources of `widgethost`, and every option of every subcommand in its own help dump, with the
/// range its help documents. The sweep tests compare the two and try each option.
enum NumericOptionCatalog {
    /// A `@Option` declaration in the sources.
    struct Declaration: Hashable {
        let file: String
        let property: String
        /// The long name, `--` included.
        let name: String
        /// nil when the declaration has no type annotation, so its type cannot be read here.
        let type: String?

        static let numericTypes: Set<String> = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Double", "Float", "TimeInterval",
        ]

        var isNumeric: Bool {
            guard let type else { return false }
            return Self.numericTypes.contains(type.hasSuffix("?") ? String(type.dropLast()) : type)
        }
    }

    /// The range an option's help documents: "(0.001 to 3600 seconds)" or "(a whole number, 64
    /// to 1048576 MiB)".
    struct DocumentedRange: Hashable {
        let lower: Double
        let upper: Double
        let lowerText: String
        let upperText: String
        let wholeNumbers: Bool

        /// Whether a value written as `text` is inside the range.
        func accepts(_ text: String) -> Bool {
            guard let value = Double(text), value >= lower, value <= upper else { return false }
            return !wholeNumbers || value.rounded(.towardZero) == value
        }
    }

    /// An option as one subcommand's help dump shows it.
    struct CommandOption {
        let command: [String]
        let name: String
        let help: String
        /// Values for the subcommand's required positional arguments, so that it parses.
        let positionals: [String]
        let acceptsNoDefaultBundles: Bool

        var range: DocumentedRange? {
            let pattern = #/\((a whole number, )?([-0-9.e+]+) to ([-0-9.e+]+) [^()]*\)$/#
            guard let match = help.firstMatch(of: pattern),
                  let lower = Double(match.2), let upper = Double(match.3)
            else { return nil }
            return DocumentedRange(
                lower: lower, upper: upper, lowerText: String(match.2), upperText: String(match.3),
                wholeNumbers: match.1 != nil)
        }
    }

    // MARK: The sources

    /// Every `@Option` declared under Sources/widgethost.
    static func declarations() throws -> [Declaration] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources/widgethost")
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [Declaration] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            // From each @Option to the first `var` after it: the attribute, then the property.
            let pattern = #/@Option\b(?!Group)(?<attribute>[\s\S]*?)\bvar\s+(?<property>\w+)\s*(?::\s*(?<type>[\w.\[\]: ]+?\??)(?=\s*[={\n]))?/#
            for match in text.matches(of: pattern) {
                let custom = match.attribute.firstMatch(of: #/customLong\("(?<name>[^"]+)"\)/#)
                let property = String(match.property)
                found.append(Declaration(
                    file: url.lastPathComponent, property: property,
                    name: "--" + (custom.map { String($0.name) } ?? kebabCase(property)),
                    type: match.type.map(String.init)))
            }
        }
        return found
    }

    /// ArgumentParser's long name for a property: `workerCPU` → `worker-cpu`.
    static func kebabCase(_ property: String) -> String {
        let characters = Array(property)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { result += "-" }
            }
            result += character.lowercased()
        }
        return result
    }

    // MARK: The help dump

    /// Every option of every subcommand, from `widgethost --experimental-dump-help`.
    static func commandOptions() async throws -> [CommandOption] {
        let dump = try await widgethost("--experimental-dump-help")
        guard dump.status == 0,
              let root = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any],
              let command = root["command"] as? [String: Any]
        else { throw CatalogError.noHelpDump(dump.standardError) }
        var options: [CommandOption] = []
        collect(command, path: [], into: &options)
        return options
    }

    private static func collect(_ command: [String: Any], path: [String], into options: inout [CommandOption]) {
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        let positionals = arguments
            .filter { $0["kind"] as? String == "positional" && $0["isOptional"] as? Bool == false }
            .map { "sweep-\($0["valueName"] as? String ?? "value")" }
        let names = arguments.compactMap { ($0["preferredName"] as? [String: Any])?["name"] as? String }
        for argument in arguments where argument["kind"] as? String == "option" {
            guard let name = (argument["preferredName"] as? [String: Any])?["name"] as? String else { continue }
            options.append(CommandOption(
                command: path, name: "--" + name, help: argument["abstract"] as? String ?? "",
                positionals: positionals, acceptsNoDefaultBundles: names.contains("no-default-bundles")))
        }
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
            guard let name = subcommand["commandName"] as? String else { continue }
            collect(subcommand, path: path + [name], into: &options)
        }
    }

    enum CatalogError: Error {
        case noHelpDump(String)
    }
}
