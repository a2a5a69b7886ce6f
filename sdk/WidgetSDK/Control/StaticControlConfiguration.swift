/// A control with no options a person sets: WidgetKit's `StaticControlConfiguration`.
///
///     StaticControlConfiguration(kind: "com.example.daysleft.control", provider: DaysLeftValueProvider()) { value in
///         ControlWidgetButton(action: OpenAppIntent()) {
///             Label("\(value) days", systemImage: "calendar")
///         }
///     }
///     .displayName("Days Left")
///
/// Exported as the widget of its kind (`ExportedControl`).
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration, Sendable {
    var metadata: ControlMetadata
    /// The template for the provider's preview value, or for the content of a control without one.
    let preview: @Sendable () -> ExportedControl<Content>.Draw
    /// The template for the provider's current value.
    let current: @Sendable () async -> ExportedControl<Content>.Draw

    /// A control whose template needs no value.
    ///
    /// - Parameters:
    ///   - kind: Identifies the control; unique among every kind, widget or control, a host loads.
    ///   - content: The control's template.
    public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping @Sendable () -> Content) {
        metadata = ControlMetadata(kind: kind)
        preview = { content }
        current = { content }
    }

    /// A control whose template draws the value `provider` gives.
    ///
    /// - Parameters:
    ///   - kind: Identifies the control; unique among every kind, widget or control, a host loads.
    ///   - provider: Gives the value: `previewValue` for placeholders and snapshots,
    ///     `currentValue()` for the control itself.
    ///   - content: The control's template for a value.
    public init<Provider: ControlValueProvider>(
        kind: String, provider: Provider,
        @ControlWidgetTemplateBuilder content: @escaping @Sendable (Provider.Value) -> Content
    ) {
        metadata = ControlMetadata(kind: kind)
        preview = {
            let value = provider.previewValue
            return { content(value) }
        }
        current = {
            let value = await ControlValue.current(
                of: kind, { try await provider.currentValue() }, orPreview: { provider.previewValue })
            return { content(value) }
        }
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

    /// Accepted as in WidgetKit; a static control has nothing to configure, so nothing is asked.
    public func promptsForUserConfiguration() -> Self {
        self
    }

    /// Accepted as in WidgetKit; this host caches no control state, it asks the provider on
    /// every timeline call.
    public func disablesControlStateCaching() -> Self {
        self
    }
}

extension StaticControlConfiguration: ExportableControlConfiguration {
    func exportedControl() -> any ExportableConfiguration {
        let preview = preview
        let current = current
        return ExportedControl<Content>(
            kind: metadata.kind, displayName: metadata.displayName, description: metadata.description,
            placeholder: preview,
            snapshot: { _ in preview() },
            current: { _ in await current() })
    }
}
