import Foundation
import Synchronization
import WidgetABI
import WidgetPayload

/// Opens one bundle file and checks it: entry symbol, ABI version, descriptor, init, widgets.
///
/// Everything the bundle hands over is copied into Swift values, except the widgets' provider
/// functions, which are kept as pointers: bundles are never unloaded. `bundle.h` promises entry
/// and init run once per process, so a file is loaded once and a later host in the same
/// process reuses the outcome and takes over the bundle's host services.
package struct BundleLoader: Sendable {
    let delegate: any BundleServicesDelegate

    package init(delegate: any BundleServicesDelegate) {
        self.delegate = delegate
    }

    /// The smallest `wk_bundle_t` through `struct_size` and `abi_version`: readable in any ABI.
    private static let versionPrefixSize = MemoryLayout<UInt32>.stride + MemoryLayout<wk_version_t>.size

    /// Every file this process has loaded, by resolved path. Held while loading, which also
    /// serialises loading as `bundle.h` promises.
    private static let loaded = Mutex<[String: LoadOutcome]>([:])

    private struct LoadOutcome {
        let result: Result<LoadedBundle, BundleLoadError>
        let services: BundleServiceBinding?
    }

    package func load(_ path: String) -> Result<LoadedBundle, BundleLoadError> {
        let identity = BundleDiscovery.identity(of: path)
        return Self.loaded.withLock { loaded in
            if let earlier = loaded[identity] {
                earlier.services?.retarget(to: delegate)
                return earlier.result
            }
            var services: BundleServiceBinding?
            let result = open(path, services: &services)
            loaded[identity] = LoadOutcome(result: result, services: services)
            return result
        }
    }

    private func open(_ path: String, services: inout BundleServiceBinding?) -> Result<LoadedBundle, BundleLoadError> {
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
        var hostVersion = ABIVersion.host.cValue
        guard let bundle = entry(&hostVersion) else { return .failure(.entryReturnedNull(path: path)) }
        return Result { () throws(BundleLoadError) in try check(bundle, at: path, services: &services) }
    }

    private func check(
        _ bundle: UnsafePointer<wk_bundle_t>, at path: String, services binding: inout BundleServiceBinding?
    ) throws(BundleLoadError) -> LoadedBundle {
        let size = Int(bundle.pointee.struct_size)
        guard size >= Self.versionPrefixSize else {
            throw .malformedBundle(path: path, field: "struct_size", problem: "is \(size), too small to hold a version")
        }
        let version = ABIVersion(bundle.pointee.abi_version)
        guard ABIVersion.host.canLoad(version) else {
            throw .incompatibleABI(path: path, bundle: version, host: .host)
        }
        guard size >= Self.abi10BundleSize else {
            throw .malformedBundle(path: path, field: "struct_size", problem: "is \(size), smaller than ABI 1.0's \(Self.abi10BundleSize)")
        }
        let raw = bundle.pointee
        guard let namePointer = raw.name, case let name = String(cString: namePointer), !name.isEmpty else {
            throw .malformedBundle(path: path, field: "name", problem: "is missing or empty")
        }
        let bundleVersion = raw.version.map { String(cString: $0) } ?? ""
        guard let initialize = raw.`init` else {
            throw .malformedBundle(path: path, field: "init", problem: "is NULL")
        }
        // Checked before init, so that a bundle with a mistyped group never runs.
        let appGroups = try readAppGroups(bundle, bundleName: name, path: path)

        let services = BundleServiceBinding(bundlePath: path, bundleName: name, delegate: delegate)
        binding = services
        let table: UnsafePointer<wk_host_services_t>
        do {
            table = try HostServicesTable.make(for: services)
        } catch {
            throw .hostServicesUnavailable(path: path, reason: error.description)
        }
        guard initialize(bundle, table) else { throw .initFailed(path: path, bundle: name) }

        let widgets = try readWidgets(raw, bundleName: name, path: path)
        services.declare(kinds: widgets.map(\.kind), appGroups: appGroups)
        return LoadedBundle(
            path: path, name: name, version: bundleVersion, abiVersion: version, appGroups: appGroups, widgets: widgets)
    }

    /// `wk_bundle_t` up to the fields 1.1 added: what a 1.0 bundle has.
    private static let abi10BundleSize = MemoryLayout<wk_bundle_t>.offset(of: \.app_groups)!

    private func readAppGroups(
        _ bundle: UnsafePointer<wk_bundle_t>, bundleName: String, path: String
    ) throws(BundleLoadError) -> [AppGroupID] {
        guard Int(bundle.pointee.struct_size) >= MemoryLayout<wk_bundle_t>.size else { return [] }
        let raw = bundle.pointee
        guard raw.app_group_count > 0 else { return [] }
        guard let names = raw.app_groups else {
            throw .malformedBundle(path: path, field: "app_groups", problem: "is NULL, but app_group_count is \(raw.app_group_count)")
        }
        var groups: [AppGroupID] = []
        for index in 0..<Int(raw.app_group_count) {
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

    private func readWidgets(_ bundle: wk_bundle_t, bundleName: String, path: String) throws(BundleLoadError) -> [WidgetDescriptor] {
        guard bundle.widget_count > 0, let list = bundle.widgets else {
            throw .malformedBundle(path: path, field: "widgets", problem: "is empty; a bundle declares at least one widget")
        }
        var widgets: [WidgetDescriptor] = []
        var kinds = Set<String>()
        for index in 0..<Int(bundle.widget_count) {
            func invalid(_ kind: String?, _ field: String, _ problem: String) -> BundleLoadError {
                .invalidWidget(path: path, index: index, kind: kind, field: field, problem: problem)
            }
            guard let widget = list[index] else { throw invalid(nil, "pointer", "is NULL") }
            guard widget.pointee.struct_size >= MemoryLayout<wk_widget_t>.size else {
                throw invalid(nil, "struct_size", "is \(widget.pointee.struct_size), smaller than ABI 1.0's \(MemoryLayout<wk_widget_t>.size)")
            }
            let raw = widget.pointee
            guard let kindPointer = raw.kind, case let kind = String(cString: kindPointer), !kind.isEmpty else {
                throw invalid(nil, "kind", "is missing or empty")
            }
            guard kinds.insert(kind).inserted else { throw invalid(kind, "kind", "is declared twice in this bundle") }
            guard raw.placeholder != nil, raw.snapshot != nil, raw.timeline != nil else {
                throw invalid(kind, "placeholder/snapshot/timeline", "must all be set")
            }
            let families = try readFamilies(raw) { field, problem throws(BundleLoadError) in
                throw invalid(kind, field, problem)
            }
            widgets.append(WidgetDescriptor(
                kind: kind,
                displayName: raw.display_name.map { String(cString: $0) } ?? kind,
                description: raw.description.map { String(cString: $0) } ?? "",
                families: families,
                bundleName: bundleName,
                bundlePath: path,
                provider: InProcessTransport(entryPoints: ProviderEntryPoints(widget: widget))))
        }
        return widgets
    }

    private func readFamilies(
        _ widget: wk_widget_t,
        fail: (String, String) throws(BundleLoadError) -> Never
    ) throws(BundleLoadError) -> [WidgetFamily] {
        guard widget.supported_family_count > 0, let names = widget.supported_families else {
            try fail("supported_families", "is empty; list at least one family")
        }
        var families: [WidgetFamily] = []
        for index in 0..<Int(widget.supported_family_count) {
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
