import FoundationEssentials
internal import WidgetMainEntry
import WidgetPayload

/// The bundle's `#Preview`s, found in its metadata as Xcode finds them, and the reply to the
/// host's `previews` call (`wk_widget_t.previews`, ABI 1.6): for one kind in the call's family,
/// each preview's entries with their views, evaluated in the call's context.
///
/// ```json
/// {"version": 1, "previews": [
///   {"name": "Seven", "source": "Counter/CounterWidget.swift:40", "entries": [ENTRY, ...]},
///   {"name": null, "source": "Counter/CounterWidget.swift:47", "error": {"message": "..."}}]}
/// ```
enum PreviewCatalog {
    /// Every `#Preview` of the bundle's image, in source order (file, then line).
    static let registries: [any _PreviewRegistry.Type] = {
        var seen = Set<ObjectIdentifier>()
        return conformingTypes(wk_sdk_preview_registry_metadata)
            .compactMap { $0 as? any _PreviewRegistry.Type }
            .filter { seen.insert(ObjectIdentifier($0)).inserted }
            .sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }()

    /// The previews of `kind` in `context.family`, as the reply's JSON.
    static func reply(kind: String, in context: TimelineProviderContext) async -> JSONValue {
        var previews: [JSONValue] = []
        for registry in registries {
            let declaration = registry.preview
            guard case .widget(let family, let widget, let entries) = declaration.subject, family == context.family,
                  let configuration = widget().previewedConfiguration, configuration.kind == kind
            else { continue }
            var preview: [String: JSONValue] = [
                "name": declaration.name.map(JSONValue.string) ?? .null,
                "source": .string("\(registry.fileID):\(registry.line)"),
            ]
            let reply = await entries(configuration, context)
            if let error = reply.error {
                preview["error"] = .object(["message": .string(error.message)])
            } else {
                do {
                    preview["entries"] = .array(try (reply.entries ?? []).map { try JSONValueEncoder().encode($0) })
                } catch {
                    preview["error"] = .object(["message": .string("could not encode the preview's entries: \(error)")])
                }
            }
            previews.append(.object(preview))
        }
        return .object(["version": .integer(Int64(PayloadVersion.current)), "previews": .array(previews)])
    }
}

extension Widget {
    /// The configuration a `#Preview` of this widget draws with; nil for a group of widgets.
    var previewedConfiguration: (any ExportableConfiguration)? {
        (body as? any ExportableConfiguration) ?? (body as? any PreviewedConfiguration)?.previewed
    }
}

/// A configuration whose provider's entry type is erased in its own type (`IntentConfiguration`),
/// which can still give the typed configuration a `#Preview` draws with.
protocol PreviewedConfiguration {
    var previewed: any ExportableConfiguration { get }
}
