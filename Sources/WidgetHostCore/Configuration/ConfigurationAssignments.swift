import Foundation
import WidgetPayload

/// `NAME=VALUE` as a person types it (`--set spot=harbor`, a form field), read as the value
/// its parameter's type takes: `count=3` is the integer 3 for an int, `when=2026-05-01T06:00:00Z`
/// a date, `on=yes` true. An empty value (`spot=`) leaves the parameter at its default.
///
/// Only the reading happens here; `ConfigurationValidator` then checks the whole configuration.
public enum ConfigurationAssignments {
    /// The configuration `assignments` spell for `widget`, starting from `base` (an instance's
    /// current configuration, for `instances set`). Later assignments win.
    public static func read(
        _ assignments: [String], for widget: WidgetDescriptor, over base: [String: JSONValue] = [:]
    ) throws(ConfigurationError) -> [String: JSONValue] {
        guard let schema = widget.configurationSchema else {
            guard assignments.isEmpty else { throw .notConfigurable(kind: widget.kind) }
            return base
        }
        return try read(assignments, schema: schema, owner: widget.kind, over: base)
    }

    /// The parameter values `assignments` spell for the intent `intent` of `kind`
    /// (`widgethost perform --set`), read against the intent's parameters as a configuration
    /// against its schema.
    public static func read(
        _ assignments: [String], for intent: IntentDeclaration, kind: String
    ) throws(ConfigurationError) -> [String: JSONValue] {
        try read(assignments, schema: intent.parameterSchema, owner: "\(kind) intent \(intent.name)", over: [:])
    }

    /// - Parameter owner: what an unknown parameter's message names as having none such.
    private static func read(
        _ assignments: [String], schema: ConfigurationSchema, owner: String, over base: [String: JSONValue]
    ) throws(ConfigurationError) -> [String: JSONValue] {
        var configuration = base
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw .malformedAssignment(assignment)
            }
            let name = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            guard let parameter = schema.parameter(named: name) else {
                throw .unknownParameter(kind: owner, name: name, known: schema.parameters.map(\.name))
            }
            configuration[name] = text.isEmpty ? nil : try value(text, for: parameter)
        }
        return configuration
    }

    /// One typed value from its text.
    public static func value(_ text: String, for parameter: ConfigurationParameter) throws(ConfigurationError) -> JSONValue {
        let unreadable = ConfigurationError.wrongType(
            parameter: parameter.name, expected: parameter.type, found: "\"\(text)\"",
            allowed: ConfigurationValidator.allowed(parameter))
        switch parameter.type {
        case .string, .entity, .enum:
            return .string(text)
        case .int:
            guard let integer = Int64(text) else { throw unreadable }
            return .integer(integer)
        case .double:
            guard let number = Double(text), number.isFinite else { throw unreadable }
            return .number(number)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw unreadable
            }
        case .date:
            if let seconds = Double(text), seconds.isFinite { return .number(seconds) }
            let formatter = ISO8601DateFormatter()
            for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
                formatter.formatOptions = options
                if let date = formatter.date(from: text) { return .number(date.timeIntervalSince1970) }
            }
            throw unreadable
        }
    }
}
