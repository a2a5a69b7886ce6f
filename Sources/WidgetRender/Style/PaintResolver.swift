import WidgetPayload

/// Colour sets by name, for one bundle (`BundleAssets`).
protocol CatalogColors: Sendable {
    /// The set's colour for `scheme`; nil when there is no such set (or it cannot be read).
    func color(named name: String, _ scheme: ColorSchemeName) -> RGBA?
    /// The `AccentColor` set, without reporting its absence (the system accent is the fallback).
    func accentColor(_ scheme: ColorSchemeName) -> RGBA?
}

/// Turns the tree's colours and fills into paints for one appearance.
struct PaintResolver: Sendable {
    let colorScheme: ColorSchemeName
    /// The bundle's asset catalog colours (`Color("name")`, `Color.accentColor`), when it has a catalog.
    var catalog: (any CatalogColors)? = nil

    func rgba(_ color: ColorSpec) -> RGBA {
        switch color {
        case .rgba(let red, let green, let blue, let alpha):
            return RGBA(red: red, green: green, blue: blue, alpha: alpha)
        case .named(let name, let opacity):
            // The catalog's AccentColor set is the app's tint, as in Xcode's template.
            let accent = name == .accentColor ? catalog?.accentColor(colorScheme) : nil
            var resolved = accent ?? SystemColors.color(name, colorScheme)
            resolved.alpha *= opacity
            return resolved
        case .catalog(let name, let opacity):
            // A name the catalog lacks draws clear, as on iOS; the renderer reports it.
            var resolved = catalog?.color(named: name, colorScheme) ?? SystemColors.color(.clear, colorScheme)
            resolved.alpha *= opacity
            return resolved
        }
    }

    /// A fill over `frame`: a gradient's unit points become canvas points of that frame.
    func paint(_ style: FillStyle, in frame: Rect) -> Paint {
        func point(_ unit: UnitPointSpec) -> Point {
            Point(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height)
        }
        switch style {
        case .color(let color):
            return .color(rgba(color))
        case .linearGradient(let gradient):
            return .linearGradient(
                stops: gradient.stops.map { GradientStop(color: rgba($0.color), location: $0.location) },
                start: point(gradient.startPoint), end: point(gradient.endPoint)
            )
        case .colorGradient(let color):
            // The shade is made from the colour as resolved here, for this appearance.
            let bottom = rgba(color)
            let top = ColorGradientShades.top(red: bottom.red, green: bottom.green, blue: bottom.blue)
            return .linearGradient(
                stops: [GradientStop(color: RGBA(red: top.red, green: top.green, blue: top.blue, alpha: bottom.alpha), location: 0),
                        GradientStop(color: bottom, location: 1)],
                start: point(ColorGradientShades.startPoint), end: point(ColorGradientShades.endPoint)
            )
        }
    }

    /// The foreground in effect: the inherited style, or `.primary` when none was set.
    func foreground(_ style: FillStyle?, in frame: Rect) -> Paint {
        paint(style ?? .color(.named(.primary, opacity: 1)), in: frame)
    }

    /// One colour standing for a style, for what cannot take a gradient (redaction shapes).
    func representativeColor(_ style: FillStyle?) -> RGBA {
        switch style ?? .color(.named(.primary, opacity: 1)) {
        case .color(let color), .colorGradient(let color): return rgba(color)
        case .linearGradient(let gradient):
            return gradient.stops.first.map { rgba($0.color) } ?? SystemColors.color(.primary, colorScheme)
        }
    }

    /// Whether a fill draws nothing (`Color.clear`), so no command is worth emitting.
    func isInvisible(_ style: FillStyle) -> Bool {
        switch style {
        case .color(let color), .colorGradient(let color): return rgba(color).alpha <= 0
        case .linearGradient: return false
        }
    }
}
