import Foundation

/// The parts of Xcode's asset catalog `Contents.json` files the host reads: colour sets, image
/// sets and folders (groups). Parsing is bounded (size, nesting, entry count) because the files
/// come from untrusted bundles; Foundation's JSONDecoder reads them once the bounds hold.
public enum CatalogContents {
    /// Bounds on one Contents.json. Xcode's own are a few hundred bytes to a few KiB.
    public static let maxBytes = 64 * 1024
    public static let maxDepth = 16
    public static let maxEntries = 256

    /// A colour set: `<name>.colorset/Contents.json`.
    public static func colorSet(_ bytes: [UInt8], file: String) throws(CatalogContentsError) -> ColorSet {
        let raw: RawColorSet = try decode(bytes, file: file)
        let entries = raw.colors ?? []
        guard entries.count <= maxEntries else { throw CatalogContentsError(file: file, problem: .tooManyEntries(count: entries.count, limit: maxEntries)) }
        var colors: [ColorSet.Variant] = []
        for entry in entries {
            guard let condition = entry.condition else { continue }
            guard let color = entry.color else {
                throw CatalogContentsError(file: file, problem: .malformed(detail: "an entry of \"colors\" has no \"color\""))
            }
            do throws(CatalogContentsError.Problem) {
                let resolved = try color.resolved()
                colors.append(ColorSet.Variant(condition: condition, color: resolved.color, darkColor: resolved.dark))
            } catch {
                throw CatalogContentsError(file: file, problem: error)
            }
        }
        return ColorSet(variants: colors)
    }

    /// An image set: `<name>.imageset/Contents.json`.
    public static func imageSet(_ bytes: [UInt8], file: String) throws(CatalogContentsError) -> ImageSet {
        let raw: RawImageSet = try decode(bytes, file: file)
        let entries = raw.images ?? []
        guard entries.count <= maxEntries else { throw CatalogContentsError(file: file, problem: .tooManyEntries(count: entries.count, limit: maxEntries)) }
        var images: [ImageSet.Variant] = []
        for entry in entries {
            // Xcode lists empty slots (a scale with no file); they are not variants.
            guard let filename = entry.filename, let condition = entry.condition else { continue }
            if filename.isEmpty || filename.contains("/") || filename == "." || filename == ".." || filename.utf8.contains(0) {
                throw CatalogContentsError(file: file, problem: .badFilename(filename))
            }
            let scale: Int?
            switch entry.scale {
            case nil: scale = nil
            case "1x": scale = 1
            case "2x": scale = 2
            case "3x": scale = 3
            // Scales no iPhone uses (Apple Watch, Mac) are not variants here.
            default: continue
            }
            images.append(ImageSet.Variant(filename: filename, scale: scale, condition: condition))
        }
        // Xcode's "Render As": "template" or "original"; left out, the image is drawn as it is.
        var set = ImageSet(variants: images)
        set.rendersAsTemplate = raw.properties?.templateRenderingIntent == "template"
        return set
    }

    /// A folder's Contents.json: whether it `provides-namespace` to the sets inside it.
    public static func folder(_ bytes: [UInt8], file: String) throws(CatalogContentsError) -> Folder {
        let raw: RawFolder = try decode(bytes, file: file)
        return Folder(providesNamespace: raw.properties?.providesNamespace ?? false)
    }

    /// Checks the bounds, then decodes.
    static func decode<Raw: Decodable>(_ bytes: [UInt8], file: String) throws(CatalogContentsError) -> Raw {
        guard bytes.count <= maxBytes else { throw CatalogContentsError(file: file, problem: .tooLarge(bytes: bytes.count, limit: maxBytes)) }
        guard nestingDepth(bytes) <= maxDepth else { throw CatalogContentsError(file: file, problem: .tooDeep(limit: maxDepth)) }
        do {
            return try JSONDecoder().decode(Raw.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw CatalogContentsError(file: file, problem: .malformed(detail: describe(error)))
        } catch {
            throw CatalogContentsError(file: file, problem: .malformed(detail: "\(error)"))
        }
    }

    /// How deep objects and arrays nest, counted outside strings, so that the decoder never
    /// recurses further than `maxDepth`.
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)) is not a \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, expected a \(type)"
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// Which appearance and device a catalog entry is for.
public struct VariantCondition: Sendable, Hashable {
    /// nil: any appearance.
    public var luminosity: Luminosity?
    /// `iphone` rather than `universal`: preferred when both match.
    public var isPhone: Bool

    public enum Luminosity: String, Sendable, Hashable {
        case light, dark
    }

    /// How well this entry fits `luminosity` (higher is better), or nil when it does not.
    func fit(_ wanted: Luminosity) -> Int? {
        let appearance: Int
        switch luminosity {
        case wanted: appearance = 2
        case nil: appearance = 1
        default: return nil
        }
        return appearance * 2 + (isPhone ? 1 : 0)
    }
}

public struct ColorSet: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public var condition: VariantCondition
        public var color: CatalogColor
        /// A system colour's dark shade (`reference`), drawn in dark where it differs.
        public var darkColor: CatalogColor?

        public init(condition: VariantCondition, color: CatalogColor, darkColor: CatalogColor? = nil) {
            self.condition = condition
            self.color = color
            self.darkColor = darkColor
        }
    }

    public var variants: [Variant]

    /// The colour for an appearance: its own variant, else the one for any appearance (a system
    /// colour in its shade for the appearance); nil when the set has neither (a dark-only set
    /// drawn in light).
    public func color(for luminosity: VariantCondition.Luminosity) -> CatalogColor? {
        var best: (fit: Int, variant: Variant)?
        for variant in variants {
            guard let fit = variant.condition.fit(luminosity) else { continue }
            if best == nil || fit > best!.fit { best = (fit, variant) }
        }
        guard let variant = best?.variant else { return nil }
        return luminosity == .dark ? variant.darkColor ?? variant.color : variant.color
    }
}

public struct ImageSet: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public var filename: String
        /// nil: a single-scale image (Xcode's "Single Scale", usually a vector), drawn at any scale.
        public var scale: Int?
        public var condition: VariantCondition
    }

    public var variants: [Variant]
    /// Xcode's "Render As: Template Image" (`template-rendering-intent`): drawn as its shape in
    /// the foreground colour unless the view says `renderingMode(.original)`.
    public var rendersAsTemplate = false

    /// The file to draw for an appearance at `scale` pixels per point: the best appearance
    /// match, then the smallest scale at least `scale` (else the largest there is), so that
    /// nothing is blown up when a sharper file exists.
    public func variant(for luminosity: VariantCondition.Luminosity, scale: Double) -> Variant? {
        let fitting = variants.compactMap { variant in variant.condition.fit(luminosity).map { (variant, $0) } }
        guard let bestFit = fitting.map(\.1).max() else { return nil }
        let candidates = fitting.filter { $0.1 == bestFit }.map(\.0)
        func pixels(_ variant: Variant) -> Double { Double(variant.scale ?? 1) }
        let sharp = candidates.filter { pixels($0) >= scale || $0.scale == nil }
        if let choice = sharp.min(by: { pixels($0) < pixels($1) }) { return choice }
        return candidates.max(by: { pixels($0) < pixels($1) })
    }
}

public struct Folder: Sendable, Hashable {
    /// Xcode's "Provides Namespace": sets inside are named `Folder/name`.
    public var providesNamespace: Bool
}

/// A colour as sRGB components in 0…1, converted from the set's colour space.
public struct CatalogColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
