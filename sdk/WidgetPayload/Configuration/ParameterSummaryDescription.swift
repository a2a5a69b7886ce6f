/// An intent's `ParameterSummary` as its bundle records it in the kind's schema (the schema's
/// `summary` member, docs/configuration.md): the sentence at the top of the edit sheet, the
/// parameters listed after it, and the `When` conditions that choose between summaries.
///
/// Parameters are named as in the schema: the SDK turns `\.$city` into "city".
public indirect enum ParameterSummaryDescription: Sendable, Hashable {
    /// `Summary("Show \(\.$city)") { \.$unit }`.
    case summary(sentence: [ParameterSummaryPart], parameters: [String])
    /// `When(\.$parameter, comparison, value) { then } otherwise: { otherwise }`. `value` is
    /// spelled as in a configuration; nil for `.hasAnyValue` and `.hasNoValue`. Without an
    /// `otherwise`, a condition that does not hold gives no summary.
    case when(
        parameter: String, comparison: ParameterSummaryComparison, value: JSONValue?,
        then: ParameterSummaryDescription, otherwise: ParameterSummaryDescription?)
}

/// A piece of a summary's sentence: literal text or a parameter shown with its value.
public enum ParameterSummaryPart: Sendable, Hashable {
    case text(String)
    case parameter(String)
}

/// How `When` compares a parameter's value: App Intents' comparisons, by their names.
public enum ParameterSummaryComparison: String, Sendable, Hashable, CaseIterable {
    case equalTo, notEqualTo, greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo
    case contains, hasPrefix, hasSuffix, hasAnyValue, hasNoValue
}

extension ParameterSummaryDescription {
    /// Every parameter the description names, in any branch.
    public var parameterNames: [String] {
        switch self {
        case .summary(let sentence, let parameters):
            sentence.compactMap { if case .parameter(let name) = $0 { name } else { nil } } + parameters
        case .when(let parameter, _, _, let then, let otherwise):
            [parameter] + then.parameterNames + (otherwise?.parameterNames ?? [])
        }
    }

    /// `{"summary": [PART, ...], "parameters": [NAME, ...]}` or
    /// `{"when": NAME, "comparison": C, "value": V, "then": S, "otherwise": S}`; PART is
    /// `{"text": "…"}` or `{"parameter": NAME}`.
    public var jsonValue: JSONValue {
        switch self {
        case .summary(let sentence, let parameters):
            return .object([
                "summary": .array(sentence.map {
                    switch $0 {
                    case .text(let text): .object(["text": .string(text)])
                    case .parameter(let name): .object(["parameter": .string(name)])
                    }
                }),
                "parameters": .array(parameters.map(JSONValue.string)),
            ])
        case .when(let parameter, let comparison, let value, let then, let otherwise):
            var members: [String: JSONValue] = [
                "when": .string(parameter), "comparison": .string(comparison.rawValue), "then": then.jsonValue,
            ]
            if let value { members["value"] = value }
            if let otherwise { members["otherwise"] = otherwise.jsonValue }
            return .object(members)
        }
    }

    /// Reads the schema's `summary` at `path`; every parameter it names must be in `known`.
    public init(json: JSONValue, path: String, known: [String]) throws(ConfigurationSchemaError) {
        guard let members = json.objectValue else { throw .notAnObject(path: path) }
        func name(_ value: JSONValue?, at path: String) throws(ConfigurationSchemaError) -> String {
            guard let name = try ConfigurationSchema.string(value, at: path, required: true) else { throw .missing(path: path) }
            guard known.contains(name) else { throw .unknownSummaryParameter(path: path, name: name) }
            return name
        }
        if let parts = members["summary"] {
            guard case .array(let items) = parts else { throw .wrongType(path: "\(path).summary", expected: "an array") }
            var sentence: [ParameterSummaryPart] = []
            for (index, item) in items.enumerated() {
                let at = "\(path).summary[\(index)]"
                if let text = item["text"] {
                    sentence.append(.text(try ConfigurationSchema.string(text, at: "\(at).text", required: true) ?? ""))
                } else {
                    sentence.append(.parameter(try name(item["parameter"], at: "\(at).parameter")))
                }
            }
            var parameters: [String] = []
            switch members["parameters"] {
            case nil, .null?: break
            case .array(let names)?:
                for (index, item) in names.enumerated() { parameters.append(try name(item, at: "\(path).parameters[\(index)]")) }
            default: throw .wrongType(path: "\(path).parameters", expected: "an array")
            }
            self = .summary(sentence: sentence, parameters: parameters)
            return
        }
        guard members["when"] != nil else { throw .missing(path: "\(path).summary") }
        let parameter = try name(members["when"], at: "\(path).when")
        let word = try ConfigurationSchema.string(members["comparison"], at: "\(path).comparison", required: true) ?? ""
        guard let comparison = ParameterSummaryComparison(rawValue: word) else {
            throw .wrongType(path: "\(path).comparison", expected: "one of \(ParameterSummaryComparison.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let then = members["then"] else { throw .missing(path: "\(path).then") }
        let otherwise: ParameterSummaryDescription? = switch members["otherwise"] {
        case nil, .null?: nil
        case let value?: try ParameterSummaryDescription(json: value, path: "\(path).otherwise", known: known)
        }
        self = .when(
            parameter: parameter, comparison: comparison, value: members["value"] == .null ? nil : members["value"],
            then: try ParameterSummaryDescription(json: then, path: "\(path).then", known: known), otherwise: otherwise)
    }
}
