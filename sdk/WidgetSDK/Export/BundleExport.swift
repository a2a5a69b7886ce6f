import Synchronization
import WidgetABI

extension WidgetBundle {
    /// Hands this bundle to a widgethost host from a `wk_bundle_entry` the bundle writes itself:
    /// the alternative to marking the bundle `@main`, for a bundle that declares what `@main`
    /// leaves to the host (App Groups, its version) or that wants a C-style entry.
    ///
    ///     @c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    ///         MyWidgets.export(version: "1.0.0", hostABIVersion: hostABIVersion)
    ///     }
    ///
    /// The usual entry is `@main` on the bundle, as in an Xcode widget extension (see
    /// `WidgetBundle.main()`). A bundle's own `wk_bundle_entry` takes the place of the SDK's,
    /// so the bundle's `@main`, if any, is then never run.
    ///
    /// - Parameters:
    ///   - name: The bundle's name for people; the type's name by default.
    ///   - version: The bundle's own version.
    ///   - appGroups: The App Groups the bundle's widgets read with `SharedDefaults(suiteName:)`
    ///     (WidgetKit's application-groups entitlement). The host refuses any other group.
    ///   - intents: The `AppIntent`s the bundle's widgets perform (ABI 1.4), e.g.
    ///     `[IncrementCountIntent.self]`: declared to the host with their parameters, and run
    ///     when it performs one. A host older than 1.4 sees none.
    ///   - usesNetwork: Whether the bundle's widgets and intents use the network. Pass false when
    ///     they do not: the bundle declares `WK_SANDBOX_NO_NETWORK` (ABI 1.5) and a host that
    ///     sandboxes its workers denies its worker TCP connect and bind. A host older than 1.5
    ///     sees nothing.
    ///   - hostABIVersion: The argument the host passed to `wk_bundle_entry`. The bundle is
    ///     shaped as the ABI that host speaks: a host of the same major and an older minor gets
    ///     the fields it knows and nothing newer.
    /// - Returns: The bundle's `wk_bundle_t`. When its widgets cannot be exported, nil (the
    ///   reason goes to standard error, since there is no host log yet). When the host is one
    ///   this SDK cannot serve (another major, or a minor too old for what the bundle declares),
    ///   a `wk_bundle_t` holding only its permanent fields, `struct_size` and this SDK's
    ///   `abi_version`, so that the host refuses it naming both versions (`bundle.h`); the
    ///   reason also goes to standard error.
    public static func export(
        name: String? = nil,
        version: String,
        appGroups: [String] = [],
        intents: [any AppIntent.Type] = [],
        usesNetwork: Bool = true,
        hostABIVersion: UnsafeRawPointer?
    ) -> UnsafeRawPointer? {
        exportTable(
            name: name ?? String(describing: Self.self), version: version, appGroups: appGroups,
            intents: intents.map { ExportedIntent($0) }, usesNetwork: usesNetwork, entry: .explicit,
            hostABIVersion: hostABIVersion)
    }

    /// `export(...)` for either entry form.
    static func exportTable(
        name bundleName: String, version: String, appGroups: [String], intents: @autoclosure () -> [ExportedIntent],
        usesNetwork: Bool, entry: EntryForm, hostABIVersion: UnsafeRawPointer?
    ) -> UnsafeRawPointer? {
        let claimed: wk_version_t
        switch ABINegotiation.claim(for: ABINegotiation.hostVersion(hostABIVersion), bundle: bundleName, appGroups: appGroups) {
        case .success(let version): claimed = version
        case .failure(let refusal):
            standardError(refusal.description)
            return UnsafeRawPointer(BundleTable.versionOnly)
        }
        let table = exportedTables.withLock { tables in
            let key = TableKey(bundle: ObjectIdentifier(Self.self), minor: claimed.minor, entry: entry)
            if let table = tables[key] { return Result<BundleTable, WidgetExportError>.success(table) }
            let built = Result { () throws(WidgetExportError) in
                try makeTable(
                    name: bundleName, version: version, appGroups: appGroups, intents: intents(),
                    usesNetwork: usesNetwork, entry: entry, claiming: claimed)
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
    private static func makeTable(
        name: String, version: String, appGroups: [String], intents: [ExportedIntent], usesNetwork: Bool,
        entry: EntryForm, claiming abi: wk_version_t
    ) throws(WidgetExportError) -> BundleTable {
        let widgets = try Self().body.exportedWidgets()
        guard !widgets.isEmpty else { throw .emptyBundle(bundle: name) }
        return BundleTable(
            name: name, version: version, appGroups: appGroups, widgets: widgets, intents: intents, usesNetwork: usesNetwork,
            entry: entry, abi: abi)
    }
}

/// A bundle type's table as shaped for one ABI minor.
private struct TableKey: Hashable {
    let bundle: ObjectIdentifier
    let minor: UInt32
    let entry: EntryForm
}

/// One table per bundle type and claimed minor, built on the first call to `export` (a process
/// has one host, so in practice one minor; tests ask for several).
private let exportedTables = Mutex<[TableKey: BundleTable]>([:])
