import CPangoCairo
import WidgetPayload

/// The symbols `Image(systemName:)` can name: SF Symbols' names drawn with Phosphor Icons'
/// glyphs through a name map (`SymbolNameTable`, `docs/symbols.md`), not Apple's artwork.
public enum SystemSymbol {
    /// The names the table spells out, sorted; each also draws with `.fill`, and most with
    /// `.circle`, `.square` and `.slash` (`isKnown`).
    public static let allNames: [String] = SymbolNameMap.entries.keys.sorted()

    public static func isKnown(_ name: String) -> Bool {
        SymbolNameMap.recipe(for: name).flatMap { PhosphorGlyphs.glyph($0.glyph, weight: .regular) } != nil
    }

    /// The known name `name` most likely meant: the nearest by edit distance among the map's
    /// names and their common forms (`.fill`, `.circle`, `.circle.fill`, `.slash`), within a
    /// third of the name's length; nil when none is that near.
    public static func nearestKnown(to name: String) -> String? {
        let typed = Array(name)
        let limit = max(2, typed.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in suggestionNames {
            let distance = NameDistance.editDistance(typed, Array(candidate), limit: best.map { min($0.distance, limit) } ?? limit)
            if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (distance, candidate) }
        }
        return best?.name
    }

    /// What `nearestKnown` chooses among, in the table's order of names (shortest forms first).
    private static let suggestionNames: [String] = allNames.flatMap { name in
        [name, name + ".fill", name + ".circle", name + ".circle.fill", name + ".slash"].filter(isKnown)
    }

    /// The colour SF's multicolor rendering gives `name`, when the map knows one.
    public static func multicolor(of name: String) -> NamedColor? {
        SymbolNameMap.recipe(for: name)?.multicolor.flatMap(NamedColor.init(rawValue:))
    }

    /// Draws `request` in the largest square centred in `frame`, in `paint` (its primary level);
    /// an unknown name draws a question mark in a square.
    static func draw(_ request: SymbolRequest, in frame: Rect, paint: Paint, on cairo: OpaquePointer) {
        let side = min(frame.width, frame.height)
        guard side > 0 else { return }
        let recipe = SymbolNameMap.recipe(for: request.name).flatMap { recipe in
            PhosphorGlyphs.glyph(recipe.glyph, weight: .regular).map { _ in recipe }
        } ?? SymbolRecipe(glyph: "question-mark", enclosure: .square)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        let origin = Point(x: frame.minX + (frame.width - side) / 2, y: frame.minY + (frame.height - side) / 2)
        SymbolPainter(cairo: cairo, recipe: recipe, request: request, primary: paint, origin: origin, side: side).draw()
    }
}
