import Synchronization
import WidgetPayload

/// The vendored Phosphor glyphs (`Glyphs/`, MIT): each glyph's paths read on first use into path
/// data in Phosphor's 256-unit square (y down).
enum PhosphorGlyphs {
    /// Phosphor's six weights: four stroke widths, solid, and duotone (regular strokes over a
    /// translucent back layer).
    enum Weight: Sendable, CaseIterable {
        case thin, light, regular, bold, fill, duotone

        /// The weight a font weight draws a symbol in, as SF Symbols follow the text's weight.
        init(_ fontWeight: FontWeightName) {
            switch fontWeight {
            case .ultraLight, .thin: self = .thin
            case .light: self = .light
            case .regular, .medium: self = .regular
            case .semibold, .bold, .heavy, .black: self = .bold
            }
        }

        /// The stroke width of the weight's lines, in glyph units, for what the painter adds
        /// (enclosures, slashes).
        var strokeWidth: Double {
            switch self {
            case .thin: 8
            case .light: 12
            case .regular, .duotone: 16
            case .bold, .fill: 24
            }
        }
    }

    /// One glyph: the paths drawn at full opacity, and those Phosphor draws at 0.2 behind them
    /// (the duotone weight's; empty in the others).
    struct Glyph: Sendable {
        var front: [SVGPathData] = []
        var back: [SVGPathData] = []
    }

    /// The side of the square glyphs are drawn in.
    static let unitsPerSide = 256.0

    /// The glyph `name` in `weight`, its paths parsed the first time it is asked for: a sheet
    /// or widget draws a handful of symbols, and a whole weight's table is 200 KB of path data.
    static func glyph(_ name: String, weight: Weight) -> Glyph? {
        let key = GlyphKey(name: name, weight: weight)
        if let known = parsed.withLock({ $0[key] }) { return known }
        guard let line = lines(weight)[name] else { return nil }
        let glyph = parse(line)
        parsed.withLock { $0[key] = glyph }
        return glyph
    }

    private struct GlyphKey: Hashable {
        var name: String
        var weight: Weight
    }

    /// The glyphs drawn so far. Two threads asking for one glyph at once may both parse it; the
    /// results are equal, so either may stay.
    private static let parsed = Mutex<[GlyphKey: Glyph]>([:])

    /// Each weight's glyph lines by name (the paths after the name, unparsed).
    private static func lines(_ weight: Weight) -> [String: Substring] {
        switch weight {
        case .thin: thin
        case .light: light
        case .regular: regular
        case .bold: bold
        case .fill: fill
        case .duotone: duotone
        }
    }

    private static let thin = index(thinData)
    private static let light = index(lightData)
    private static let regular = index(regularData)
    private static let bold = index(boldData)
    private static let fill = index(fillData)
    private static let duotone = index(duotoneData)

    /// `name<TAB>path<TAB>path…` lines, by name. Split as bytes: the table is ASCII, and a
    /// split by characters took milliseconds of a gallery's first opening.
    private static func index(_ data: String) -> [String: Substring] {
        var lines: [String: Substring] = [:]
        for line in data.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            lines[String(Substring(line[..<tab]))] = Substring(line[line.index(after: tab)...])
        }
        return lines
    }

    /// A glyph's paths, tab-separated, a back-layer path written with a leading `~`.
    private static func parse(_ paths: Substring) -> Glyph {
        var glyph = Glyph()
        for field in paths.split(separator: "\t") {
            if field.hasPrefix("~") {
                glyph.back.append(SVGPathData(String(field.dropFirst())))
            } else {
                glyph.front.append(SVGPathData(String(field)))
            }
        }
        return glyph
    }
}
