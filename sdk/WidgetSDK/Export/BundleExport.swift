import Synchronization
import WidgetABI

extension WidgetBundle {
    /// Hands this bundle to a widgethost host. Call it from the bundle's one exported symbol:
    ///
    ///     @c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    ///         MyWidgets.export(version: "1.0.0", hostABIVersion: hostABIVersion)
    ///     }
    ///
    /// - Parameters:
    ///   - name: The bundle's name for people; the type's name by default.
    ///   - version: The bundle's own version.
    ///   - appGroups: The App Groups the bundle's widgets read with `SharedDefaults(suiteName:)`
    ///     (WidgetKit's application-groups entitlement). The host refuses any other group.
    ///   - hostABIVersion: The argument the host passed to `wk_bundle_entry`.
    /// - Returns: The bundle's `wk_bundle_t`, or nil when its widgets cannot be exported (the
    ///   reason goes to standard error, since there is no host log yet).
    public static func export(
        name: String? = nil,
        version: String,
        appGroups: [String] = [],
        hostABIVersion: UnsafeRawPointer?
    ) -> UnsafeRawPointer? {
        let bundleName = name ?? String(describing: Self.self)
        let table = exportedTables.withLock { tables in
            let key = ObjectIdentifier(Self.self)
            if let table = tables[key] { return Result<BundleTable, WidgetExportError>.success(table) }
            let built = Result { () throws(WidgetExportError) in
                try makeTable(name: bundleName, version: version, appGroups: appGroups)
            }
            if case .success(let table) = built { tables[key] = table }
            return built
        }
        switch table {
        case .success(let table):
            return UnsafeRawPointer(table.bundle)
        case .failure(let error):
            standardError("widgethost bundle \(bundleName): \(error)")
            return nil
        }
    }
}

extension WidgetBundle {
    private static func makeTable(name: String, version: String, appGroups: [String]) throws(WidgetExportError) -> BundleTable {
        let widgets = try Self().body.exportedWidgets()
        guard !widgets.isEmpty else { throw .emptyBundle(bundle: name) }
        return BundleTable(name: name, version: version, appGroups: appGroups, widgets: widgets)
    }
}

/// One table per bundle type, built on the first call to `export`.
private let exportedTables = Mutex<[ObjectIdentifier: BundleTable]>([:])
