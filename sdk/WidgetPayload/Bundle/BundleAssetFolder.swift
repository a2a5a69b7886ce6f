import Foundation

/// Where a bundle's images ship (`docs/assets.md`): the renderer draws from this folder, and a
/// sandboxed worker may read it.
public enum BundleAssetFolder {
    /// The asset folder shipped beside a bundle's `.so`: `<stem>.assets/`
    /// (`libCounter.so` → `libCounter.assets/`), else SwiftPM's
    /// `<Package>_<Target>.resources/Assets/` for the target the library is named after
    /// (`libMovieWidget.so` → `*_MovieWidget.resources/Assets/`). nil when there is none.
    public static func beside(_ library: URL) -> URL? {
        let directory = library.deletingLastPathComponent()
        let stem = library.deletingPathExtension().lastPathComponent
        let own = directory.appendingPathComponent("\(stem).assets")
        if isDirectory(own) { return own }
        let target = stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
        let suffix = "_\(target).resources"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        // Sorted, so that two packages shipping the same target name resolve the same way each time.
        for name in names.sorted() where name.hasSuffix(suffix) {
            let assets = directory.appendingPathComponent(name).appendingPathComponent("Assets")
            if isDirectory(assets) { return assets }
        }
        return nil
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
