/// A ready-made configuration of a widget, offered by hosts without a configuration screen.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent>: Sendable {
    public let intent: Intent
    public let description: LocalizedStringResource

    public init(intent: Intent, description: LocalizedStringResource) {
        self.intent = intent
        self.description = description
    }

    public init(intent: Intent, description: some StringProtocol) {
        self.init(intent: intent, description: LocalizedStringResource(String(description)))
    }
}
