import Foundation
import Synchronization
import WidgetAssetCatalog

/// A bundle's `Assets.xcassets`, as Xcode compiles it: colour sets and image sets found by name,
/// inside folders (groups) searched as Xcode does, a group that "provides namespace" prefixing
/// its sets' names (`Posters/avengers`). Only real folders are walked, never a symlinked one, and
/// every file is read through `AssetLocator`, so nothing outside the catalog is read; each
/// Contents.json is parsed under `CatalogContents`' bounds.
final class AssetCatalog: Sendable {
    /// Bounds on the walk: folders deep, and entries looked at in all.
    static let maxDepth = 16
    static let maxEntries = 10_000

    enum SetKind: Sendable { case color, image }

    /// The catalog's real path.
    let root: String
    private let index = Mutex<Index?>(nil)
    private let colorSets = Mutex<[String: Result<ColorSet, AssetError.Problem>]>([:])
    private let imageSets = Mutex<[String: Result<ImageSet, AssetError.Problem>]>([:])

    private struct Index: Sendable {
        /// Set name → its folder, relative to the catalog.
        var colors: [String: String] = [:]
        var images: [String: String] = [:]
    }

    init?(_ url: URL) {
        guard let real = AssetLocator.realPath(url.path) else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        root = real
    }

    /// The folder, relative to the catalog, of the set `name` of `kind`; nil when there is none.
    func folder(of name: String, _ kind: SetKind) -> String? {
        index.withLock { index in
            if index == nil { index = build() }
            return kind == .color ? index!.colors[name] : index!.images[name]
        }
    }

    /// The colour set `name`: nil when the catalog has none by that name.
    func colorSet(_ name: String) -> Result<ColorSet, AssetError.Problem>? {
        guard let folder = folder(of: name, .color) else { return nil }
        return parsed(folder, cache: colorSets, CatalogContents.colorSet)
    }

    /// The image set `name` and its folder: nil when the catalog has none by that name.
    func imageSet(_ name: String) -> (folder: String, set: Result<ImageSet, AssetError.Problem>)? {
        guard let folder = folder(of: name, .image) else { return nil }
        return (folder, parsed(folder, cache: imageSets, CatalogContents.imageSet))
    }

    /// The set in `folder`, its Contents.json parsed once and the outcome kept in `cache`.
    private func parsed<Set: Sendable>(
        _ folder: String, cache: borrowing Mutex<[String: Result<Set, AssetError.Problem>]>,
        _ parse: ([UInt8], String) throws(CatalogContentsError) -> Set
    ) -> Result<Set, AssetError.Problem> {
        cache.withLock { sets in
            if let known = sets[folder] { return known }
            let file = folder + "/Contents.json"
            let result = contents(file).flatMap { bytes in
                Result { () throws(CatalogContentsError) in try parse(bytes, file) }.mapError { AssetError.Problem.badCatalog($0) }
            }
            sets[folder] = result
            return result
        }
    }

    /// A file of the catalog by its path relative to it, refused when its real path leaves the catalog.
    func locate(_ relative: String) -> Result<String, AssetError.Problem> {
        AssetLocator.resolve(relative, under: root).flatMap { path in
            path.map { .success($0) } ?? .failure(.missing(searched: ["Assets.xcassets/" + relative]))
        }
    }

    /// A Contents.json's bytes, over-size files refused before they are read whole.
    private func contents(_ relative: String) -> Result<[UInt8], AssetError.Problem> {
        locate(relative).flatMap { path in
            AssetLocator.read(path, limit: CatalogContents.maxBytes).mapError { problem in
                if case .fileTooLarge(let bytes, let limit) = problem {
                    return .badCatalog(CatalogContentsError(file: relative, problem: .tooLarge(bytes: bytes, limit: limit)))
                }
                return problem
            }
        }
    }

    /// Walks the catalog once. Folders are visited in name order, so that two sets with one
    /// name (which Xcode warns about) resolve the same way every time: the first found wins.
    private func build() -> Index {
        var index = Index()
        var visited = 0
        // (folder relative to the catalog, name prefix, depth)
        var pending: [(String, String, Int)] = [("", "", 0)]
        while !pending.isEmpty {
            let (folder, prefix, depth) = pending.removeFirst()
            let path = folder.isEmpty ? root : root + "/" + folder
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            for name in names {
                visited += 1
                if visited > Self.maxEntries { return index }
                var info = stat()
                // lstat: a symlinked folder is not walked.
                guard lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                if name.hasSuffix(".colorset") {
                    let key = prefix + String(name.dropLast(".colorset".count))
                    if index.colors[key] == nil { index.colors[key] = relative }
                } else if name.hasSuffix(".imageset") {
                    let key = prefix + String(name.dropLast(".imageset".count))
                    if index.images[key] == nil { index.images[key] = relative }
                } else if !name.contains("."), depth + 1 < Self.maxDepth {
                    // A group; other set types (.appiconset, .dataset, .symbolset…) are not drawn.
                    let namespaced = (try? contents(relative + "/Contents.json").get())
                        .flatMap { try? CatalogContents.folder($0, file: relative + "/Contents.json") }?.providesNamespace ?? false
                    pending.append((relative, namespaced ? prefix + name + "/" : prefix, depth + 1))
                }
            }
        }
        return index
    }
}
