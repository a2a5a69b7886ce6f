import WidgetHostCore
import WidgetPayload

/// What `widgethost new` was asked for, shared by both templates.
struct ScaffoldRequest {
    /// The bundle's name: its package, its kind and its library (`lib<name>.so`).
    let name: String
    let families: [WidgetFamily]
    /// An App Group the widget reads a value from, or nil.
    let appGroup: String?
    /// Where a Swift package gets WidgetSDK; nil for C, which finds the headers with pkg-config.
    let sdk: WidgetSDKDependency?
}

/// A file `widgethost new` writes, relative to the new package's folder.
struct ScaffoldedFile {
    let path: String
    let contents: String
    var executable = false
}

/// A language's template: the files of a new bundle package and how to build it.
protocol BundleTemplate {
    func files(for request: ScaffoldRequest) -> [ScaffoldedFile]
    /// The shell command that builds the bundle, run in the package's folder.
    var buildCommand: String { get }
    /// Where the build leaves the bundle, relative to the package's folder: what the host's
    /// `--bundles` takes.
    var bundleFolder: String { get }
}

extension BundleTemplate {
    /// The linker version script that keeps `wk_bundle_entry` the only exported symbol
    /// (the same as sdk/bundle.exports).
    var exportsScript: ScaffoldedFile {
        ScaffoldedFile(path: "bundle.exports", contents: """
            /* Linker version script for widget bundles: export wk_bundle_entry and nothing else. */
            {
                global: wk_bundle_entry;
                local: *;
            };

            """)
    }
}

extension ScaffoldRequest {
    /// The families as WidgetKit spells them in Swift: `.systemSmall, .systemMedium`.
    var swiftFamilies: String { families.map { ".\($0.rawValue)" }.joined(separator: ", ") }
}
