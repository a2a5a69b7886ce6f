/// Why a `Contents.json` in an asset catalog was refused: the file (relative to the catalog)
/// and what is wrong with it. Catalogs come from untrusted bundles, so every refusal is typed
/// rather than a crash or a silent guess.
public struct CatalogContentsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the catalog: `Posters/avengers.imageset/Contents.json`.
    public var file: String
    public var problem: Problem

    public init(file: String, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    public enum Problem: Error, Sendable, Hashable {
        case tooLarge(bytes: Int, limit: Int)
        /// Objects and arrays nested deeper than `limit`.
        case tooDeep(limit: Int)
        /// Not JSON, or a member of the wrong type; `detail` says where.
        case malformed(detail: String)
        /// `color-space` is not one Xcode writes (or not one the host converts).
        case unknownColorSpace(String)
        /// A component that is not a float, a 0–255 integer or a hex byte, or out of range.
        case badComponent(name: String, value: String)
        case missingComponent(String)
        /// A colour that names a system colour (`reference`) rather than components.
        case unsupportedColor(detail: String)
        /// More entries than the host reads.
        case tooManyEntries(count: Int, limit: Int)
        /// A `filename` that is empty or names a path (`/`, `..`): image files sit beside their Contents.json.
        case badFilename(String)
    }

    public var description: String {
        let what = "asset catalog file \(file)"
        switch problem {
        case .tooLarge(let bytes, let limit):
            return "\(what): \(bytes) bytes, over the limit of \(limit)"
        case .tooDeep(let limit):
            return "\(what): nested deeper than \(limit) levels"
        case .malformed(let detail):
            return "\(what): not a Contents.json as Xcode writes it (\(detail))"
        case .unknownColorSpace(let space):
            return "\(what): color-space \"\(space)\" is not one the host reads (srgb, display-p3, their extended variants, gray-gamma-22, extended-gray)"
        case .badComponent(let name, let value):
            return "\(what): component \(name) \"\(value)\" is not a float 0…1, an integer 0–255 or a hex byte 0x00–0xFF"
        case .missingComponent(let name):
            return "\(what): the colour has no \(name) component"
        case .unsupportedColor(let detail):
            return "\(what): \(detail)"
        case .tooManyEntries(let count, let limit):
            return "\(what): \(count) entries, over the limit of \(limit)"
        case .badFilename(let name):
            return "\(what): filename \"\(name)\" must name a file beside the Contents.json"
        }
    }
}
