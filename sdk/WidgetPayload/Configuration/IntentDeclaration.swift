/// One intent a bundle performs (`AppIntent`), as it declares it in `wk_bundle_t.intents_json`
/// (ABI 1.4, docs/intents.md): its name, its title for people, and its parameters, spelled as a
/// configuration schema's so that the host checks a perform's values with the same rules.
public struct IntentDeclaration: Sendable, Hashable {
    /// What the host and the bundle call it by, e.g. "IncrementCountIntent"; unique in a bundle.
    public var name: String
    /// `AppIntent.title`, for people.
    public var title: String
    /// In the intent's declaration order; names are unique.
    public var parameters: [ConfigurationParameter]

    public init(name: String, title: String, parameters: [ConfigurationParameter] = []) {
        self.name = name
        self.title = title
        self.parameters = parameters
    }

    /// The parameters as a schema, to check values with what checks a configuration.
    public var parameterSchema: ConfigurationSchema {
        ConfigurationSchema(title: title, description: "", parameters: parameters)
    }

    public var jsonValue: JSONValue {
        .object(["name": .string(name), "title": .string(title), "parameters": .array(parameters.map(\.jsonValue))])
    }

    public init(json: JSONValue, path: String) throws(ConfigurationSchemaError) {
        guard json.objectValue != nil else { throw .notAnObject(path: path) }
        guard let name = try ConfigurationSchema.string(json["name"], at: "\(path).name", required: true), !name.isEmpty else {
            throw .missing(path: "\(path).name")
        }
        var parameters: [ConfigurationParameter] = []
        switch json["parameters"] {
        case nil, .null?:
            break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let parameter = try ConfigurationParameter(json: item, path: "\(path).parameters[\(index)]")
                guard !parameters.contains(where: { $0.name == parameter.name }) else {
                    throw .duplicateParameter(name: parameter.name)
                }
                parameters.append(parameter)
            }
        default:
            throw .wrongType(path: "\(path).parameters", expected: "an array")
        }
        self.init(
            name: name, title: try ConfigurationSchema.string(json["title"], at: "\(path).title", required: false) ?? name,
            parameters: parameters)
    }

    /// Reads a bundle's whole `intents_json` array. Unknown members are ignored, as in every payload.
    public static func list(json: JSONValue) throws(ConfigurationSchemaError) -> [IntentDeclaration] {
        guard case .array(let items) = json else { throw .wrongType(path: "intents", expected: "a JSON array") }
        var intents: [IntentDeclaration] = []
        for (index, item) in items.enumerated() {
            let intent = try IntentDeclaration(json: item, path: "intents[\(index)]")
            guard !intents.contains(where: { $0.name == intent.name }) else { throw .duplicateIntent(name: intent.name) }
            intents.append(intent)
        }
        return intents
    }

    /// The list as `intents_json` spells it.
    public static func jsonValue(of intents: [IntentDeclaration]) -> JSONValue {
        .array(intents.map(\.jsonValue))
    }
}
