import Foundation
import Synchronization
import WidgetABI
import WidgetABIFields
import WidgetPayload

/// Opens one bundle file and checks it: entry symbol, ABI version, descriptor, init, widgets.
///
/// Everything the bundle hands over is copied into Swift values, except the widgets' provider
/// functions, which are kept as pointers: bundles are never unloaded. Every field is read through
/// `PeerStruct`, only when the bundle's `struct_size` covers it (`WK_HAS_FIELD`). `bundle.h` promises entry
/// and init run once per process, so a file is loaded once and a later host in the same
/// process reuses the outcome and takes over the bundle's host services.
package struct BundleLoader: Sendable {
    let delegate: any BundleServicesDelegate
    /// The ABI this host speaks to bundles: offered to the entry, checked against the bundle's,
    /// put in its host services. `.host` but in tests that play an older host.
    let abiVersion: ABIVersion

    package init(delegate: any BundleServicesDelegate, abiVersion: ABIVersion = .host) {
        self.delegate = delegate
        self.abiVersion = abiVersion
    }

    /// The smallest `wk_bundle_t` through `struct_size` and `abi_version`: readable in any ABI.
    private static let versionPrefixSize = Int(wk_bundle_t.size(through: \.abi_version))

    /// Every file this process has loaded, by resolved path. Held while loading, which also
    /// serialises loading as `bundle.h` promises.
    private static let loaded = Mutex<[String: LoadOutcome]>([:])

    private struct LoadOutcome {
        let result: Result<LoadedBundle, BundleLoadError>
        let services: BundleServiceBinding?
    }

    /// - Parameter resourceFolder: how the bundle's SwiftPM resource folder is found: listed
    ///   here (in process), or as the host found it (in a worker, which may not list).
    package func load(
        _ path: String, resourceFolder: BundleInfoFiles.ResourceFolder = .listed
    ) -> Result<LoadedBundle, BundleLoadError> {
        let identity = BundleDiscovery.identity(of: path)
        return Self.loaded.withLock { loaded in
            if let earlier = loaded[identity] {
                earlier.services?.retarget(to: delegate)
                return earlier.result
            }
            var services: BundleServiceBinding?
            let result = open(path, resourceFolder: resourceFolder, services: &services)
            loaded[identity] = LoadOutcome(result: result, services: services)
            return result
        }
    }

    private func open(
        _ path: String, resourceFolder: BundleInfoFiles.ResourceFolder, services: inout BundleServiceBinding?
    ) -> Result<LoadedBundle, BundleLoadError> {
        guard FileManager.default.fileExists(atPath: path) else { return .failure(.missing(path: path)) }
        guard fileIsELF(path) else { return .failure(.notELF(path: path)) }
        let library: DynamicLibrary
        switch DynamicLibrary.open(path) {
        case .success(let opened): library = opened
        case .failure(let error): return .failure(.openFailed(path: path, reason: error.message))
        }
        guard let symbol = library.symbol(named: WK_BUNDLE_ENTRY_SYMBOL) else {
            return .failure(.missingEntrySymbol(path: path))
        }
        let entry = unsafeBitCast(symbol, to: wk_bundle_entry_fn.self)
        var hostVersion = abiVersion.cValue
        guard let bundle = entry(&hostVersion) else { return .failure(.entryReturnedNull(path: path, host: abiVersion)) }
        return Result { () throws(BundleLoadError) in try check(bundle, at: path, resourceFolder: resourceFolder, services: &services) }
    }

    private func check(
        _ bundle: UnsafePointer<wk_bundle_t>, at path: String, resourceFolder: BundleInfoFiles.ResourceFolder,
        services binding: inout BundleServiceBinding?
    ) throws(BundleLoadError) -> LoadedBundle {
        let fields = PeerStruct(bundle)
        let size = fields.size
        guard size >= Self.versionPrefixSize, let abi = fields[\.abi_version] else {
            throw .malformedBundle(path: path, field: "struct_size", problem: "is \(size), too small to hold a version")
        }
        let version = ABIVersion(abi)
        guard abiVersion.canLoad(version) else {
            throw .incompatibleABI(path: path, bundle: version, host: abiVersion)
        }
        guard fields.has(\.widget_count) else {
            throw .malformedBundle(path: path, field: "struct_size", problem: "is \(size), smaller than ABI 1.0's \(Self.abi10BundleSize)")
        }
        guard let namePointer = fields[present: \.name], case let name = String(cString: namePointer), !name.isEmpty else {
            throw .malformedBundle(path: path, field: "name", problem: "is missing or empty")
        }
        let tableVersion = fields[present: \.version].map { String(cString: $0) } ?? ""
        let sdkVersion = fields[present: \.sdk_version].map { String(cString: $0) }
        guard let initialize = fields[present: \.`init`] else {
            throw .malformedBundle(path: path, field: "init", problem: "is NULL")
        }
        // Checked before init, so that a bundle with a mistyped group never runs.
        let files = try readInfoFiles(path, resourceFolder: resourceFolder)
        let appGroups = try readAppGroups(fields, bundleName: name, path: path) + files.groups
        // Info.plist's CFBundleShortVersionString, as in WidgetKit, over the table's version.
        let bundleVersion = files.version ?? tableVersion

        let services = BundleServiceBinding(bundlePath: path, bundleName: name, delegate: delegate)
        binding = services
        let table: UnsafePointer<wk_host_services_t>
        do {
            table = try HostServicesTable.make(for: services, abiVersion: abiVersion)
        } catch {
            throw .hostServicesUnavailable(path: path, reason: error.description)
        }
        guard initialize(bundle, table) else { throw .initFailed(path: path, bundle: name) }

        let intents = try readIntents(fields, path: path)
        let widgets = try readWidgets(fields, bundle: bundle, bundleName: name, path: path, intents: intents)
        services.declare(kinds: widgets.map(\.kind), appGroups: appGroups)
        return LoadedBundle(
            path: path, name: name, version: bundleVersion, abiVersion: version, appGroups: appGroups.uniqued(), widgets: widgets,
            // The table's word (an explicit entry's `usesNetwork: false`) or the entitlements'.
            sdkVersion: sdkVersion, usesNetwork: Self.usesNetwork(fields) && !files.deniesNetwork)
    }

    /// Whether the bundle keeps the network (1.5's `sandbox_flags`): yes unless it set
    /// `WK_SANDBOX_NO_NETWORK`, and yes from a bundle whose struct ends before the field. Bits
    /// the host does not know are ignored (`bundle.h`). Read after `init`, as the intents are.
    static func usesNetwork(_ bundle: PeerStruct<wk_bundle_t>) -> Bool {
        guard bundle.has(\.sandbox_flags), let flags = bundle[\.sandbox_flags] else { return true }
        return flags & UInt64(WK_SANDBOX_NO_NETWORK) == 0
    }

    /// `wk_bundle_t` through its last 1.0 field.
    private static let abi10BundleSize = wk_bundle_t.size(through: \.widget_count)

    /// The App Groups (1.1): none from a bundle whose struct ends before them.
    private func readAppGroups(
        _ bundle: PeerStruct<wk_bundle_t>, bundleName: String, path: String
    ) throws(BundleLoadError) -> [AppGroupID] {
        guard bundle.has(\.app_group_count), let count = bundle[\.app_group_count], count > 0 else { return [] }
        guard let names = bundle[present: \.app_groups] else {
            throw .malformedBundle(path: path, field: "app_groups", problem: "is NULL, but app_group_count is \(count)")
        }
        var groups: [AppGroupID] = []
        for index in 0..<Int(count) {
            let name = names[index].map { String(cString: $0) } ?? ""
            do {
                let group = try AppGroupID(validating: name)
                if !groups.contains(group) { groups.append(group) }
            } catch {
                throw .invalidAppGroup(path: path, bundle: bundleName, index: index, problem: error)
            }
        }
        return groups
    }

    /// The bundle's entitlements and Info.plist (`BundleInfoFiles`): the groups the
    /// entitlements list and the version. A file that cannot be read refuses the bundle, since
    /// running it without the groups it was given would fail silently.
    private func readInfoFiles(
        _ path: String, resourceFolder: BundleInfoFiles.ResourceFolder
    ) throws(BundleLoadError) -> (groups: [AppGroupID], version: String?, deniesNetwork: Bool) {
        let files: BundleInfoFiles
        do {
            files = try BundleInfoFiles.read(besideBundle: URL(fileURLWithPath: path), resourceFolder: resourceFolder)
        } catch {
            throw .bundleFile(path: path, problem: error)
        }
        var groups: [AppGroupID] = []
        for name in files.appGroups {
            do {
                groups.append(try AppGroupID(validating: name))
            } catch {
                throw .invalidEntitlementGroup(path: path, file: files.entitlementsPath ?? "", problem: error)
            }
        }
        return (groups, files.version, files.deniesNetwork)
    }

    /// The intents (1.4): none from a bundle whose struct ends before them, or that leaves them
    /// NULL. Read after `init`, as the widgets are.
    private func readIntents(_ bundle: PeerStruct<wk_bundle_t>, path: String) throws(BundleLoadError) -> [IntentDeclaration] {
        guard bundle.has(\.intents_json), let text = bundle[present: \.intents_json] else { return [] }
        func malformed(_ problem: String) -> BundleLoadError {
            .malformedBundle(path: path, field: "intents_json", problem: problem)
        }
        let json: JSONValue
        do {
            json = try JSONReader().read(Array(String(cString: text).utf8))
        } catch {
            throw malformed(ConfigurationSchemaError.notJSON(reason: "\(error)").description)
        }
        do {
            return try IntentDeclaration.list(json: json)
        } catch {
            throw malformed(error.description)
        }
    }

    private func readWidgets(
        _ bundle: PeerStruct<wk_bundle_t>, bundle pointer: UnsafePointer<wk_bundle_t>, bundleName: String, path: String,
        intents: [IntentDeclaration]
    ) throws(BundleLoadError) -> [WidgetDescriptor] {
        guard let count = bundle[\.widget_count], count > 0, let list = bundle[present: \.widgets] else {
            throw .malformedBundle(path: path, field: "widgets", problem: "is empty; a bundle declares at least one widget")
        }
        var widgets: [WidgetDescriptor] = []
        var kinds = Set<String>()
        for index in 0..<Int(count) {
            func invalid(_ kind: String?, _ field: String, _ problem: String) -> BundleLoadError {
                .invalidWidget(path: path, index: index, kind: kind, field: field, problem: problem)
            }
            guard let widget = list[index] else { throw invalid(nil, "pointer", "is NULL") }
            let raw = PeerStruct(widget)
            // Every field is ABI 1.0's; `timeline`, the last, being there means all of them are.
            guard raw.has(\.timeline) else {
                throw invalid(nil, "struct_size", "is \(raw.size), smaller than ABI 1.0's \(wk_widget_t.size(through: \.timeline))")
            }
            guard let kindPointer = raw[present: \.kind], case let kind = String(cString: kindPointer), !kind.isEmpty else {
                throw invalid(nil, "kind", "is missing or empty")
            }
            guard kinds.insert(kind).inserted else { throw invalid(kind, "kind", "is declared twice in this bundle") }
            guard raw[present: \.placeholder] != nil, raw[present: \.snapshot] != nil, raw[present: \.timeline] != nil else {
                throw invalid(kind, "placeholder/snapshot/timeline", "must all be set")
            }
            let families = try readFamilies(raw) { field, problem throws(BundleLoadError) in
                throw invalid(kind, field, problem)
            }
            let schema: ConfigurationSchema?
            do {
                schema = try Self.readSchema(raw)
            } catch {
                throw invalid(kind, "configuration_schema_json", error.description)
            }
            widgets.append(WidgetDescriptor(
                kind: kind,
                displayName: raw[present: \.display_name].map { String(cString: $0) } ?? kind,
                description: raw[present: \.description].map { String(cString: $0) } ?? "",
                families: families,
                bundleName: bundleName,
                bundlePath: path,
                provider: InProcessTransport(entryPoints: ProviderEntryPoints(widget: widget, bundle: pointer)),
                configurationSchema: schema,
                intents: intents))
        }
        return widgets
    }

    /// The kind's parameters (ABI 1.3): none from a widget whose struct ends before them, or
    /// that leaves them NULL (a static kind).
    static func readSchema(_ widget: PeerStruct<wk_widget_t>) throws(ConfigurationSchemaError) -> ConfigurationSchema? {
        guard widget.has(\.configuration_schema_json), let text = widget[present: \.configuration_schema_json] else {
            return nil
        }
        let json: JSONValue
        do {
            json = try JSONReader().read(Array(String(cString: text).utf8))
        } catch {
            throw .notJSON(reason: "\(error)")
        }
        return try ConfigurationSchema(json: json)
    }

    private func readFamilies(
        _ widget: PeerStruct<wk_widget_t>,
        fail: (String, String) throws(BundleLoadError) -> Never
    ) throws(BundleLoadError) -> [WidgetFamily] {
        guard let count = widget[\.supported_family_count], count > 0, let names = widget[present: \.supported_families] else {
            try fail("supported_families", "is empty; list at least one family")
        }
        var families: [WidgetFamily] = []
        for index in 0..<Int(count) {
            let name = names[index].map { String(cString: $0) } ?? ""
            guard let family = WidgetFamily(rawValue: name) else {
                let known = WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")
                try fail("supported_families[\(index)]", "is '\(name)', not one of \(known)")
            }
            if !families.contains(family) { families.append(family) }
        }
        return families
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once: the table's groups first, then the entitlements'.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
