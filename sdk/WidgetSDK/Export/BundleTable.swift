import WidgetABI

/// The C description of a bundle (`bundle.h`, `widget.h`), allocated once and never freed: the
/// host keeps pointers into it for the life of the process.
struct BundleTable: @unchecked Sendable {
    // Unchecked: the table is written once, before any pointer to it is handed out, and only
    // read afterwards.
    let bundle: UnsafePointer<wk_bundle_t>

    init(name: String, version: String, appGroups: [String], widgets: [ExportedWidget]) {
        let widgetPointers = UnsafeMutablePointer<UnsafePointer<wk_widget_t>?>
            .allocate(capacity: max(widgets.count, 1))
        for (index, widget) in widgets.enumerated() {
            widgetPointers[index] = UnsafePointer(Self.makeWidget(widget))
        }
        let groups = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(appGroups.count, 1))
        for (index, group) in appGroups.enumerated() { groups[index] = Self.permanentCString(group) }
        let bundle = UnsafeMutablePointer<wk_bundle_t>.allocate(capacity: 1)
        bundle.initialize(to: wk_bundle_t(
            struct_size: UInt32(MemoryLayout<wk_bundle_t>.size),
            abi_version: wk_version_t(
                major: UInt32(WK_ABI_VERSION_MAJOR),
                minor: UInt32(WK_ABI_VERSION_MINOR),
                patch: UInt32(WK_ABI_VERSION_PATCH)),
            name: Self.permanentCString(name),
            version: Self.permanentCString(version),
            init: bundleInit,
            widgets: UnsafePointer(widgetPointers),
            widget_count: UInt32(widgets.count),
            app_groups: UnsafePointer(groups),
            app_group_count: UInt32(appGroups.count)
        ))
        self.bundle = UnsafePointer(bundle)
    }

    private static func makeWidget(_ widget: ExportedWidget) -> UnsafeMutablePointer<wk_widget_t> {
        let families = UnsafeMutablePointer<UnsafePointer<CChar>?>
            .allocate(capacity: max(widget.families.count, 1))
        for (index, family) in widget.families.enumerated() {
            families[index] = permanentCString(family.rawValue)
        }
        // The box is the provider data the host hands back; retained for good, like the table.
        let box = Unmanaged.passRetained(ExportedWidgetBox(widget)).toOpaque()
        let table = UnsafeMutablePointer<wk_widget_t>.allocate(capacity: 1)
        table.initialize(to: wk_widget_t(
            struct_size: UInt32(MemoryLayout<wk_widget_t>.size),
            kind: permanentCString(widget.kind),
            display_name: permanentCString(widget.displayName),
            description: permanentCString(widget.description),
            supported_families: UnsafePointer(families),
            supported_family_count: UInt32(widget.families.count),
            provider_data: box,
            placeholder: widgetPlaceholder,
            snapshot: widgetSnapshot,
            timeline: widgetTimeline
        ))
        return table
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
