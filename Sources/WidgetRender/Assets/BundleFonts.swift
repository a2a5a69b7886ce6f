import Foundation

/// The fonts a bundle ships in its asset folder's `Fonts/` subfolder, registered with
/// fontconfig so that `Font.custom(name:size:)` finds them by family.
enum BundleFonts {
    static let extensions: Set<String> = ["ttf", "otf", "ttc"]

    /// Registers every font file; returns the files refused, as errors.
    static func register(in assetFolder: URL) -> [AssetError] {
        guard let root = AssetLocator.realPath(assetFolder.path) else { return [] }
        let fonts = URL(fileURLWithPath: root).appendingPathComponent("Fonts")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: fonts.path) else { return [] }
        var errors: [AssetError] = []
        for name in names.sorted() where extensions.contains((name as NSString).pathExtension.lowercased()) {
            let label = "font:Fonts/\(name)"
            switch AssetLocator.resolve("Fonts/\(name)", under: root) {
            case .failure(let problem):
                errors.append(AssetError(asset: label, problem: problem))
            case .success(nil):
                continue
            case .success(let path?):
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                if size > BundleAssets.maxFontBytes {
                    errors.append(AssetError(asset: label, problem: .fileTooLarge(bytes: size, limit: BundleAssets.maxFontBytes)))
                } else if !FontRegistry.register(realPath: path) {
                    errors.append(AssetError(asset: label, problem: .unreadable(format: "font", reason: "fontconfig refused it")))
                }
            }
        }
        return errors
    }
}
