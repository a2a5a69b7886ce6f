import Foundation

/// The numeric options of the CLI, found two ways: every `@Option` with a numeric type in the
/// sources of `widgethost`, and every option of every subcommand in its own help dump, with the
/// range its help documents. The quick checks in CLITests compare the two; the stress run in
/// StressTests tries every option with hostile values.
public enum NumericOptionCatalog {
    /// A `@Option` declaration in the sources.
    public struct Declaration: Hashable, Sendable {
        public let file: String
        public let property: String
        /// The long name, `--` included.
        public let name: String
        /// nil when the declaration has no type annotation, so its type cannot be read here.
        public let type: String?

        public static let numericTypes: Set<String> = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Double", "Float", "TimeInterval",
        ]

        public var isNumeric: Bool {
            guard let type else { return false }
            return Self.numericTypes.contains(type.hasSuffix("?") ? String(type.dropLast()) : type)
        }
    }

    /// The range an option's help documents: "(0.001 to 3600 seconds)" or "(a whole number, 64
    /// to 1048576 MiB)".
    public struct DocumentedRange: Hashable, Sendable {
        public let lower: Double
        public let upper: Double
        public let lowerText: String
        public let upperText: String
        public let wholeNumbers: Bool

        /// Whether a value written as `text` is inside the range.
        public func accepts(_ text: String) -> Bool {
            guard let value = Double(text), value >= lower, value <= upper else { return false }
            return !wholeNumbers || value.rounded(.towardZero) == value
        }
    }

    /// An option as one subcommand's help dump shows it.
    public struct CommandOption: Sendable {
        public let command: [String]
        public let name: String
        public let help: String
        /// Values for the subcommand's required positional arguments, so that it parses.
        public let positionals: [String]
        public let acceptsNoDefaultBundles: Bool

        public var range: DocumentedRange? {
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
    public static func declarations() throws -> [Declaration] {
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
    public static func kebabCase(_ property: String) -> String {
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
    public static func commandOptions() async throws -> [CommandOption] {
        let dump = try await offThePool { try ProcessRunner.run(TestPaths.cli, ["--experimental-dump-help"]) }
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

    public enum CatalogError: Error {
        case noHelpDump(String)
    }
}

/// How one run of the CLI ended: by exit or by a signal.
public struct SweepOutcome: Sendable {
    public let status: Int32
    public let signalled: Bool
    public let standardError: String

    /// Runs the CLI from `folder`, WIDGETHOST_PATH unset, to its end. A value in range may start
    /// a command that stays (`run`): one still going after a minute is stopped with SIGTERM and
    /// counts as accepted (a refusal comes while the command line is parsed, in milliseconds).
    public static func run(_ arguments: [String], in folder: URL) -> SweepOutcome {
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        do {
            let result = try ProcessRunner.run(
                TestPaths.cli, arguments, environment: environment, workingDirectory: folder, terminateAfter: .seconds(60))
            return SweepOutcome(status: result.status, signalled: result.signalled, standardError: result.standardError)
        } catch {
            return SweepOutcome(status: -1, signalled: false, standardError: "could not start: \(error)")
        }
    }
}
