import WidgetPayload

/// The options of a parameter, given by code at run time: App Intents' `DynamicOptionsProvider`,
/// named in `@Parameter(title:optionsProvider:)`.
///
///     struct RepoOptions: DynamicOptionsProvider {
///         func results() async throws -> [String] { ["apple/swift", "swiftlang/swift-syntax"] }
///     }
///     @Parameter(title: "Repo", optionsProvider: RepoOptions()) var repo: String?
///
/// The host asks for them as it asks an entity's query for its suggestions
/// (`wk_widget_t.entity_options`); each option's value is the one a configuration spells.
public protocol DynamicOptionsProvider: Sendable {
    associatedtype Result: IntentParameterValue
    /// The options to choose from.
    func results() async throws -> [Result]
    /// The value when a configuration gives none (a widget just added); nil for none.
    func defaultResult() async -> Result?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> Result? { nil }

    /// The options as the host lists them.
    func parameterOptions() async throws -> [ParameterOption] {
        try await results().map { result in
            let title = String(describing: result)
            guard case .string(let value) = result.configurationValue else {
                let text = (try? JSONWriter.bytes(of: result.configurationValue)).map { String(decoding: $0, as: UTF8.self) }
                return ParameterOption(value: text ?? title, title: title)
            }
            return ParameterOption(value: value, title: title)
        }
    }
}

extension Parameter {
    /// A parameter whose options `optionsProvider` gives.
    public convenience init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value? = nil,
        optionsProvider: Provider
    ) where Provider.Result == Value {
        self.init(title: title, description: description, default: defaultValue,
                  options: { try await optionsProvider.parameterOptions() }, defaultOption: { await optionsProvider.defaultResult() })
    }

    /// An optional parameter whose options `optionsProvider` gives.
    public convenience init<Wrapped, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value? = nil,
        optionsProvider: Provider
    ) where Value == Wrapped?, Provider.Result == Wrapped {
        self.init(title: title, description: description, default: defaultValue,
                  options: { try await optionsProvider.parameterOptions() }, defaultOption: { await optionsProvider.defaultResult() })
    }
}
