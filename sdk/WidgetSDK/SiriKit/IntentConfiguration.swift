import WidgetPayload

/// The provider of a widget configured through a SiriKit intent: WidgetKit's
/// `IntentTimelineProvider`, as Xcode's widget template of iOS 14–16 writes it.
///
/// Completions may be called from any thread, exactly once.
public protocol IntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext

    /// A generic entry, shown while the widget loads. Synchronous; return at once.
    func placeholder(in context: Context) -> Entry

    /// The entry for now, for the instance's configuration.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)

    /// Entries for now and later, for the instance's configuration, and when to ask again.
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// A widget a person configures through a SiriKit intent: WidgetKit's `IntentConfiguration`.
///
///     IntentConfiguration(kind: "Counter", intent: ConfigurationIntent.self, provider: Provider()) { entry in
///         CounterView(entry: entry)
///     }
///
/// The intent class is generated from the extension's `.intentdefinition` by the SDK's
/// `IntentDefinitions` plugin. Each instance is configured as an `AppIntentConfiguration`'s is:
/// the host offers the intent's parameters, checks what is chosen, and each call's intent holds
/// it. A parameter of a custom type takes the object's identifier, since the app's Intents
/// extension, which lists the objects on iOS, does not run here.
public struct IntentConfiguration<Intent: INIntent, Content: View>: SupportedFamiliesModifier, Sendable {
    let kind: String
    public var _configurationTraits: _WidgetConfigurationTraits
    /// The configuration with its provider's type known again: what exports it, and what a
    /// `#Preview` of the widget draws its entries with.
    let typed: @Sendable (_ configuration: IntentConfiguration) -> any ExportableConfiguration

    /// - Parameters:
    ///   - kind: Identifies the widget; unique among every bundle a host loads.
    ///   - intent: The generated intent class whose parameters configure each instance.
    ///   - provider: Supplies the widget's entries for an instance's intent.
    ///   - content: The view that shows an entry, in the family asked for.
    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        self.kind = kind
        self._configurationTraits = _WidgetConfigurationTraits(displayName: kind)
        self.typed = { configuration in
            IntentConfigurationExport(configuration: configuration, provider: provider, content: content)
        }
    }

    /// The kind's schema: the intent's parameters, each optional, as SiriKit's are.
    static var schema: ConfigurationSchema {
        ConfigurationSchema(
            title: Intent._intentTitle, description: Intent._intentDescription,
            parameters: Intent._parameterDefinitions.map(\.schema))
    }

    /// A fresh intent holding `configuration`'s values.
    static func intent(from configuration: JSONValue?) throws(ConfigurationDecodingError) -> Intent {
        let intent = Intent()
        let definitions = Intent._parameterDefinitions
        var members: [String: JSONValue] = [:]
        switch configuration {
        case nil, .null?: break
        case .object(let given)?: members = given
        default: throw .notAnObject
        }
        for name in members.keys.sorted() where !definitions.contains(where: { $0.name == name }) {
            throw .unknownParameter(name: name, known: definitions.map(\.name))
        }
        for definition in definitions {
            guard let value = members[definition.name] ?? definition.defaultValue, value != .null else { continue }
            intent._setParameter(definition.name, to: INIntentParameterValue(json: value))
        }
        return intent
    }
}

extension IntentConfiguration: WidgetExporting, PreviewedConfiguration {
    func exportedWidget() -> ExportedWidget {
        typed(self).exportedWidget()
    }

    var previewed: any ExportableConfiguration {
        typed(self)
    }
}

/// An `IntentConfiguration` with its provider's type known, to export.
private struct IntentConfigurationExport<Intent: INIntent, Content: View, Provider: IntentTimelineProvider>: ExportableConfiguration
    where Provider.Intent == Intent
{
    typealias Entry = Provider.Entry

    let configuration: IntentConfiguration<Intent, Content>
    let provider: Provider
    let content: @Sendable (Provider.Entry) -> Content

    var kind: String { configuration.kind }

    func entryView(for family: WidgetFamily) -> (@Sendable (Entry) -> ViewTree)? {
        entryView(family)
    }

    func exportedWidget() -> ExportedWidget {
        let provider = provider
        let entryView = entryView
        let kind = configuration.kind
        var exported = ExportedWidget(
            kind: kind, displayName: configuration.displayName, description: configuration.widgetDescription,
            families: configuration.families,
            placeholder: { context in
                ViewEvaluation.$redactionReasons.withValue(.placeholder) {
                    EntryEncoding.reply(for: provider.placeholder(in: context), view: entryView(context.family))
                }
            },
            snapshot: { context, reply in
                do throws(ConfigurationDecodingError) {
                    let intent = try IntentConfiguration<Intent, Content>.intent(from: context.configuration)
                    provider.getSnapshot(for: intent, in: context) { entry in
                        reply(EntryEncoding.reply(for: entry, view: entryView(context.family)))
                    }
                } catch {
                    reply(.failure("\(kind): \(error)"))
                }
            },
            timeline: { context, reply in
                do throws(ConfigurationDecodingError) {
                    let intent = try IntentConfiguration<Intent, Content>.intent(from: context.configuration)
                    provider.getTimeline(for: intent, in: context) { timeline in
                        reply(EntryEncoding.reply(for: timeline, view: entryView(context.family)))
                    }
                } catch {
                    reply(.failure("\(kind): \(error)"))
                }
            })
        exported.configurationSchema = IntentConfiguration<Intent, Content>.schema
        return exported
    }

    /// How each entry's view is evaluated for a family.
    private var entryView: @Sendable (WidgetFamily) -> (@Sendable (Provider.Entry) -> ViewTree)? {
        let content = content
        let marginsDisabled = configuration.isContentMarginsDisabled
        return { family in
            { entry in ViewEvaluation.tree(family: family, contentMarginsDisabled: marginsDisabled) { content(entry) } }
        }
    }
}
