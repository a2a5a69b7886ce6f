import Foundation

/// Where a bundle's assets are, by the layout of `docs/assets.md`: beside the bundle's `.so`,
///
/// - `<stem>.assets/` (what a C author makes by hand), or
/// - `<Package>_<Target>.resources/Assets/`, what SwiftPM makes of `resources: [.copy("Assets")]`
///   for the target that builds `lib<Target>.so`.
public enum BundleAssetFolder {
    /// The folder, or nil when the bundle ships no assets.
    public static func locate(forBundleAt bundlePath: String) -> URL? {
        let bundle = URL(fileURLWithPath: bundlePath)
        let folder = bundle.deletingLastPathComponent()
        let stem = bundle.deletingPathExtension().lastPathComponent
        let handMade = folder.appendingPathComponent("\(stem).assets", isDirectory: true)
        if isDirectory(handMade) { return handMade }

        let target = stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
        let suffix = "_\(target).resources"
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(suffix) }
            .sorted()
        for candidate in candidates {
            let assets = folder.appendingPathComponent(candidate, isDirectory: true).appendingPathComponent("Assets", isDirectory: true)
            if isDirectory(assets) { return assets }
        }
        return nil
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
