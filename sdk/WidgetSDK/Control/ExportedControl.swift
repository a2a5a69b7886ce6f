import FoundationEssentials
import WidgetPayload

/// A control's value for one call, as the template it draws: the entry of the widget a control
/// is exported as.
struct ControlEntry<Template: ControlWidgetTemplate>: TimelineEntry, @unchecked Sendable {
    // Unchecked: `draw` holds the provider's value, which WidgetKit does not require to be
    // Sendable; it is made for one call and only read, on that call's task, to draw the reply.
    let date: Date
    let draw: () -> Template
}

/// A control as the widget it is exported as (docs/intents.md, "Control widgets"): its kind, in
/// `accessoryCircular` alone, one entry drawn as iOS draws a small control, reloaded when its
/// action has been performed or the bundle asks (`ControlCenter`), never on a schedule.
///
/// Both control configurations hand the bundle one of these, their provider erased into the
/// three ways of getting a template.
struct ExportedControl<Template: ControlWidgetTemplate>: ExportableConfiguration {
    typealias Entry = ControlEntry<Template>
    typealias Draw = () -> Template

    /// The family a control is shown in: the one WidgetKit draws as a circle with a symbol, as
    /// iOS draws a small control in Control Center.
    static var family: WidgetFamily { .accessoryCircular }

    let kind: String
    let displayName: String
    let description: String
    /// The preview value's template, for the default configuration: synchronous, as a
    /// placeholder is.
    let placeholder: @Sendable () -> Draw
    /// The preview value's template, for the call's configuration.
    let snapshot: @Sendable (TimelineProviderContext) async throws(ConfigurationDecodingError) -> Draw
    /// The current value's template, for the call's configuration.
    let current: @Sendable (TimelineProviderContext) async throws(ConfigurationDecodingError) -> Draw
    /// Set for a configurable control, as for a configurable widget.
    var configurationSchema: ConfigurationSchema? = nil
    var entityOptions: (@Sendable (_ parameter: String) async throws -> [ParameterOption])? = nil
    var entityQuery: (@Sendable (EntityQueryRequest) async throws -> [ParameterOption])? = nil

    func entryView(for family: WidgetFamily) -> (@Sendable (Entry) -> ViewTree)? {
        { entry in ViewEvaluation.tree(family: family) { entry.draw()._face } }
    }

    func exportedWidget() -> ExportedWidget {
        let control = self
        var exported = ExportedWidget(
            kind: kind, displayName: displayName, description: description, families: [Self.family],
            placeholder: { context in
                ViewEvaluation.$redactionReasons.withValue(.placeholder) {
                    let entry = Entry(date: context.now, draw: control.placeholder())
                    return EntryEncoding.reply(for: entry, view: control.entryView(for: context.family))
                }
            },
            snapshot: { context, reply in
                Task {
                    reply(await control.reply(in: context) { context throws(ConfigurationDecodingError) in
                        let entry = Entry(date: context.now, draw: try await control.snapshot(context))
                        return EntryEncoding.reply(for: entry, view: control.entryView(for: context.family))
                    })
                }
            },
            timeline: { context, reply in
                Task {
                    reply(await control.reply(in: context) { context throws(ConfigurationDecodingError) in
                        let entry = Entry(date: context.now, draw: try await control.current(context))
                        return EntryEncoding.reply(for: Timeline(entries: [entry], policy: .never), view: control.entryView(for: context.family))
                    })
                }
            })
        exported.configurationSchema = configurationSchema
        exported.entityOptions = entityOptions
        exported.entityQuery = entityQuery
        return exported
    }

    /// `answer`'s reply, or the error's when the call's configuration does not fit the intent.
    private func reply(
        in context: TimelineProviderContext,
        _ answer: (TimelineProviderContext) async throws(ConfigurationDecodingError) -> ProviderReply
    ) async -> ProviderReply {
        do throws(ConfigurationDecodingError) {
            return try await answer(context)
        } catch {
            return .failure("\(kind): \(error)")
        }
    }
}

/// What a control configuration knows of itself before it is exported.
struct ControlMetadata: Sendable {
    let kind: String
    var displayName: String
    var description = ""

    init(kind: String) {
        self.kind = kind
        // WidgetKit's gallery falls back on the kind too.
        self.displayName = kind
    }
}

/// A control configuration the SDK knows how to export.
protocol ExportableControlConfiguration {
    func exportedControl() -> any ExportableConfiguration
}

enum ControlValue {
    /// The provider's current value, or its preview value when fetching the current one throws:
    /// the control still shows, and works, with the failure in the host's log.
    static func current<Value>(
        of kind: String, _ fetch: () async throws -> Value, orPreview preview: () -> Value
    ) async -> Value {
        do {
            return try await fetch()
        } catch {
            WidgetLog.warning("control \(kind): currentValue() failed (\(error)); drawing its previewValue")
            return preview()
        }
    }
}
