import FoundationEssentials

/// A summary worked out for one configuration: the `When` branch its values choose, the
/// sentence with each parameter's value in it, and the parameters listed after it. What the edit
/// sheet shows at its top (docs/configuration.md, "The summary").
public struct ResolvedParameterSummary: Sendable, Hashable {
    /// One piece of the sentence.
    public enum Part: Sendable, Hashable {
        case text(String)
        /// A parameter, its value (nil when it has none) and that value as people read it (nil
        /// when it has none: a sheet shows the parameter's title in its place, as iOS does).
        case parameter(name: String, value: JSONValue?, display: String?)
    }

    public var sentence: [Part]
    /// The parameters listed after the sentence, in the summary's order.
    public var parameters: [String]

    public init(sentence: [Part], parameters: [String]) {
        self.sentence = sentence
        self.parameters = parameters
    }

    /// The sentence as text: each parameter's display value, or its title when it has none.
    public func text(titles: [String: String]) -> String {
        sentence.map { part in
            switch part {
            case .text(let text): text
            case .parameter(let name, _, let display): display ?? titles[name] ?? name
            }
        }.joined()
    }
}

extension ParameterSummaryDescription {
    /// The summary `configuration` shows: its values, or a parameter's default where it gives
    /// none, choose each `When`'s branch. Nil when a `When` without `otherwise` does not hold
    /// (a sheet then lists every parameter). `display` names a value for people where the schema
    /// cannot (an entity's title, which only its bundle knows); nil falls back to the schema's.
    public func resolved(
        for configuration: [String: JSONValue], schema: ConfigurationSchema,
        display: (ConfigurationParameter, JSONValue) -> String? = { _, _ in nil }
    ) -> ResolvedParameterSummary? {
        func value(of name: String) -> JSONValue? {
            let value = configuration[name] ?? schema.parameter(named: name)?.defaultValue
            return value == .null ? nil : value
        }
        switch self {
        case .summary(let sentence, let parameters):
            return ResolvedParameterSummary(
                sentence: sentence.map { part in
                    switch part {
                    case .text(let text): return .text(text)
                    case .parameter(let name):
                        let current = value(of: name)
                        let shown = current.flatMap { current in
                            schema.parameter(named: name).flatMap { display($0, current) ?? Self.displayText(current, of: $0) }
                        }
                        return .parameter(name: name, value: current, display: shown)
                    }
                },
                parameters: parameters)
        case .when(let parameter, let comparison, let expected, let then, let otherwise):
            let holds = Self.compare(value(of: parameter), comparison, expected)
            return (holds ? then : otherwise)?.resolved(for: configuration, schema: schema, display: display)
        }
    }

    /// Whether `value` (nil: none) stands in `comparison` to `expected`. A parameter without a
    /// value equals nothing and orders with nothing: only `.notEqualTo` and `.hasNoValue` hold.
    public static func compare(_ value: JSONValue?, _ comparison: ParameterSummaryComparison, _ expected: JSONValue?) -> Bool {
        switch comparison {
        case .hasAnyValue: return value != nil
        case .hasNoValue: return value == nil
        case .equalTo: return value.map { same($0, expected) } ?? false
        case .notEqualTo: return !(value.map { same($0, expected) } ?? false)
        case .greaterThan, .greaterThanOrEqualTo, .lessThan, .lessThanOrEqualTo:
            guard let value, let expected, let order = order(value, expected) else { return false }
            switch comparison {
            case .greaterThan: return order > 0
            case .greaterThanOrEqualTo: return order >= 0
            case .lessThan: return order < 0
            default: return order <= 0
            }
        case .contains, .hasPrefix, .hasSuffix:
            guard case .string(let text)? = value, case .string(let part)? = expected else { return false }
            switch comparison {
            case .contains: return text.contains(part)
            case .hasPrefix: return text.hasPrefix(part)
            default: return text.hasSuffix(part)
            }
        }
    }

    /// Equal as configuration values: 3 and 3.0 are the same number.
    private static func same(_ value: JSONValue, _ expected: JSONValue?) -> Bool {
        guard let expected else { return false }
        if let left = number(value), let right = number(expected) { return left == right }
        return value == expected
    }

    /// -1, 0 or 1 for two numbers (dates are numbers) or two strings; nil for anything else.
    private static func order(_ value: JSONValue, _ expected: JSONValue) -> Int? {
        if let left = number(value), let right = number(expected) { return left < right ? -1 : left > right ? 1 : 0 }
        if case .string(let left) = value, case .string(let right) = expected { return left < right ? -1 : left > right ? 1 : 0 }
        return nil
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// A value as people read it, from the schema alone: an enum's case title, a switch's
    /// On/Off, a date in ISO 8601 (UTC), a number or text as it is. An entity's id is its
    /// own display only when its bundle gave no title.
    static func displayText(_ value: JSONValue, of parameter: ConfigurationParameter) -> String? {
        switch (parameter.type, value) {
        case (.enum, .string(let raw)): return parameter.options?.first { $0.value == raw }?.title ?? raw
        case (.bool, .bool(let flag)): return flag ? "On" : "Off"
        case (.date, _):
            guard let seconds = number(value) else { return nil }
            return Date(timeIntervalSince1970: seconds).formatted(.iso8601)
        case (_, .string(let text)): return text
        case (_, .integer(let number)): return String(number)
        case (_, .number(let number)): return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: return nil
        }
    }
}
