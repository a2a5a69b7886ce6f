import Foundation
import Synchronization
import WidgetAssetCatalog
import WidgetPayload

/// A bundle's images and fonts, resolved only inside the bundle's own asset folder and its
/// declared App Groups' containers (`docs/assets.md`). Loaded images are cached per catalog;
/// every failure is kept in `problems` for the caller to record, and `naturalSize` is nil so
/// that the layout draws a placeholder box.
public struct BundleAssets: ImageSizing {
    /// Bounds on a bundle's images: bytes of a file, and pixels (width × height).
    public static let maxFileBytes = 4 * 1024 * 1024
    public static let maxPixels = 16_000_000
    /// Fonts are larger than images; they are bounded on their own.
    public static let maxFontBytes = 16 * 1024 * 1024
    /// The size the layout gets for `Image(systemName:)`: a square of the body text size.
    public static let symbolNaturalSize = Size(width: 17, height: 17)

    public let assetFolder: URL?
    public let appGroupContainers: [String: URL]
    /// The bundle's first asset catalog (`Assets.xcassets` when it has one), searched before the
    /// loose files of `assetFolder`.
    public var catalogFolder: URL? { catalogs.first.map { URL(fileURLWithPath: $0.root) } }
    /// Its asset catalogs, searched in order: Xcode compiles every catalog of a target into one,
    /// so a name is looked for in each (`Assets.xcassets` first, then the others by name).
    private let catalogs: [AssetCatalog]
    private let store = Store()

    /// Also registers the fonts in `assetFolder/Fonts/`, and those the bundle's Info.plist lists
    /// under `UIAppFonts`, with fontconfig (once per process).
    /// - Parameter catalog: the bundle's asset catalog; by default `assetFolder/Assets.xcassets` when there is one.
    /// - Parameter moreCatalogs: its other catalogs, searched after `catalog`.
    /// - Parameter resourceFolder: the bundle's SwiftPM resource folder (its `Bundle.main`), where
    ///   `UIAppFonts` paths are also looked for, as at the root of an `.appex`.
    public init(
        assetFolder: URL?, appGroupContainers: [String: URL] = [:], catalog: URL? = nil, moreCatalogs: [URL] = [],
        resourceFolder: URL? = nil
    ) {
        self.assetFolder = assetFolder
        self.appGroupContainers = appGroupContainers
        let catalog = catalog ?? assetFolder?.appendingPathComponent(Self.catalogName)
        self.catalogs = ([catalog].compactMap { $0 } + moreCatalogs).compactMap(AssetCatalog.init)
        if let assetFolder { store.record(BundleFonts.register(in: assetFolder)) }
        store.record(BundleFonts.registerAppFonts(in: assetFolder, resourceFolder: resourceFolder))
    }

    /// The assets shipped beside a bundle's `.so`: its asset folder and its asset catalog.
    public init(besideBundle library: URL, appGroupContainers: [String: URL] = [:]) {
        let catalogs = Self.assetCatalogs(besideBundle: library)
        self.init(
            assetFolder: Self.assetFolder(besideBundle: library), appGroupContainers: appGroupContainers,
            catalog: catalogs.first, moreCatalogs: Array(catalogs.dropFirst()), resourceFolder: BundleInfoFiles.resourceFolder(of: library))
    }

    /// Whether the bundle has an asset catalog: a missing image or colour then draws nothing, as on iOS.
    public var hasCatalog: Bool { !catalogs.isEmpty }

    /// The first catalog with a colour set `name`, and the set.
    func colorSet(named name: String) -> Result<ColorSet, AssetError.Problem>? {
        catalogs.lazy.compactMap { $0.colorSet(name) }.first
    }

    /// The first catalog with an image set `name`, and the set and its folder there.
    private func imageSet(named name: String) -> (catalog: AssetCatalog, folder: String, set: Result<ImageSet, AssetError.Problem>)? {
        catalogs.lazy.compactMap { catalog in catalog.imageSet(name).map { (catalog, $0.folder, $0.set) } }.first
    }

    /// Whether a failed image draws nothing rather than the placeholder box: a name missing from
    /// a catalog-backed bundle, as iOS draws an `Image` its catalog lacks.
    func drawsNothing(for error: AssetError) -> Bool {
        guard hasCatalog, case .missing = error.problem else { return false }
        return true
    }

    /// A catalog with no files: every named image is missing.
    public static var empty: BundleAssets { BundleAssets(assetFolder: nil) }

    public func naturalSize(of source: ImageSource) -> Size? {
        if case .system(let name) = source {
            if !SystemSymbol.isKnown(name) {
                store.record([AssetError(asset: AssetError.label(source), problem: .unknownSymbol(nearest: SystemSymbol.nearestKnown(to: name)))])
            }
            return Self.symbolNaturalSize
        }
        switch image(for: source) {
        case .success(let image): return image.naturalSize
        // Empty, not a box: the layout gives it no room (see `drawsNothing`).
        case .failure(let error) where drawsNothing(for: error): return Size(width: 0, height: 0)
        case .failure: return nil
        }
    }

    public func rendersAsTemplate(_ source: ImageSource) -> Bool {
        guard case .asset(let name) = source, case .success(let set)? = imageSet(named: name)?.set else { return false }
        return set.rendersAsTemplate
    }

    /// The error drawing `source` would give, or nil when it can be drawn (for `validate`).
    public func problem(with source: ImageSource) -> AssetError? {
        if case .system(let name) = source {
            return SystemSymbol.isKnown(name)
                ? nil : AssetError(asset: AssetError.label(source), problem: .unknownSymbol(nearest: SystemSymbol.nearestKnown(to: name)))
        }
        if case .failure(let error) = image(for: source) { return error }
        return nil
    }

    func record(_ error: AssetError) { store.record([error]) }

    /// Every failure met so far, each once, in the order met.
    public var problems: [AssetError] { store.problems.withLock { $0 } }

    /// The decoded image for a bundle or App Group file (not for symbols). A bundle image is
    /// looked up in the catalog first: the image set's variant for `scheme` and `scale` pixels
    /// per point, then the loose files.
    func image(for source: ImageSource, scheme: ColorSchemeName = .light, scale: Double = 1) -> Result<LoadedImage, AssetError> {
        guard case .asset(let name) = source, let (catalog, folder, set) = imageSet(named: name) else {
            return looseImage(for: source)
        }
        let luminosity: VariantCondition.Luminosity = scheme == .dark ? .dark : .light
        let variant: ImageSet.Variant
        switch set {
        case .failure(let problem):
            return recorded(.failure(AssetError(asset: name, problem: problem)))
        case .success(let set):
            guard let found = set.variant(for: luminosity, scale: scale) else {
                return recorded(.failure(AssetError(asset: name, problem: .missing(searched: ["\(Self.catalogName)/\(folder) (no file for \(luminosity.rawValue))"]))))
            }
            variant = found
        }
        let file = folder + "/" + variant.filename
        return store.catalogImages.withLock { images in
            // Keyed by the catalog too: two catalogs may hold the same relative path.
            if let known = images[catalog.root + "/" + file] { return known }
            let result = catalogImage(file, scale: variant.scale ?? 1, in: catalog).mapError { AssetError(asset: name, problem: $0) }
            images[catalog.root + "/" + file] = result
            if case .failure(let error) = result { store.record([error]) }
            return result
        }
    }

    private func recorded(_ result: Result<LoadedImage, AssetError>) -> Result<LoadedImage, AssetError> {
        if case .failure(let error) = result { store.record([error]) }
        return result
    }

    private func catalogImage(_ file: String, scale: Int, in catalog: AssetCatalog) -> Result<LoadedImage, AssetError.Problem> {
        guard let format = AssetLocator.format(ofFile: file) else {
            let other = (file as NSString).pathExtension
            return .failure(.unsupportedFormat(file: "\(Self.catalogName)/\(file)", format: other.isEmpty ? "without an extension" : other.uppercased()))
        }
        return catalog.locate(file)
            .flatMap { path in AssetLocator.read(path, limit: Self.maxFileBytes) }
            .flatMap { bytes in ImageDecoding.decode(bytes, format: format, pixelsPerPoint: Double(scale), maxPixels: Self.maxPixels) }
            .mapError { problem in
                // The set's name alone does not say which of its files (appearance, scale) is broken.
                guard case .unreadable(let format, let reason) = problem else { return problem }
                return .unreadable(format: format, reason: "\(Self.catalogName)/\(file): \(reason)")
            }
    }

    private func looseImage(for source: ImageSource) -> Result<LoadedImage, AssetError> {
        store.images.withLock { images in
            if let known = images[source] { return known }
            let result = load(source)
            images[source] = result
            if case .failure(let error) = result { store.record([error]) }
            return result
        }
    }

    private func load(_ source: ImageSource) -> Result<LoadedImage, AssetError> {
        let label = AssetError.label(source)
        let located: Result<AssetLocator.Located, AssetError.Problem>
        switch source {
        case .asset(let name):
            located = AssetLocator.locate(name, in: assetFolder)
        case .appGroup(let group, let path):
            guard let container = appGroupContainers[group] else {
                return .failure(AssetError(asset: label, problem: .undeclaredGroup(group)))
            }
            located = AssetLocator.locate(path, in: container)
        case .system:
            return .failure(AssetError(asset: label, problem: .unreadable(format: "image", reason: "a symbol, drawn by the painter")))
        case .data(let bytes):
            // The tree's decoder already bounded the bytes (ViewTree.Limits.maxInlineImageBytes).
            guard let format = AssetLocator.Format(sniffing: bytes) else {
                return .failure(AssetError(asset: label, problem: .unsupportedFormat(file: label, format: "neither PNG, JPEG nor SVG")))
            }
            return ImageDecoding.decode(bytes, format: format, pixelsPerPoint: 1, maxPixels: Self.maxPixels)
                .mapError { AssetError(asset: label, problem: $0) }
        }
        return located
            .flatMap { file in AssetLocator.read(file.realPath, limit: Self.maxFileBytes).map { (file, $0) } }
            .flatMap { file, bytes in ImageDecoding.decode(bytes, format: file.format, pixelsPerPoint: file.pixelsPerPoint, maxPixels: Self.maxPixels) }
            .mapError { AssetError(asset: label, problem: $0) }
    }

    /// The cache and the diagnostics, shared by copies of one catalog.
    private final class Store: Sendable {
        let images = Mutex<[ImageSource: Result<LoadedImage, AssetError>]>([:])
        /// Catalog image files by their path in the catalog.
        let catalogImages = Mutex<[String: Result<LoadedImage, AssetError>]>([:])
        let problems = Mutex<[AssetError]>([])

        func record(_ errors: [AssetError]) {
            problems.withLock { problems in
                for error in errors where !problems.contains(error) { problems.append(error) }
            }
        }
    }
}
