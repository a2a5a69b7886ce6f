import WidgetPayload

/// The vendored Phosphor glyphs (`Glyphs/`, MIT): each weight's table read once, on first use,
/// into path data in Phosphor's 256-unit square (y down).
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

    static func glyph(_ name: String, weight: Weight) -> Glyph? {
        table(weight)[name]
    }

    /// Every glyph name vendored.
    static var names: Set<String> { Set(regular.keys) }

    private static func table(_ weight: Weight) -> [String: Glyph] {
        switch weight {
        case .thin: thin
        case .light: light
        case .regular: regular
        case .bold: bold
        case .fill: fill
        case .duotone: duotone
        }
    }

    private static let thin = parse(thinData)
    private static let light = parse(lightData)
    private static let regular = parse(regularData)
    private static let bold = parse(boldData)
    private static let fill = parse(fillData)
    private static let duotone = parse(duotoneData)

    /// `name<TAB>path<TAB>path…`, a back-layer path written with a leading `~`.
    private static func parse(_ data: String) -> [String: Glyph] {
        var glyphs: [String: Glyph] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard let name = fields.first else { continue }
            var glyph = Glyph()
            for field in fields.dropFirst() {
                if field.hasPrefix("~") {
                    glyph.back.append(SVGPathData(String(field.dropFirst())))
                } else {
                    glyph.front.append(SVGPathData(String(field)))
                }
            }
            glyphs[String(name)] = glyph
        }
        return glyphs
    }
}
