import Foundation

/// Where a bundle's images ship (`docs/assets.md`): the renderer draws from this folder, and a
/// sandboxed worker may read it.
public enum BundleAssetFolder {
    /// The asset folder shipped beside a bundle's `.so`: `<stem>.assets/`
    /// (`libCounter.so` → `libCounter.assets/`), else SwiftPM's
    /// `<Package>_<Target>.resources/Assets/` for the target the library is named after
    /// (`libMovieWidget.so` → `*_MovieWidget.resources/Assets/`). nil when there is none.
    ///
    /// - Parameter listing: the resource folders (`*.resources`) in a folder. A host that asks for many bundles of one
    ///   folder passes a remembered listing (`ResourceFolderListing`): listing a folder of a
    ///   thousand bundles once per bundle made a warm `list` ten times slower.
    public static func beside(_ library: URL, listing: (_ directory: String) -> [String] = Self.resourceFolders(in:)) -> URL? {
        let directory = library.deletingLastPathComponent()
        let stem = library.deletingPathExtension().lastPathComponent
        let own = directory.appendingPathComponent("\(stem).assets")
        if isDirectory(own) { return own }
        let target = stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
        let suffix = "_\(target).resources"
        // Sorted, so that two packages shipping the same target name resolve the same way each time.
        for name in listing(directory.path).filter({ $0.hasSuffix(suffix) }).sorted() {
            let assets = directory.appendingPathComponent(name).appendingPathComponent("Assets")
            if isDirectory(assets) { return assets }
        }
        return nil
    }

    /// What ships with the bundle at `library`, for a copy of it to keep (`install`, `preview`):
    /// its own `<stem>.assets/`, SwiftPM's `<Package>_<Target>.resources/` (catalog, entitlements,
    /// Info.plist, loose assets), and the entitlements and Info.plist beside it.
    public static func shipped(beside library: URL) -> [URL] {
        let stem = library.deletingPathExtension().lastPathComponent
        var shipped: [URL] = []
        let own = library.deletingLastPathComponent().appendingPathComponent("\(stem).assets")
        if isDirectory(own) { shipped.append(own) }
        if let resources = BundleInfoFiles.resourceFolder(of: library) { shipped.append(resources) }
        let (entitlements, info) = BundleInfoFiles.candidates(besideBundle: library, assetFolder: nil)
        shipped += (entitlements + info).map { URL(fileURLWithPath: $0.file) }.filter { FileManager.default.fileExists(atPath: $0.path) }
        return shipped
    }

    /// The names in `directory` that SwiftPM gives resource bundles (`*.resources`).
    public static func resourceFolders(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".resources") }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
