import WidgetPayload

/// An enum a parameter can hold, its cases named for people: App Intents' `AppEnum`.
///
///     enum Weather: String, AppEnum {
///         case sun, rain
///         static let typeDisplayRepresentation: TypeDisplayRepresentation = "Weather"
///         static let caseDisplayRepresentations: [Weather: DisplayRepresentation] = [.sun: "Sunny", .rain: "Rainy"]
///     }
///
/// In a configuration a case is its raw value; the schema lists every case as an option.
public protocol AppEnum: IntentParameterValue, RawRepresentable, CaseIterable, Hashable where RawValue == String {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    public static var parameterType: ParameterType { .enum }
    public var configurationValue: JSONValue { .string(rawValue) }

    public static var parameterOptions: [ParameterOption]? {
        allCases.map { ParameterOption(value: $0.rawValue, title: caseDisplayRepresentations[$0]?.title.key ?? $0.rawValue) }
    }

    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> Self {
        guard case .string(let raw) = value else { throw .wrongType(expected: .enum, found: value) }
        guard let found = Self(rawValue: raw) else { throw .notAnOption(value: raw, allowed: allCases.map(\.rawValue)) }
        return found
    }
}
