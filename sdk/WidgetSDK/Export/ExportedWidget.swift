import WidgetPayload

/// One widget with its provider's type erased, ready to be driven through the C ABI.
struct ExportedWidget: Sendable {
    typealias Reply = @Sendable (ProviderReply) -> Void

    let kind: String
    let displayName: String
    let description: String
    let families: [WidgetFamily]
    let placeholder: @Sendable (TimelineProviderContext) -> ProviderReply
    let snapshot: @Sendable (TimelineProviderContext, @escaping Reply) -> Void
    let timeline: @Sendable (TimelineProviderContext, @escaping Reply) -> Void
    /// The parameters of a configurable kind (`AppIntentConfiguration`); nil for a static one.
    var configurationSchema: ConfigurationSchema? = nil
    /// An entity parameter's options, for a kind with entity parameters; nil otherwise.
    var entityOptions: (@Sendable (_ parameter: String) async throws -> [ParameterOption])? = nil
    /// An entity parameter's query asked for particular entities (ABI 1.7's `entity_query`),
    /// for a kind with entity parameters; nil otherwise.
    var entityQuery: (@Sendable (EntityQueryRequest) async throws -> [ParameterOption])? = nil
}

/// A configuration the SDK knows how to export as a widget.
protocol WidgetExporting: Sendable {
    func exportedWidget() -> ExportedWidget
}

/// A configuration the SDK knows how to export, with its entry type known (what `#Preview`
/// needs to draw its entries).
protocol ExportableConfiguration: WidgetExporting {
    associatedtype Entry: TimelineEntry
    var kind: String { get }
    /// How each entry's view is evaluated for a family; nil for a widget without a view.
    func entryView(for family: WidgetFamily) -> (@Sendable (Entry) -> ViewTree)?
}

extension ExportableConfiguration {
    /// A `#Preview`'s timeline drawn with this configuration's view: a failure when its entries
    /// are not the ones this configuration's provider makes.
    func previewReply<Previewed: TimelineEntry>(for timeline: Timeline<Previewed>, in context: TimelineProviderContext) -> ProviderReply {
        guard let typed = timeline as? Timeline<Entry> else {
            return .failure("\(kind): the preview's entries are \(Previewed.self); the widget's provider makes \(Entry.self)")
        }
        return EntryEncoding.reply(for: typed, view: entryView(for: context.family))
    }
}

extension StaticConfiguration: ExportableConfiguration {
    func exportedWidget() -> ExportedWidget {
        // Captured whole (it is Sendable): the provider, and the entry view for each call's family.
        let configuration = self
        let provider = configuration.provider
        return ExportedWidget(
            kind: kind,
            displayName: displayName,
            description: widgetDescription,
            families: families,
            placeholder: { context in
                ViewEvaluation.$redactionReasons.withValue(.placeholder) {
                    EntryEncoding.reply(for: provider.placeholder(in: context), view: configuration.entryView(for: context.family))
                }
            },
            snapshot: { context, reply in
                let gate = OmissionGate(reply)
                ProviderOmission.$reporter.withValue(ProviderOmission.Reporter(receive: gate.omitted)) {
                    provider.getSnapshot(in: context) { entry in
                        gate.answer(EntryEncoding.reply(for: entry, view: configuration.entryView(for: context.family)))
                    }
                }
            },
            timeline: { context, reply in
                let gate = OmissionGate(reply)
                ProviderOmission.$reporter.withValue(ProviderOmission.Reporter(receive: gate.omitted)) {
                    provider.getTimeline(in: context) { timeline in
                        gate.answer(EntryEncoding.reply(for: timeline, view: configuration.entryView(for: context.family)))
                    }
                }
            }
        )
    }
}


extension Widget {
    /// The exportable widgets this widget stands for: several for a `WidgetGroup`, the control's
    /// for a listed control.
    func exportedWidgets() throws(WidgetExportError) -> [ExportedWidget] {
        if let group = self as? WidgetGroup {
            var widgets: [ExportedWidget] = []
            for member in group.members { widgets += try member.exportedWidgets() }
            return widgets
        }
        if let control = self as? any ControlListing {
            return [try control.exportedControl()]
        }
        // A Live Activity is no kind of the bundle (WidgetBundleBuilder), also when it is the
        // bundle's `@main` widget itself.
        if body is any _LiveActivityConfiguration { return [] }
        guard let configuration = body as? any WidgetExporting else {
            throw .unsupportedConfiguration(widget: String(describing: Self.self))
        }
        return [configuration.exportedWidget()]
    }
}

/// Why a bundle's widgets could not be exported.
enum WidgetExportError: Error, CustomStringConvertible {
    case unsupportedConfiguration(widget: String)
    case unsupportedControlConfiguration(control: String)
    case emptyBundle(bundle: String)

    var description: String {
        switch self {
        case .unsupportedConfiguration(let widget):
            "widget \(widget) has a body that is not a StaticConfiguration, AppIntentConfiguration or IntentConfiguration; return one from body"
        case .unsupportedControlConfiguration(let control):
            "control \(control) has a body that is neither a StaticControlConfiguration nor an AppIntentControlConfiguration; return one from body"
        case .emptyBundle(let bundle):
            "widget bundle \(bundle) lists no widgets (a Live Activity is none: Linux has no Lock Screen or Dynamic Island to show it); list them in its body"
        }
    }
}
