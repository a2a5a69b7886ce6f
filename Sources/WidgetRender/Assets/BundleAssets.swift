import Foundation
import Synchronization
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
    private let store = Store()

    /// Also registers the fonts in `assetFolder/Fonts/`, and those the bundle's Info.plist lists
    /// under `UIAppFonts`, with fontconfig (once per process).
    public init(assetFolder: URL?, appGroupContainers: [String: URL] = [:]) {
        self.assetFolder = assetFolder
        self.appGroupContainers = appGroupContainers
        if let assetFolder { store.record(BundleFonts.register(in: assetFolder) + BundleFonts.registerAppFonts(in: assetFolder)) }
    }

    /// A catalog with no files: every named image is missing.
    public static var empty: BundleAssets { BundleAssets(assetFolder: nil) }

    public func naturalSize(of source: ImageSource) -> Size? {
        if case .system(let name) = source {
            if !SystemSymbol.isKnown(name) { store.record([AssetError(asset: AssetError.label(source), problem: .unknownSymbol)]) }
            return Self.symbolNaturalSize
        }
        return try? image(for: source).get().naturalSize
    }

    /// The error drawing `source` would give, or nil when it can be drawn (for `validate`).
    public func problem(with source: ImageSource) -> AssetError? {
        if case .system(let name) = source {
            return SystemSymbol.isKnown(name) ? nil : AssetError(asset: AssetError.label(source), problem: .unknownSymbol)
        }
        if case .failure(let error) = image(for: source) { return error }
        return nil
    }

    /// Every failure met so far, each once, in the order met.
    public var problems: [AssetError] { store.problems.withLock { $0 } }

    /// The decoded image for a bundle or App Group file (not for symbols).
    func image(for source: ImageSource) -> Result<LoadedImage, AssetError> {
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
        }
        return located
            .flatMap { file in AssetLocator.read(file.realPath, limit: Self.maxFileBytes).map { (file, $0) } }
            .flatMap { file, bytes in ImageDecoding.decode(bytes, format: file.format, pixelsPerPoint: file.pixelsPerPoint, maxPixels: Self.maxPixels) }
            .mapError { AssetError(asset: label, problem: $0) }
    }

    /// The cache and the diagnostics, shared by copies of one catalog.
    private final class Store: Sendable {
        let images = Mutex<[ImageSource: Result<LoadedImage, AssetError>]>([:])
        let problems = Mutex<[AssetError]>([])

        func record(_ errors: [AssetError]) {
            problems.withLock { problems in
                for error in errors where !problems.contains(error) { problems.append(error) }
            }
        }
    }
}
