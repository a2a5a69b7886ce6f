import Foundation
import WidgetAssetCatalog
import WidgetPayload

/// Colour sets of the bundle's asset catalog: `Color("name")` and `Color.accentColor`.
extension BundleAssets: CatalogColors {
    /// The catalog folder's name, as Xcode makes it.
    public static let catalogName = "Assets.xcassets"

    func color(named name: String, _ scheme: ColorSchemeName) -> RGBA? {
        switch catalogColor(name, scheme) {
        case .success(let color): return color
        case .failure(let error):
            record(error)
            return nil
        }
    }

    func accentColor(_ scheme: ColorSchemeName) -> RGBA? {
        try? catalogColor("AccentColor", scheme).get()
    }

    /// The error drawing `Color(name)` in `scheme` would give, or nil when it can be drawn (for `validate`).
    public func colorProblem(_ name: String, _ scheme: ColorSchemeName) -> AssetError? {
        if case .failure(let error) = catalogColor(name, scheme) { return error }
        return nil
    }

    private func catalogColor(_ name: String, _ scheme: ColorSchemeName) -> Result<RGBA, AssetError> {
        let label = "color:\(name)"
        guard hasCatalog else {
            return .failure(AssetError(asset: label, problem: .missing(searched: [])))
        }
        guard let set = colorSet(named: name) else {
            return .failure(AssetError(asset: label, problem: .missing(searched: ["\(Self.catalogName): \(name).colorset"])))
        }
        let luminosity: VariantCondition.Luminosity = scheme == .dark ? .dark : .light
        return set.mapError { AssetError(asset: label, problem: $0) }.flatMap { set in
            guard let color = set.color(for: luminosity) else {
                return .failure(AssetError(asset: label, problem: .missing(searched: ["\(Self.catalogName): \(name).colorset (no colour for \(luminosity.rawValue))"])))
            }
            return .success(RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
        }
    }

    /// The asset catalog shipped with a bundle: `Assets.xcassets` beside its `.so` (as Xcode
    /// ships it inside the .appex), else inside its asset folder (`<stem>.assets/`), else in its
    /// SwiftPM resource bundle (`resources: [.copy("Assets.xcassets")]`). nil when there is none.
    public static func assetCatalog(besideBundle library: URL) -> URL? {
        assetCatalogs(besideBundle: library).first
    }

    /// Every asset catalog shipped with a bundle, in the first of `assetCatalog`'s places that
    /// has one: beside the `.so` only `Assets.xcassets` (the folder may hold other bundles'), in
    /// its asset folder or resource folder every `*.xcassets` (an extension's own catalog and
    /// one it shares with its app, as an Xcode target may have several), `Assets.xcassets`
    /// first, then the others by name.
    public static func assetCatalogs(besideBundle library: URL) -> [URL] {
        let beside = library.deletingLastPathComponent().appendingPathComponent(catalogName)
        if isFolder(beside) { return [beside] }
        // The same resource folder the bundle's entitlements and Info.plist are read from.
        for folder in [assetFolder(besideBundle: library), BundleInfoFiles.resourceFolder(of: library)].compactMap({ $0 }) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".xcassets") && isFolder(folder.appendingPathComponent($0)) }
                .sorted { ($0 == catalogName ? 0 : 1, $0) < ($1 == catalogName ? 0 : 1, $1) }
            if !names.isEmpty { return names.map { folder.appendingPathComponent($0) } }
        }
        return []
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
