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
/// The host's configuration form lists every parameter of the schema (docs/configuration.md), so
/// a summary compiles and is not shown. Inside an intent, `Summary` and `When` name the types
/// below for that intent, as App Intents' do.
public protocol ParameterSummary {}

/// `Summary("…")`: a sentence with the intent's parameters in it, and the others listed after.
public struct IntentParameterSummary<Intent>: ParameterSummary {
    public init(_ summary: ParameterSummaryString<Intent>) {}

    public init(_ summary: ParameterSummaryString<Intent>, @ParameterSummaryParameters<Intent> _ parameters: () -> [AnyKeyPath]) {}

    public init(@ParameterSummaryParameters<Intent> _ parameters: () -> [AnyKeyPath]) {}
}

/// `When(\.$parameter, .equalTo, value) { … } otherwise: { … }`: one summary or another by a
/// parameter's value.
public struct IntentParameterSummaryCondition<Intent>: ParameterSummary {
    public init<Value, Then: ParameterSummary, Otherwise: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
        @ParameterSummaryBuilder _ then: () -> Then, @ParameterSummaryBuilder otherwise: () -> Otherwise
    ) {}

    public init<Value, Then: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
        @ParameterSummaryBuilder _ then: () -> Then
    ) {}

    /// A parameter that has a value (`.hasAnyValue`) or none (`.hasNoValue`).
    public init<Value, Then: ParameterSummary, Otherwise: ParameterSummary>(
        _ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison,
        @ParameterSummaryBuilder _ then: () -> Then, @ParameterSummaryBuilder otherwise: () -> Otherwise
    ) {}
}

/// How `When` compares a parameter's value.
public enum ParameterSummaryComparison: Sendable, Hashable {
    case equalTo, notEqualTo, greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo
    case contains, hasPrefix, hasSuffix, hasAnyValue, hasNoValue
}

/// A summary's sentence: text with the intent's parameters interpolated by key path
/// (`"Show \(\.$city)"`).
public struct ParameterSummaryString<Intent>: ExpressibleByStringInterpolation {
    /// Literal text and `\(\.$parameter)` key paths.
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {}
    }

    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
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
