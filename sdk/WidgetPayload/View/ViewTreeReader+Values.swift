/// The values of `docs/view-tree.md`: FILL, COLOR, SHAPE and FONT.
extension ViewTreeReader {
    /// The FILL in member `key`, if there is one.
    mutating func fill(_ members: Members, _ key: String) throws(ViewTreeError) -> FillStyle? {
        guard let fill = try object(members, key) else { return nil }
        enter(key)
        defer { leave() }
        switch try variant(fill, ["color", "linearGradient", "colorGradient"]) {
        case "color":
            return .color(try color(fill, "color"))
        case "colorGradient":
            return .colorGradient(try color(fill, "colorGradient"))
        default:
            return .linearGradient(try linearGradient(fill))
        }
    }

    mutating func requiredFill(_ members: Members, _ key: String) throws(ViewTreeError) -> FillStyle {
        guard let fill = try fill(members, key) else { throw error(.missingMember(key)) }
        return fill
    }

    /// The COLOR in member `key`.
    mutating func color(_ members: Members, _ key: String) throws(ViewTreeError) -> ColorSpec {
        guard let color = try object(members, key) else { throw error(.missingMember(key)) }
        enter(key)
        defer { leave() }
        switch try variant(color, ["rgba", "named", "catalog"]) {
        case "rgba":
            let components = try numbers(color, "rgba", count: 4, .unit)
            return .rgba(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case "catalog":
            let name = try requiredString(color, "catalog", nonEmpty: true)
            return .catalog(name, opacity: try number(color, "opacity", .unit) ?? 1)
        default:
            let name: NamedColor = try name(color, "named", default: nil)
            return .named(name, opacity: try number(color, "opacity", .unit) ?? 1)
        }
    }

    private mutating func linearGradient(_ fill: Members) throws(ViewTreeError) -> LinearGradientSpec {
        guard let gradient = try object(fill, "linearGradient") else { throw error(.missingMember("linearGradient")) }
        enter("linearGradient")
        defer { leave() }
        let stops = try gradientStops(gradient)
        let start = try numbers(gradient, "startPoint", count: 2, .any)
        let end = try numbers(gradient, "endPoint", count: 2, .any)
        return LinearGradientSpec(
            stops: stops,
            startPoint: UnitPointSpec(x: start[0], y: start[1]),
            endPoint: UnitPointSpec(x: end[0], y: end[1])
        )
    }

    /// A gradient's `stops`, each a COLOR at a location 0…1.
    mutating func gradientStops(_ gradient: Members) throws(ViewTreeError) -> [GradientStopSpec] {
        guard let stopList = gradient["stops"] else { throw error(.missingMember("stops")) }
        enter("stops")
        defer { leave() }
        var stops: [GradientStopSpec] = []
        let elements = try array(stopList)
        stops.reserveCapacity(min(elements.count, 32))
        for (index, element) in elements.enumerated() {
            enter(index)
            let stop = try object(element)
            let color = try self.color(stop, "color")
            stops.append(GradientStopSpec(color: color, location: try requiredNumber(stop, "location", .unit)))
            leave()
        }
        return stops
    }

    /// The SHAPE whose members are `shape`, at the current path.
    mutating func shape(_ shape: Members) throws(ViewTreeError) -> ShapeName {
        let base: ShapeName
        switch try type(shape, allowed: ViewWireNames.shapeTypes) {
        case "rectangle": base = .rectangle
        case "roundedRectangle": base = .roundedRectangle(cornerRadius: try requiredNumber(shape, "cornerRadius", .nonNegative))
        case "circle": base = .circle
        case "ellipse": base = .ellipse
        case "containerRelative": base = .containerRelative
        case "path": base = .path(try pathShape(shape))
        default: base = .capsule
        }
        guard shape["trim"] != nil else { return base }
        // [from, to], fractions of the outline's length; from ≥ to draws nothing, as in SwiftUI.
        let trim = try numbers(shape, "trim", count: 2, .unit)
        return .trimmed(base, from: trim[0], to: trim[1])
    }

    /// The FONT whose members are `font`, at the current path.
    func font(_ font: Members) throws(ViewTreeError) -> FontSpec {
        try baseFont(font).adding(try fontTraits(font))
    }

    private func baseFont(_ font: Members) throws(ViewTreeError) -> FontSpec {
        // `size` goes with `custom` too: it selects a system font only on its own.
        let selectors = ["textStyle", "size", "custom"]
        let found = selectors.filter { font[$0] != nil }
        if found.isEmpty || (found.contains("textStyle") && found.count > 1) {
            throw error(.exactlyOneOf(selectors, found: found))
        }
        if font["textStyle"] != nil {
            return .textStyle(
                try name(font, "textStyle", default: nil),
                weight: try optionalName(font, "weight"),
                design: try optionalName(font, "design")
            )
        }
        let size = try requiredNumber(font, "size", .nonNegative)
        if font["custom"] != nil {
            return .custom(name: try requiredString(font, "custom", nonEmpty: true), size: size)
        }
        return .system(size: size, weight: try optionalName(font, "weight"), design: try optionalName(font, "design"))
    }

    private func optionalName<Name: RawRepresentable & CaseIterable>(
        _ members: Members, _ key: String
    ) throws(ViewTreeError) -> Name? where Name.RawValue == String {
        guard members[key] != nil else { return nil }
        return try name(members, key, default: nil) as Name
    }
}
