import WidgetPayload

/// Writes the schema of an intent type (docs/configuration.md) from a fresh `Intent()`.
enum IntentSchema {
    static func schema<Intent: WidgetConfigurationIntent>(
        of intent: Intent.Type, recommendations: [AppIntentRecommendation<Intent>] = []
    ) -> ConfigurationSchema {
        let intent = Intent()
        let parameters = IntentParameters(of: intent)
        return ConfigurationSchema(
            title: Intent.title.key,
            description: Intent.description.descriptionText.key,
            parameters: parameters.slots.map { $0.slot.schema(name: $0.name) },
            recommendations: recommendations.map {
                ConfigurationRecommendation(
                    description: $0.description.key, configuration: IntentParameters(of: $0.intent).configuration)
            },
            summary: summary(of: intent))
    }

    /// The intent's `parameterSummary`, its key paths named on `intent`; nil when it has none.
    static func summary<Intent: WidgetConfigurationIntent>(of intent: Intent) -> ParameterSummaryDescription? {
        (Intent.parameterSummary as? any RecordedParameterSummary)?.description(naming: ParameterKeyPathNames(intent: intent))
    }

    /// A control's schema (`AppIntentControlConfiguration`): its providers recommend nothing.
    static func schema<Intent: ControlConfigurationIntent>(of intent: Intent.Type) -> ConfigurationSchema {
        ConfigurationSchema(
            title: Intent.title.key,
            description: Intent.description.descriptionText.key,
            parameters: IntentParameters(of: Intent()).slots.map { $0.slot.schema(name: $0.name) })
    }
}
