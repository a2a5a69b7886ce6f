/// A control a person configures, one instance at a time, through the parameters of an intent:
/// WidgetKit's `AppIntentControlConfiguration`.
///
///     AppIntentControlConfiguration(kind: "timer", provider: TimerProvider()) { value in
///         ControlWidgetToggle("Timer", isOn: value.isRunning, action: ToggleTimerIntent()) { isOn in
///             Label(isOn ? "On" : "Off", systemImage: "timer")
///         }
///     }
///     .promptsForUserConfiguration()
///
/// Exported as the widget of its kind (`ExportedControl`) with the intent's schema, so the host
/// configures each instance as it configures an `AppIntentConfiguration` widget's.
public struct AppIntentControlConfiguration<Configuration: ControlConfigurationIntent, Content: ControlWidgetTemplate>:
    ControlWidgetConfiguration, Sendable
{
    var metadata: ControlMetadata
    /// The template for the provider's preview value for a configuration.
    let preview: @Sendable (Configuration) -> ExportedControl<Content>.Draw
    /// The template for the provider's current value for a configuration.
    let current: @Sendable (Configuration) async -> ExportedControl<Content>.Draw

    /// - Parameters:
    ///   - kind: Identifies the control; unique among every kind, widget or control, a host loads.
    ///   - provider: Gives the value for an instance's configuration: `previewValue(configuration:)`
    ///     for placeholders and snapshots, `currentValue(configuration:)` for the control itself.
    ///   - content: The control's template for a value.
    public init<Provider: AppIntentControlValueProvider>(
        kind: String, provider: Provider,
        @ControlWidgetTemplateBuilder content: @escaping @Sendable (Provider.Value) -> Content
    ) where Provider.Configuration == Configuration {
        metadata = ControlMetadata(kind: kind)
        preview = { configuration in
            let value = provider.previewValue(configuration: configuration)
            return { content(value) }
        }
        current = { configuration in
            let value = await ControlValue.current(
                of: kind, { try await provider.currentValue(configuration: configuration) },
                orPreview: { provider.previewValue(configuration: configuration) })
            return { content(value) }
        }
    }

    /// A control whose template draws its configuration itself.
    public init(
        kind: String, intent: Configuration.Type = Configuration.self,
        @ControlWidgetTemplateBuilder content: @escaping @Sendable (Configuration) -> Content
    ) {
        metadata = ControlMetadata(kind: kind)
        preview = { configuration in { content(configuration) } }
        current = { configuration in { content(configuration) } }
    }

    /// The control's name, shown in galleries as its widget's.
    public func displayName(_ displayName: LocalizedStringResource) -> Self {
        var copy = self
        copy.metadata.displayName = displayName.key
        return copy
    }

    /// What the control does, shown in galleries as its widget's description.
    public func description(_ description: LocalizedStringResource) -> Self {
        var copy = self
        copy.metadata.description = description.key
        return copy
    }

    /// Accepted as in WidgetKit, where adding the control opens its configuration first. Here
    /// the host configures a control's widget as any configurable widget (its schema); until
    /// then the intent's defaults apply.
    public func promptsForUserConfiguration() -> Self {
        self
    }

    /// Accepted as in WidgetKit; this host caches no control state, it asks the provider on
    /// every timeline call.
    public func disablesControlStateCaching() -> Self {
        self
    }
}

extension AppIntentControlConfiguration: ExportableControlConfiguration {
    func exportedControl() -> any ExportableConfiguration {
        let preview = preview
        let current = current
        let schema = IntentSchema.schema(of: Configuration.self)
        var control = ExportedControl<Content>(
            kind: metadata.kind, displayName: metadata.displayName, description: metadata.description,
            // A placeholder is synchronous: the intent's defaults stand for the configuration.
            placeholder: { preview(Configuration()) },
            snapshot: { context throws(ConfigurationDecodingError) in
                preview(try await IntentDecoding.intent(Configuration.self, from: context.configuration))
            },
            current: { context throws(ConfigurationDecodingError) in
                await current(try await IntentDecoding.intent(Configuration.self, from: context.configuration))
            })
        control.configurationSchema = schema
        if schema.parameters.contains(where: { $0.type == .entity }) {
            control.entityOptions = { parameter in try await EntityOptions.options(of: Configuration.self, parameter: parameter) }
            control.entityQuery = { request in try await EntityOptions.query(request, of: Configuration.self) }
        }
        return control
    }
}
