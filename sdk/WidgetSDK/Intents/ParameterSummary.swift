import WidgetPayload

/// How Shortcuts and the widget's edit sheet sum up an intent's parameters, as App Intents'
/// `ParameterSummary`:
///
///     static var parameterSummary: some ParameterSummary {
///         When(\.$showsDetails, .equalTo, true) {
///             Summary("Show \(\.$city) in detail") { \.$unit }
///         } otherwise: {
///             Summary("Show \(\.$city)")
///         }
///     }
///
/// The SDK records it in the kind's schema (`summary`, docs/configuration.md), naming each key
/// path's parameter; the host picks the branch an instance's values choose and shows the
/// sentence at the top of the edit sheet, the listed parameters after it. Inside an intent,
/// `Summary` and `When` name the types below for that intent, as App Intents' do.
public protocol ParameterSummary {}

/// What the summaries below record; every summary an intent can write is one.
protocol RecordedParameterSummary {
    /// The summary with its key paths named by `names` (nil for a key path that is not one of
    /// the intent's parameters, which the summary then leaves out).
    func description(naming names: ParameterKeyPathNames) -> ParameterSummaryDescription?
}

/// `Summary("…")`: a sentence with the intent's parameters in it, and the others listed after.
public struct IntentParameterSummary<Intent>: ParameterSummary, RecordedParameterSummary {
    let sentence: [ParameterSummaryString<Intent>.Part]
    let parameters: [AnyKeyPath]

    public init(_ summary: ParameterSummaryString<Intent>) {
        sentence = summary.parts
        parameters = []
    }

    public init(_ summary: ParameterSummaryString<Intent>, @ParameterSummaryParameters<Intent> _ parameters: () -> [AnyKeyPath]) {
        sentence = summary.parts
        self.parameters = parameters()
    }

    public init(@ParameterSummaryParameters<Intent> _ parameters: () -> [AnyKeyPath]) {
        sentence = []
        self.parameters = parameters()
    }

    func description(naming names: ParameterKeyPathNames) -> ParameterSummaryDescription? {
        .summary(
            sentence: sentence.compactMap { part in
                switch part {
                case .text(let text): .text(text)
                case .parameter(let keyPath): names.name(of: keyPath).map(ParameterSummaryPart.parameter)
                }
            },
            parameters: parameters.compactMap(names.name(of:)))
    }
}

/// `When(\.$parameter, .equalTo, value) { … } otherwise: { … }`: one summary or another by a
/// parameter's value.
public struct IntentParameterSummaryCondition<Intent>: ParameterSummary, RecordedParameterSummary {
    let parameter: AnyKeyPath
    let comparison: ParameterSummaryComparison
    let value: JSONValue?
    let then: any ParameterSummary
    let otherwise: (any ParameterSummary)?

    public init<Value, Then: ParameterSummary, Otherwise: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
        @ParameterSummaryBuilder _ then: () -> Then, @ParameterSummaryBuilder otherwise: () -> Otherwise
    ) {
        self.init(parameter, comparison, value.configurationValue, then(), otherwise())
    }

    public init<Value, Then: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
        @ParameterSummaryBuilder _ then: () -> Then
    ) {
        self.init(parameter, comparison, value.configurationValue, then(), nil)
    }

    /// A parameter that has a value (`.hasAnyValue`) or none (`.hasNoValue`).
    public init<Value, Then: ParameterSummary, Otherwise: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison,
        @ParameterSummaryBuilder _ then: () -> Then, @ParameterSummaryBuilder otherwise: () -> Otherwise
    ) {
        self.init(parameter, comparison, nil, then(), otherwise())
    }

    /// A parameter that has a value, or none, with no summary otherwise.
    public init<Value, Then: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison,
        @ParameterSummaryBuilder _ then: () -> Then
    ) {
        self.init(parameter, comparison, nil, then(), nil)
    }

    private init(
        _ parameter: AnyKeyPath, _ comparison: ParameterSummaryComparison, _ value: JSONValue?,
        _ then: any ParameterSummary, _ otherwise: (any ParameterSummary)?
    ) {
        self.parameter = parameter
        self.comparison = comparison
        // An optional parameter compared with nil has no value to compare: as `.hasNoValue`.
        self.value = value == .null ? nil : value
        self.then = then
        self.otherwise = otherwise
    }

    func description(naming names: ParameterKeyPathNames) -> ParameterSummaryDescription? {
        guard let name = names.name(of: parameter),
              let then = (then as? any RecordedParameterSummary)?.description(naming: names) else { return nil }
        return .when(
            parameter: name, comparison: comparison, value: value, then: then,
            otherwise: (otherwise as? any RecordedParameterSummary)?.description(naming: names))
    }
}

/// How `When` compares a parameter's value (the same words travel in the schema).
public typealias ParameterSummaryComparison = WidgetPayload.ParameterSummaryComparison

/// A summary's sentence: text with the intent's parameters interpolated by key path
/// (`"Show \(\.$city)"`).
public struct ParameterSummaryString<Intent>: ExpressibleByStringInterpolation {
    enum Part {
        case text(String)
        case parameter(AnyKeyPath)
    }

    let parts: [Part]

    /// Literal text and `\(\.$parameter)` key paths.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.text(literal)) }
        }

        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {
            parts.append(.parameter(parameter))
        }
    }

    public init(stringLiteral value: String) {
        parts = value.isEmpty ? [] : [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }
}

/// The parameters listed after a summary's sentence: one key path a line.
@resultBuilder
public enum ParameterSummaryParameters<Intent> {
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) -> [AnyKeyPath] {
        [parameter]
    }

    public static func buildBlock(_ parts: [AnyKeyPath]...) -> [AnyKeyPath] {
        parts.flatMap { $0 }
    }
}

/// The one summary a `When` branch or `parameterSummary` holds.
@resultBuilder
public enum ParameterSummaryBuilder {
    public static func buildBlock<Content: ParameterSummary>(_ content: Content) -> Content {
        content
    }
}

extension AppIntent {
    /// `Summary("…")` inside this intent.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(…)` inside this intent.
    public typealias When = IntentParameterSummaryCondition<Self>
}

extension WidgetConfigurationIntent {
    /// `Summary("…")` inside this intent.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(…)` inside this intent.
    public typealias When = IntentParameterSummaryCondition<Self>
}
