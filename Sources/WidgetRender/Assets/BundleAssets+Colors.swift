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
        guard let catalog = catalogIndex else {
            return .failure(AssetError(asset: label, problem: .missing(searched: [])))
        }
        guard let set = catalog.colorSet(name) else {
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
        let directory = library.deletingLastPathComponent()
        var candidates = [directory.appendingPathComponent(catalogName)]
        if let folder = assetFolder(besideBundle: library) { candidates.append(folder.appendingPathComponent(catalogName)) }
        // The same resource folder the bundle's entitlements and Info.plist are read from.
        if let resources = BundleInfoFiles.resourceFolder(of: library) { candidates.append(resources.appendingPathComponent(catalogName)) }
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
