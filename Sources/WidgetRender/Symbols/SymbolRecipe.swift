/// How one SF Symbols name is drawn from the Phosphor glyphs: the glyph, and what SF's name adds
/// to it that Phosphor has no glyph for (`SymbolNameTable` explains each option).
struct SymbolRecipe: Sendable, Hashable {
    enum Enclosure: Sendable, Hashable {
        case circle, square, octagon
    }

    enum Badge: Sendable, Hashable {
        /// A dot at the top right (`bell.badge`).
        case dot
        /// A small mark at the bottom right, a Phosphor glyph (`calendar.badge.exclamationmark`).
        case mark(String)
    }

    var glyph: String
    /// The name's `.fill`, or a shape SF draws solid: the fill weight.
    var isFilled = false
    var isSlashed = false
    var isRotated = false
    var enclosure: Enclosure?
    var badge: Badge?
    /// SF's multicolor rendering's colour for the symbol, a SwiftUI colour name.
    var multicolor: String?
    /// The glyphs from no variable layer lit to all (`Image(systemName:variableValue:)`).
    var variableStages: [String] = []

    /// The marks `badge=NAME` names, by SF's word for them.
    static let badgeMarks: [String: String] = [
        "plus": "plus", "minus": "minus", "xmark": "x", "checkmark": "check", "exclamationmark": "exclamation-mark",
        "questionmark": "question-mark", "lock": "lock", "gear": "gear", "moon": "moon", "location": "navigation-arrow",
        "arrow": "arrows-clockwise", "bubble": "chat",
    ]

    init(glyph: String, enclosure: Enclosure? = nil) {
        self.glyph = glyph
        self.enclosure = enclosure
    }

    /// Reads a table line's right-hand side: `GLYPH [OPTION…]`.
    init?(tableEntry: Substring) {
        let words = tableEntry.split(separator: " ")
        guard let glyph = words.first else { return nil }
        self.glyph = String(glyph)
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count == 2 ? parts[1] : nil) {
            case ("weight", "fill"): isFilled = true
            case ("slash", nil): isSlashed = true
            case ("rotate", nil): isRotated = true
            case ("badge", "circle"): enclosure = .circle
            case ("badge", "square"): enclosure = .square
            case ("badge", "octagon"): enclosure = .octagon
            case ("badge", "dot"): badge = .dot
            case ("badge", let mark?): badge = Self.badgeMarks[mark].map(Badge.mark)
            case ("multicolor", let color?): multicolor = color
            case ("variable", let stages?): variableStages = stages.split(separator: ",").map(String.init)
            default: return nil
            }
        }
    }
}

/// The table, read once, and the names it draws: its own and those SF makes of them with
/// `.fill`, `.circle`, `.square` and `.slash`.
enum SymbolNameMap {
    static let entries: [String: SymbolRecipe] = {
        var entries: [String: SymbolRecipe] = [:]
        for line in SymbolNameTable.text.split(separator: "\n") where !line.hasPrefix("#") {
            let sides = line.split(separator: "=", maxSplits: 1)
            guard sides.count == 2, let recipe = SymbolRecipe(tableEntry: sides[1].drop(while: { $0 == " " })) else { continue }
            entries[sides[0].trimmingCharacters(in: " ")] = recipe
        }
        return entries
    }()

    /// How `name` is drawn, or nil for a name the table cannot make.
    static func recipe(for name: String) -> SymbolRecipe? {
        var components = name.split(separator: ".").map(String.init)
        let isFilled = components.contains("fill")
        components.removeAll { $0 == "fill" }
        guard var recipe = recipe(components: components[...]) else { return nil }
        recipe.isFilled = recipe.isFilled || isFilled
        return recipe
    }

    private static func recipe(components: ArraySlice<String>) -> SymbolRecipe? {
        guard !components.isEmpty else { return nil }
        if let recipe = entries[components.joined(separator: ".")] { return recipe }
        guard let last = components.last, var recipe = recipe(components: components.dropLast()) else { return nil }
        switch last {
        case "circle" where recipe.enclosure == nil: recipe.enclosure = .circle
        case "square" where recipe.enclosure == nil: recipe.enclosure = .square
        case "slash" where !recipe.isSlashed: recipe.isSlashed = true
        default: return nil
        }
        return recipe
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop(while: { $0 == character }).reversed().drop(while: { $0 == character }).reversed())
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(self).trimmingCharacters(in: character)
    }
}
