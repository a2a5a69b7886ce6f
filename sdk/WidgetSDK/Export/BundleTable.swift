import WidgetABI
import WidgetABIFields
import WidgetPayload

/// The C description of a bundle (`bundle.h`, `widget.h`), allocated once and never freed: the
/// host keeps pointers into it for the life of the process.
struct BundleTable: @unchecked Sendable {
    // Unchecked: the table is written once, before any pointer to it is handed out, and only
    // read afterwards.
    let bundle: UnsafePointer<wk_bundle_t>

    /// - Parameter abi: The version claimed (`ABINegotiation`): it sets `abi_version` and the
    ///   `struct_size`, which ends at that minor's last field.
    init(
        name: String, version: String, appGroups: [String], widgets: [ExportedWidget], intents: [ExportedIntent] = [],
        usesNetwork: Bool = true, entry: EntryForm = .explicit, abi: wk_version_t
    ) {
        let widgetPointers = UnsafeMutablePointer<UnsafePointer<wk_widget_t>?>
            .allocate(capacity: max(widgets.count, 1))
        for (index, widget) in widgets.enumerated() {
            widgetPointers[index] = UnsafePointer(Self.makeWidget(widget, abi: abi))
        }
        let groups = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(appGroups.count, 1))
        for (index, group) in appGroups.enumerated() { groups[index] = Self.permanentCString(group) }
        let bundle = UnsafeMutablePointer<wk_bundle_t>.allocate(capacity: 1)
        // Allocated whole whatever the claimed size: fields past struct_size are set but unread.
        bundle.initialize(to: wk_bundle_t(
            struct_size: ABINegotiation.bundleSize(for: abi),
            abi_version: abi,
            name: Self.permanentCString(name),
            version: Self.permanentCString(version),
            init: bundleInit,
            widgets: UnsafePointer(widgetPointers),
            widget_count: UInt32(widgets.count),
            app_groups: UnsafePointer(groups),
            app_group_count: UInt32(appGroups.count),
            sdk_version: Self.permanentCString(SDKIdentity.description(entry: entry)),
            intents_json: intents.isEmpty ? nil : Self.intentsJSON(intents),
            perform: intents.isEmpty ? nil : bundlePerform,
            sandbox_flags: usesNetwork ? 0 : UInt64(WK_SANDBOX_NO_NETWORK)
        ))
        // Before the table is handed out: the host may perform as soon as it has it.
        if !intents.isEmpty { ExportedIntent.registry.register(intents, for: UnsafePointer(bundle)) }
        self.bundle = UnsafePointer(bundle)
    }

    /// What `export` hands a host it cannot serve: the two permanent fields only, so that any
    /// host reads this SDK's version and refuses the bundle naming both (`bundle.h`).
    // Unsafe is fine: written once, here, before the pointer is handed out; only read afterwards.
    nonisolated(unsafe) static let versionOnly: UnsafePointer<wk_bundle_t> = {
        let bundle = UnsafeMutablePointer<wk_bundle_t>.allocate(capacity: 1)
        bundle.initialize(to: wk_bundle_t())
        bundle.pointee.struct_size = wk_bundle_t.size(through: \.abi_version)
        bundle.pointee.abi_version = ABINegotiation.sdk
        return UnsafePointer(bundle)
    }()

    private static func makeWidget(_ widget: ExportedWidget, abi: wk_version_t) -> UnsafeMutablePointer<wk_widget_t> {
        let families = UnsafeMutablePointer<UnsafePointer<CChar>?>
            .allocate(capacity: max(widget.families.count, 1))
        for (index, family) in widget.families.enumerated() {
            families[index] = permanentCString(family.rawValue)
        }
        // The box is the provider data the host hands back; retained for good, like the table.
        let box = Unmanaged.passRetained(ExportedWidgetBox(widget)).toOpaque()
        let schema = widget.configurationSchema.flatMap { try? JSONWriter.bytes(of: $0.jsonValue) }
        let table = UnsafeMutablePointer<wk_widget_t>.allocate(capacity: 1)
        table.initialize(to: wk_widget_t(
            struct_size: ABINegotiation.widgetSize(for: abi),
            kind: permanentCString(widget.kind),
            display_name: permanentCString(widget.displayName),
            description: permanentCString(widget.description),
            supported_families: UnsafePointer(families),
            supported_family_count: UInt32(widget.families.count),
            provider_data: box,
            placeholder: widgetPlaceholder,
            snapshot: widgetSnapshot,
            timeline: widgetTimeline,
            configuration_schema_json: schema.map { permanentCString(String(decoding: $0, as: UTF8.self)) },
            entity_options: widget.entityOptions == nil ? nil : widgetEntityOptions,
            previews: PreviewCatalog.registries.isEmpty ? nil : widgetPreviews,
            entity_query: widget.entityQuery == nil ? nil : widgetEntityQuery
        ))
        return table
    }

    private static func intentsJSON(_ intents: [ExportedIntent]) -> UnsafePointer<CChar>? {
        let json = IntentDeclaration.jsonValue(of: intents.map(\.declaration))
        return (try? JSONWriter.bytes(of: json)).map { permanentCString(String(decoding: $0, as: UTF8.self)) }
    }

    private static func permanentCString(_ string: String) -> UnsafePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        buffer.initialize(from: utf8, count: utf8.count)
        return UnsafePointer(buffer)
    }
}

/// Holds an exported widget where C can point at it.
final class ExportedWidgetBox: Sendable {
    let widget: ExportedWidget

    init(_ widget: ExportedWidget) {
        self.widget = widget
    }

    static func from(_ widget: UnsafePointer<wk_widget_t>?) -> ExportedWidget? {
        guard let data = widget?.pointee.provider_data else { return nil }
        return Unmanaged<ExportedWidgetBox>.fromOpaque(data).takeUnretainedValue().widget
    }
}
