import Synchronization
internal import WidgetMainEntry

extension WidgetBundle {
    /// Makes the bundle marked `@main` its entry point, as in an Xcode widget extension:
    ///
    ///     @main
    ///     struct MyWidgets: WidgetBundle {
    ///         var body: some Widget {
    ///             CounterWidget()
    ///         }
    ///     }
    ///
    /// With nothing else to write: the SDK's `wk_bundle_entry` runs the bundle's `main`, which
    /// names this type, and exports it as `export(...)` would with
    /// - the type's name as the bundle's name;
    /// - version "1.0", for the host to replace with the extension's Info.plist version;
    /// - no App Groups of its own: the host grants those the extension's entitlements list;
    /// - the bundle's `AppIntent` types, found in its Swift metadata as iOS finds them, each
    ///   declared to the host and performed when it asks;
    /// - the network kept (`usesNetwork: true`).
    ///
    /// Not called by the bundle's code: `@main` calls it, once, when the host loads the bundle.
    /// A bundle that writes its own `wk_bundle_entry` (see `export(name:version:appGroups:intents:usesNetwork:hostABIVersion:)`)
    /// replaces the SDK's, and this is never called.
    public static func main() {
        MainEntry.register(bundle: Self.self)
    }
}

extension Widget {
    /// Makes a single widget marked `@main` its bundle's entry point: a bundle of that one
    /// widget, named after it, exported as `WidgetBundle.main()` describes.
    public static func main() {
        MainEntry.register(widget: Self.self)
    }
}

extension ControlWidget {
    /// Makes a single control marked `@main` its bundle's entry point: a bundle of that one
    /// control (exported as a widget, docs/intents.md), named after it.
    public static func main() {
        MainEntry.register(control: Self.self)
    }
}

/// The bundle a `@main` `Widget` is exported as.
struct SingleWidgetBundle<Content: Widget>: WidgetBundle {
    var body: some Widget {
        Content()
    }
}

/// The bundle a `@main` `ControlWidget` is exported as.
struct SingleControlBundle<Content: ControlWidget>: WidgetBundle {
    var body: some Widget {
        Content()
    }
}

/// The type the bundle's `@main` named, kept for the SDK's `wk_bundle_entry`.
enum MainEntry {
    /// The version a `@main` bundle reports: it declares none, and the host replaces it with
    /// the one in the extension's Info.plist (Xcode's default there is also "1.0").
    static let defaultVersion = "1.0"

    typealias Export = @Sendable (_ name: String, _ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer?

    private struct Registration: Sendable {
        let name: String
        let export: Export
    }

    private static let registration = Mutex<Registration?>(nil)

    static func register(named name: String, _ export: @escaping Export) {
        registration.withLock { $0 = Registration(name: name, export: export) }
    }

    /// Registered from a non-generic context, so that the closure captures no generic `Self`.
    static func register(bundle: any WidgetBundle.Type) {
        // A metatype is immutable, and `exportTable` keeps its state behind a Mutex: the entry
        // may use it from whichever thread the host loads the bundle on.
        nonisolated(unsafe) let bundle = bundle
        register(named: String(describing: bundle)) { name, hostABIVersion in
            bundle.exportTable(
                name: name, version: defaultVersion, appGroups: [], intents: discoveredIntents(),
                usesNetwork: true, entry: .main, hostABIVersion: hostABIVersion)
        }
    }

    static func register(widget: any Widget.Type) {
        // As for `register(bundle:)`: an immutable metatype, a Mutex-guarded table.
        nonisolated(unsafe) let widget = widget
        register(named: String(describing: widget)) { name, hostABIVersion in
            exportSingle(widget, name: name, hostABIVersion: hostABIVersion)
        }
    }

    static func register(control: any ControlWidget.Type) {
        // As for `register(bundle:)`: an immutable metatype, a Mutex-guarded table.
        nonisolated(unsafe) let control = control
        register(named: String(describing: control)) { name, hostABIVersion in
            exportSingle(control, name: name, hostABIVersion: hostABIVersion)
        }
    }

    private static func exportSingle<Content: ControlWidget>(_ control: Content.Type, name: String, hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
        SingleControlBundle<Content>.exportTable(
            name: name, version: defaultVersion, appGroups: [], intents: discoveredIntents(),
            usesNetwork: true, entry: .main, hostABIVersion: hostABIVersion)
    }

    private static func exportSingle<Content: Widget>(_ widget: Content.Type, name: String, hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
        SingleWidgetBundle<Content>.exportTable(
            name: name, version: defaultVersion, appGroups: [], intents: discoveredIntents(),
            usesNetwork: true, entry: .main, hostABIVersion: hostABIVersion)
    }

    /// The entry of a bundle that has no `wk_bundle_entry` of its own.
    static func entry(hostABIVersion: UnsafeRawPointer?, hasMain: Bool) -> Result<UnsafeRawPointer?, MainEntryError> {
        guard hasMain else { return .failure(.noEntry) }
        guard let registration = registration.withLock({ $0 }) else { return .failure(.mainIsNotAWidget) }
        return .success(registration.export(registration.name, hostABIVersion))
    }

    /// The image's own `AppIntent` types, found as iOS finds them: in the Swift metadata (its
    /// protocol conformance records), by name so the declaration's order is stable.
    static func discoveredIntents() -> [ExportedIntent] {
        var seen = Set<ObjectIdentifier>()
        var intents: [any AppIntent.Type] = []
        for type in conformingTypes(wk_sdk_app_intent_metadata) {
            // The scan matched AppIntent's descriptor already; the cast is the runtime's word.
            guard let intent = type as? any AppIntent.Type, seen.insert(ObjectIdentifier(type)).inserted else { continue }
            intents.append(intent)
        }
        return intents.sorted { $0.intentName < $1.intentName }.map { ExportedIntent($0) }
    }
}

/// The types one of WidgetMainEntry's scans finds in the bundle's conformance records, in
/// section order (a type may appear more than once).
func conformingTypes(_ scan: (UnsafeMutablePointer<UnsafeRawPointer?>?, Int) -> Int) -> [Any.Type] {
    let count = scan(nil, 0)
    var found = [UnsafeRawPointer?](repeating: nil, count: count)
    let written = found.withUnsafeMutableBufferPointer { scan($0.baseAddress, count) }
    return found.prefix(min(written, count)).compactMap { $0 }.map { unsafeBitCast($0, to: Any.Type.self) }
}

/// Why the SDK's `wk_bundle_entry` has no bundle to hand the host.
enum MainEntryError: Error, CustomStringConvertible {
    /// Neither `@main` nor a `wk_bundle_entry` of the bundle's own.
    case noEntry
    /// The bundle's `@main` type is neither a `WidgetBundle` nor a `Widget`.
    case mainIsNotAWidget

    var description: String {
        switch self {
        case .noEntry:
            "widgethost bundle: no entry point: mark the bundle's WidgetBundle (or its one Widget) @main, or define wk_bundle_entry and call export(...)"
        case .mainIsNotAWidget:
            "widgethost bundle: the bundle's @main type is neither a WidgetBundle nor a Widget, so it names no widgets to export"
        }
    }
}

/// Called by the SDK's weak `wk_bundle_entry` (WidgetMainEntry/entry.c) after it ran the
/// bundle's `main`, if any.
@_cdecl("wk_sdk_main_entry")
func mainBundleEntry(_ hostABIVersion: UnsafeRawPointer?, _ hasMain: CInt) -> UnsafeRawPointer? {
    switch MainEntry.entry(hostABIVersion: hostABIVersion, hasMain: hasMain != 0) {
    case .success(let bundle):
        return bundle
    case .failure(let error):
        // No host log yet: standard error, as export's own failures.
        standardError(error.description)
        return nil
    }
}
