import Foundation
import WidgetPayload

/// The fonts a bundle ships in its asset folder's `Fonts/` subfolder, and those its Info.plist
/// lists under `UIAppFonts` (paths relative to the asset folder or the bundle's resource folder,
/// as in an app's bundle),
/// registered with fontconfig so that `Font.custom(name:size:)` finds them by family.
enum BundleFonts {
    static let extensions: Set<String> = ["ttf", "otf", "ttc"]

    /// Registers every font file; returns the files refused, as errors.
    static func register(in assetFolder: URL) -> [AssetError] {
        guard let root = AssetLocator.realPath(assetFolder.path) else { return [] }
        let fonts = URL(fileURLWithPath: root).appendingPathComponent("Fonts")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: fonts.path) else { return [] }
        let listed = names.sorted().filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.map { "Fonts/\($0)" }
        var errors: [AssetError] = []
        for relative in listed { register(relative, under: root, errors: &errors) }
        return errors
    }

    /// Registers the fonts the bundle's Info.plist lists (`UIAppFonts`): each path relative to the
    /// asset folder, or else to the bundle's resource folder, the root of the bundle as an `.appex`
    /// is (where Xcode copies an extension's fonts, and what its `Bundle.main` is). One that is
    /// missing from both, escapes its folder or is not a font is an error.
    static func registerAppFonts(in assetFolder: URL?, resourceFolder: URL? = nil) -> [AssetError] {
        let roots = [assetFolder, resourceFolder].compactMap { $0.flatMap { AssetLocator.realPath($0.path) } }
        guard let first = roots.first else { return [] }
        let files: BundleInfoFiles
        do {
            // The same files the loader reads: `Info.plist` in the bundle's own `lib<Name>.assets/`,
            // `<Name>-Info.plist` in SwiftPM's resource folder, whose `Assets/` the asset folder is
            // (BundleInfoFiles).
            let folder = URL(fileURLWithPath: first)
            if assetFolder != nil {
                let own = folder.pathExtension == "assets"
                files = try BundleInfoFiles.read(
                    besideBundle: library(of: folder), assetFolder: own ? folder : nil,
                    resourceFolder: own ? nil : folder.deletingLastPathComponent())
            } else {
                files = try BundleInfoFiles.read(
                    besideBundle: library(of: folder.appendingPathComponent("Assets")), assetFolder: nil, resourceFolder: folder)
            }
        } catch {
            return [AssetError(asset: "Info.plist", problem: .unreadable(format: "Info.plist", reason: error.description))]
        }
        var errors: [AssetError] = []
        for relative in files.appFonts {
            guard extensions.contains((relative as NSString).pathExtension.lowercased()) else {
                errors.append(AssetError(asset: "font:\(relative)", problem: .unreadable(format: "font", reason: "UIAppFonts lists it, but only .ttf, .otf and .ttc files are fonts")))
                continue
            }
            let root = roots.first { if case .success(_?) = AssetLocator.resolve(relative, under: $0) { true } else { false } } ?? first
            if case .success(nil) = AssetLocator.resolve(relative, under: root) {
                errors.append(AssetError(asset: "font:\(relative)", problem: .unreadable(format: "font", reason: "UIAppFonts lists it, but there is no such file in the asset folder or the bundle's resources")))
                continue
            }
            register(relative, under: root, errors: &errors)
        }
        return errors
    }

    /// The `.so` an asset folder belongs to, for its `<Name>-Info.plist`: `lib<Name>.assets/` is
    /// beside `lib<Name>.so`; SwiftPM's `<Package>_<Name>.resources/Assets/` beside `lib<Name>.so`.
    static func library(of assetFolder: URL) -> URL {
        let parent = assetFolder.deletingLastPathComponent()
        if assetFolder.pathExtension == "assets" {
            return parent.appendingPathComponent(assetFolder.deletingPathExtension().lastPathComponent + ".so")
        }
        let resources = parent.deletingPathExtension().lastPathComponent
        let target = resources.split(separator: "_").last.map(String.init) ?? resources
        return parent.deletingLastPathComponent().appendingPathComponent("lib\(target).so")
    }

    private static func register(_ relative: String, under root: String, errors: inout [AssetError]) {
        let label = "font:\(relative)"
        switch AssetLocator.resolve(relative, under: root) {
        case .failure(let problem):
            errors.append(AssetError(asset: label, problem: problem))
        case .success(nil):
            break
        case .success(let path?):
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size > BundleAssets.maxFontBytes {
                errors.append(AssetError(asset: label, problem: .fileTooLarge(bytes: size, limit: BundleAssets.maxFontBytes)))
            } else if !FontRegistry.register(realPath: path) {
                errors.append(AssetError(asset: label, problem: .unreadable(format: "font", reason: "fontconfig refused it")))
            }
        }
    }
}
