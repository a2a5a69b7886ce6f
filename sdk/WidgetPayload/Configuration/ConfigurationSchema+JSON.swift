/// The schema as the JSON object of docs/configuration.md, and back.
extension ConfigurationSchema {
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "title": .string(title),
            "description": .string(description),
            "parameters": .array(parameters.map(\.jsonValue)),
            "recommendations": .array(recommendations.map {
                .object(["description": .string($0.description), "configuration": .object($0.configuration)])
            }),
        ]
        if let summary { members["summary"] = summary.jsonValue }
        return .object(members)
    }

    /// Reads a schema a bundle wrote. Unknown members are ignored, as in every payload.
    public init(json: JSONValue) throws(ConfigurationSchemaError) {
        guard let members = json.objectValue else { throw .notAnObject(path: "schema") }
        title = try Self.string(members["title"], at: "title", required: false) ?? ""
        description = try Self.string(members["description"], at: "description", required: false) ?? ""
        guard case .array(let list)? = members["parameters"] else { throw .missing(path: "parameters") }
        var parameters: [ConfigurationParameter] = []
        for (index, item) in list.enumerated() {
            let parameter = try ConfigurationParameter(json: item, path: "parameters[\(index)]")
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw .duplicateParameter(name: parameter.name)
            }
            parameters.append(parameter)
        }
        self.parameters = parameters
        var recommendations: [ConfigurationRecommendation] = []
        if case .array(let items)? = members["recommendations"] {
            for (index, item) in items.enumerated() {
                let path = "recommendations[\(index)]"
                guard let configuration = item["configuration"]?.objectValue else { throw .missing(path: "\(path).configuration") }
                recommendations.append(ConfigurationRecommendation(
                    description: try Self.string(item["description"], at: "\(path).description", required: false) ?? "",
                    configuration: configuration))
            }
        }
        self.recommendations = recommendations
        summary = switch members["summary"] {
        case nil, .null?: nil
        case let value?: try ParameterSummaryDescription(json: value, path: "summary", known: parameters.map(\.name))
        }
    }

    static func string(_ value: JSONValue?, at path: String, required: Bool) throws(ConfigurationSchemaError) -> String? {
        switch value {
        case .string(let text)?: return text
        case nil, .null?: if required { throw .missing(path: path) } else { return nil }
        default: throw .wrongType(path: path, expected: "a string")
        }
    }
}

extension ConfigurationParameter {
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(name), "title": .string(title), "type": .string(type.rawValue), "required": .bool(isRequired),
        ]
        if let defaultValue { members["default"] = defaultValue }
        if let options { members["options"] = .array(options.map(\.jsonValue)) }
        if isSearchable { members["searchable"] = .bool(true) }
        return .object(members)
    }

    init(json: JSONValue, path: String) throws(ConfigurationSchemaError) {
        guard json.objectValue != nil else { throw .notAnObject(path: path) }
        guard let name = try ConfigurationSchema.string(json["name"], at: "\(path).name", required: true), !name.isEmpty else {
            throw .missing(path: "\(path).name")
        }
        let typeName = try ConfigurationSchema.string(json["type"], at: "\(path).type", required: true) ?? ""
        guard let type = ParameterType(rawValue: typeName) else {
            throw .unknownType(parameter: name, type: typeName)
        }
        var options: [ParameterOption]?
        if case .array(let items)? = json["options"] {
            options = try items.enumerated().map { (index, item) throws(ConfigurationSchemaError) in
                try ParameterOption(json: item, path: "\(path).options[\(index)]")
            }
        }
        if type == .enum, options?.isEmpty ?? true { throw .enumWithoutOptions(parameter: name) }
        guard case .bool(let required)? = json["required"] ?? .bool(false) else {
            throw .wrongType(path: "\(path).required", expected: "true or false")
        }
        let defaultValue: JSONValue? = json["default"] == .null ? nil : json["default"]
        guard case .bool(let searchable)? = json["searchable"] ?? .bool(false) else {
            throw .wrongType(path: "\(path).searchable", expected: "true or false")
        }
        self.init(
            name: name, title: try ConfigurationSchema.string(json["title"], at: "\(path).title", required: false) ?? name,
            type: type, defaultValue: defaultValue, options: options, isRequired: required,
            isSearchable: searchable && type == .entity)
    }
}

extension ParameterOption {
    public var jsonValue: JSONValue { .object(["value": .string(value), "title": .string(title)]) }

    public init(json: JSONValue, path: String) throws(ConfigurationSchemaError) {
        guard let value = try ConfigurationSchema.string(json["value"], at: "\(path).value", required: true) else {
            throw .missing(path: "\(path).value")
        }
        self.init(value: value, title: try ConfigurationSchema.string(json["title"], at: "\(path).title", required: false) ?? value)
    }
}

/// Why a bundle's schema could not be read; the host refuses the widget with it.
public enum ConfigurationSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    case notJSON(reason: String)
    case notAnObject(path: String)
    case missing(path: String)
    case wrongType(path: String, expected: String)
    case unknownType(parameter: String, type: String)
    case enumWithoutOptions(parameter: String)
    case duplicateParameter(name: String)
    /// Two intents of one bundle's `intents_json` (ABI 1.4) share a name.
    case duplicateIntent(name: String)
    /// The schema's `summary` names a parameter the schema does not declare.
    case unknownSummaryParameter(path: String, name: String)

    public var description: String {
        switch self {
        case .notJSON(let reason): "is not JSON: \(reason)"
        case .notAnObject(let path): "\(path) is not a JSON object"
        case .missing(let path): "\(path) is missing"
        case .wrongType(let path, let expected): "\(path) is not \(expected)"
        case .unknownType(let parameter, let type):
            "parameter '\(parameter)' has type '\(type)', not one of \(ParameterType.allCases.map(\.rawValue).joined(separator: ", "))"
        case .enumWithoutOptions(let parameter): "enum parameter '\(parameter)' lists no options"
        case .duplicateParameter(let name): "parameter '\(name)' is declared twice"
        case .duplicateIntent(let name): "intent '\(name)' is declared twice"
        case .unknownSummaryParameter(let path, let name):
            "\(path) names '\(name)', which is not a parameter of the schema; a summary names only declared parameters"
        }
    }
}
