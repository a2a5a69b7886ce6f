import WidgetPayload

extension AppIntentConfiguration: ExportableConfiguration {
    func exportedWidget() -> ExportedWidget {
        let configuration = self
        let provider = configuration.provider
        let schema = configuration.schema
        let placeholder: @Sendable (TimelineProviderContext) -> ProviderReply = { context in
            // The host draws a placeholder redacted; its view reads so in `redactionReasons`.
            ViewEvaluation.$redactionReasons.withValue(.placeholder) {
                EntryEncoding.reply(for: provider.placeholder(in: context), view: configuration.entryView(for: context.family))
            }
        }
        let snapshot: @Sendable (TimelineProviderContext, @escaping ExportedWidget.Reply) -> Void = { context, reply in
            Task {
                switch await configuration.intent(for: context) {
                case .success(let intent):
                    let entry = await provider.snapshot(for: intent, in: context)
                    reply(EntryEncoding.reply(for: entry, view: configuration.entryView(for: context.family)))
                case .failure(let error):
                    reply(error.reply(kind: configuration.kind))
                }
            }
        }
        let timeline: @Sendable (TimelineProviderContext, @escaping ExportedWidget.Reply) -> Void = { context, reply in
            Task {
                switch await configuration.intent(for: context) {
                case .success(let intent):
                    let timeline = await provider.timeline(for: intent, in: context)
                    reply(EntryEncoding.reply(for: timeline, view: configuration.entryView(for: context.family)))
                case .failure(let error):
                    reply(error.reply(kind: configuration.kind))
                }
            }
        }
        var exported = ExportedWidget(
            kind: kind, displayName: displayName, description: widgetDescription, families: families,
            placeholder: placeholder, snapshot: snapshot, timeline: timeline)
        exported.configurationSchema = schema
        if schema.parameters.contains(where: { $0.type == .entity }) {
            exported.entityOptions = { parameter in try await EntityOptions.options(of: Intent.self, parameter: parameter) }
            exported.entityQuery = { request in try await EntityOptions.query(request, of: Intent.self) }
        }
        return exported
    }

    /// The intent of a call, or why its configuration cannot be one.
    func intent(for context: TimelineProviderContext) async -> Result<Intent, ConfigurationDecodingError> {
        do throws(ConfigurationDecodingError) {
            return .success(try await IntentDecoding.intent(Intent.self, from: context.configuration))
        } catch {
            return .failure(error)
        }
    }
}
