import Foundation

/// The entry-form bundles (Tests/Fixtures/SwiftBundles, linked by `FixturePackage` into a folder
/// of their own, never beside the samples), linked once per test run.
public enum MainEntryBundles {
    /// One entry-form bundle, by its target.
    public enum Product: String, CaseIterable, Sendable {
        /// `@main struct TapsBundle: WidgetBundle`, Apple's module names only, with an intent.
        case mainBundle = "MainBundle"
        /// `@main struct SoloWidget: Widget`.
        case mainWidget = "MainWidget"
        /// Its own `wk_bundle_entry`, calling `export(...)`.
        case explicitEntry = "ExplicitEntry"
        /// Neither `@main` nor `wk_bundle_entry`.
        case noEntry = "NoEntry"
    }

    /// `lib<Product>.so`, the package built on first use (it compiles the SDK: minutes the first
    /// time, on a cold cache).
    public static func library(_ product: Product) throws -> URL {
        try FixturePackage.library(product.rawValue)
    }

    /// A folder holding a copy of the one bundle, for a host of its own: a search path finds
    /// every bundle in a folder, and a file is loaded once per process.
    public static func folder(with product: Product) throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-main-entry")
        let copy = folder.appendingPathComponent("lib\(product.rawValue).so")
        try FileManager.default.copyItem(at: try library(product), to: copy)
        return folder
    }
}
