import WidgetAssetCatalog
import WidgetPayload

/// Why an image (or a font) a bundle names cannot be drawn. The renderer draws a placeholder
/// box instead and keeps the error (`BundleAssets.problems`) for the caller to record.
public struct AssetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The asset as the view named it: `poster`, `group.com.example:bg.png`, `symbol:foo`,
    /// `font:Fonts/Title.ttf`.
    public var asset: String
    public var problem: Problem

    public init(asset: String, problem: Problem) {
        self.asset = asset
        self.problem = problem
    }

    // An Error too, so the locator and decoders can return it in a `Result` before the name is attached.
    public enum Problem: Error, Sendable, Hashable {
        /// No file by that name; `searched` are the file names tried, relative to the folder.
        case missing(searched: [String])
        case emptyName
        /// A name starting with `/`.
        case absolutePath
        /// A `..` component, or a symlink whose target is outside the folder.
        case escapesFolder
        case fileTooLarge(bytes: Int, limit: Int)
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// The file is there but is not a readable image of `format` (`png`, `svg`, `pdf`, `font`).
        case unreadable(format: String, reason: String)
        /// An App Group the bundle did not declare.
        case undeclaredGroup(String)
        /// `Image(systemName:)` with a name the SDK does not draw (`docs/symbols.md`); `nearest`:
        /// the known name it most likely meant.
        case unknownSymbol(nearest: String?)
        /// A Contents.json of the asset catalog that was refused: the file and why.
        case badCatalog(CatalogContentsError)
        /// An image file of a format the host does not draw (HEIC, say).
        case unsupportedFormat(file: String, format: String)
    }

    /// The label `asset` has for an image source.
    static func label(_ source: ImageSource) -> String {
        switch source {
        case .asset(let name): name
        case .system(let name): "symbol:\(name)"
        case .appGroup(let group, let path): "\(group):\(path)"
        case .data(let bytes): "image data (\(bytes.count) bytes)"
        }
    }

    public var description: String {
        let what = "asset \"\(asset)\""
        switch problem {
        case .missing(let searched) where searched.isEmpty:
            return "\(what): the bundle has no asset folder; ship one as docs/assets.md describes"
        case .missing(let searched):
            return "\(what): not found (looked for \(searched.joined(separator: ", "))); add the file to the asset folder (docs/assets.md)"
        case .emptyName:
            return "asset with an empty name: name a file in the asset folder"
        case .absolutePath:
            return "\(what): absolute paths are refused; name the file relative to the asset folder"
        case .escapesFolder:
            return "\(what): leaves its folder (a `..` component or a symlink pointing outside); keep the file inside the folder"
        case .fileTooLarge(let bytes, let limit):
            return "\(what): \(bytes) bytes, over the limit of \(limit); make the file smaller"
        case .tooManyPixels(let width, let height, let limit):
            return "\(what): \(width)×\(height) pixels, over the limit of \(limit) pixels; scale the image down"
        case .unreadable(let format, let reason):
            return "\(what): not a readable \(format) (\(reason)); export the file again"
        case .undeclaredGroup(let group):
            return "\(what): the App Group \"\(group)\" is not declared by this widget; declare it or read from a declared group"
        case .unknownSymbol(let nearest?):
            return "\(what): not a symbol the SDK draws; did you mean '\(nearest)'? (docs/symbols.md lists them)"
        case .unknownSymbol(nil):
            return "\(what): not a symbol the SDK draws; use one listed in docs/symbols.md"
        case .badCatalog(let error):
            return "\(what): \(error); fix or re-export it from Xcode (docs/assets.md)"
        case .unsupportedFormat(let file, let format):
            return "\(what): \(file) is \(format), which the host does not draw; export it as PNG, JPEG, SVG or PDF (docs/assets.md)"
        }
    }
}
