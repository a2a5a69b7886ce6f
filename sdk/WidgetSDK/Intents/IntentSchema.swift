import WidgetPayload

/// Writes the schema of an intent type (docs/configuration.md) from a fresh `Intent()`.
enum IntentSchema {
    static func schema<Intent: WidgetConfigurationIntent>(
        of intent: Intent.Type, recommendations: [AppIntentRecommendation<Intent>] = []
    ) -> ConfigurationSchema {
        let parameters = IntentParameters(of: Intent())
        return ConfigurationSchema(
            title: Intent.title.key,
            description: Intent.description.descriptionText.key,
            parameters: parameters.slots.map { $0.slot.schema(name: $0.name) },
            recommendations: recommendations.map {
                ConfigurationRecommendation(
                    description: $0.description.key, configuration: IntentParameters(of: $0.intent).configuration)
            })
    }

    /// A control's schema (`AppIntentControlConfiguration`): its providers recommend nothing.
    static func schema<Intent: ControlConfigurationIntent>(of intent: Intent.Type) -> ConfigurationSchema {
        ConfigurationSchema(
            title: Intent.title.key,
            description: Intent.description.descriptionText.key,
            parameters: IntentParameters(of: Intent()).slots.map { $0.slot.schema(name: $0.name) })
    }
}
