/// The version 5 values of `docs/view-tree.md`: a SHAPE `path`'s data and a `canvas`'s
/// operations, written compactly (a path is one flat array, SVG's letters then numbers).
extension ViewTreeEncoding {
    /// PATH: `["m", X, Y, "l", X, Y, "q", CX, CY, X, Y, "c", C1X, C1Y, C2X, C2Y, X, Y, "z"]`.
    static func pathData(_ elements: [PathElement]) -> JSONValue {
        var values: [JSONValue] = []
        values.reserveCapacity(elements.count * 3)
        for element in elements {
            values.append(.string(element.wireLetter))
            for point in element.points {
                values.append(number(point.x))
                values.append(number(point.y))
            }
        }
        return .array(values)
    }

    static func pathShapeMembers(_ path: PathShape) -> Members {
        var members: Members = ["type": .string("path"), "path": pathData(path.elements)]
        if let size = path.referenceSize { members["in"] = .array([number(size.width), number(size.height)]) }
        if path.evenOdd { members["evenOdd"] = .bool(true) }
        return members
    }

    static func canvasMembers(_ drawing: CanvasDrawing) -> Members {
        var members: Members = [
            "type": .string("canvas"),
            "size": .array([number(drawing.size.width), number(drawing.size.height)]),
            "operations": .array(drawing.operations.map(operation)),
        ]
        if drawing.isOpaque { members["opaque"] = .bool(true) }
        return members
    }

    private static func operation(_ operation: CanvasOperation) -> JSONValue {
        var members: Members
        switch operation.drawing {
        case .fill(let elements, let shading, let evenOdd):
            members = ["fill": pathData(elements), "shading": self.shading(shading)]
            if evenOdd { members["evenOdd"] = .bool(true) }
        case .stroke(let elements, let shading, let stroke):
            members = strokeMembers(stroke)
            members["stroke"] = pathData(elements)
            members["shading"] = self.shading(shading)
        case .view(let view, let point, let anchor):
            members = ["view": node(view), "at": .array([number(point.x), number(point.y)])]
            if anchor != UnitPointSpec(x: 0.5, y: 0.5) { members["anchor"] = .array([number(anchor.x), number(anchor.y)]) }
        case .viewInRect(let view, let rect):
            members = ["view": node(view), "in": .array([rect.x, rect.y, rect.width, rect.height].map(number))]
        }
        if !operation.transform.isIdentity {
            let t = operation.transform
            members["transform"] = .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map(number))
        }
        if operation.opacity != 1 { members["opacity"] = number(operation.opacity) }
        if !operation.clips.isEmpty {
            members["clip"] = .array(operation.clips.map { clip in
                var clipMembers: Members = ["path": pathData(clip.elements)]
                if clip.evenOdd { clipMembers["evenOdd"] = .bool(true) }
                return .object(clipMembers)
            })
        }
        return .object(members)
    }

    static func shading(_ shading: CanvasShading) -> JSONValue {
        func point(_ point: PointSpec) -> JSONValue { .array([number(point.x), number(point.y)]) }
        func stops(_ stops: [GradientStopSpec]) -> JSONValue {
            .array(stops.map { .object(["color": color($0.color), "location": number($0.location)]) })
        }
        switch shading {
        case .color(let spec):
            return .object(["color": color(spec)])
        case .linearGradient(let gradientStops, let start, let end):
            return .object(["linearGradient": .object(["stops": stops(gradientStops), "start": point(start), "end": point(end)])])
        case .radialGradient(let gradientStops, let center, let startRadius, let endRadius):
            return .object(["radialGradient": .object([
                "stops": stops(gradientStops), "center": point(center),
                "startRadius": number(startRadius), "endRadius": number(endRadius),
            ])])
        }
    }
}

extension PathElement {
    /// The element's letter in a PATH.
    var wireLetter: String {
        switch self {
        case .move: "m"
        case .line: "l"
        case .quadCurve: "q"
        case .curve: "c"
        case .closeSubpath: "z"
        }
    }
}
