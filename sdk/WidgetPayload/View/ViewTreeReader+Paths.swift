/// The version 5 values of `docs/view-tree.md`: PATH data, a SHAPE `path` and a `canvas`.
extension ViewTreeReader {
    /// The PATH in member `key`: letters, each followed by its points' numbers.
    mutating func pathData(_ members: Members, _ key: String) throws(ViewTreeError) -> [PathElement] {
        guard let value = members[key] else { throw error(.missingMember(key)) }
        enter(key)
        defer { leave() }
        let values = try array(value)
        var elements: [PathElement] = []
        elements.reserveCapacity(min(values.count / 3, ViewTree.Limits.maxPathElements))
        var index = 0
        func point(at offset: Int) throws(ViewTreeError) -> PointSpec {
            PointSpec(x: try number(values[offset], .any, member: String(offset)),
                      y: try number(values[offset + 1], .any, member: String(offset + 1)))
        }
        while index < values.count {
            guard case .string(let letter) = values[index] else {
                throw error(.wrongType(expected: "a string", found: values[index].wireTypePhrase), member: String(index))
            }
            let numberCount = switch letter {
            case "m", "l": 2
            case "q": 4
            case "c": 6
            case "z": 0
            default: throw error(.unknownValue(letter, allowed: ["m", "l", "q", "c", "z"]), member: String(index))
            }
            guard index + numberCount < values.count else {
                throw error(.wrongCount(expected: numberCount, found: values.count - index - 1), member: String(index))
            }
            let first = index + 1
            let element: PathElement = switch letter {
            case "m": .move(to: try point(at: first))
            case "l": .line(to: try point(at: first))
            case "q": .quadCurve(to: try point(at: first + 2), control: try point(at: first))
            case "c": .curve(to: try point(at: first + 4), control1: try point(at: first), control2: try point(at: first + 2))
            default: .closeSubpath
            }
            try countPathElements(1)
            elements.append(element)
            index = first + numberCount
        }
        return elements
    }

    /// A SHAPE `path`'s members beside its `type`.
    mutating func pathShape(_ shape: Members) throws(ViewTreeError) -> PathShape {
        let elements = try pathData(shape, "path")
        var reference: SizeSpec?
        if shape["in"] != nil {
            let size = try numbers(shape, "in", count: 2, .nonNegative)
            reference = SizeSpec(width: size[0], height: size[1])
        }
        return PathShape(elements: elements, referenceSize: reference, evenOdd: try bool(shape, "evenOdd", default: false))
    }

    /// A `canvas` node's members.
    mutating func canvas(_ members: Members, depth: Int) throws(ViewTreeError) -> CanvasDrawing {
        let size = try numbers(members, "size", count: 2, .nonNegative)
        guard let list = members["operations"] else { throw error(.missingMember("operations")) }
        enter("operations")
        let elements = try array(list)
        var operations: [CanvasOperation] = []
        operations.reserveCapacity(min(elements.count, ViewTree.Limits.maxPathElements))
        for (index, element) in elements.enumerated() {
            enter(index)
            try countPathElements(1)
            operations.append(try operation(try object(element), depth: depth))
            leave()
        }
        leave()
        return CanvasDrawing(size: SizeSpec(width: size[0], height: size[1]), isOpaque: try bool(members, "opaque", default: false),
                             operations: operations)
    }

    private mutating func operation(_ members: Members, depth: Int) throws(ViewTreeError) -> CanvasOperation {
        let drawing: CanvasOperation.Drawing
        switch try variant(members, ["fill", "stroke", "view"]) {
        case "fill":
            drawing = .fill(try pathData(members, "fill"), try requiredShading(members), evenOdd: try bool(members, "evenOdd", default: false))
        case "stroke":
            drawing = .stroke(try pathData(members, "stroke"), try requiredShading(members), try strokeStyle(members))
        default:
            let view = try child(members, "view", depth: depth)
            if try variant(members, ["at", "in"]) == "at" {
                let point = try numbers(members, "at", count: 2, .any)
                let anchor = members["anchor"] == nil ? [0.5, 0.5] : try numbers(members, "anchor", count: 2, .any)
                drawing = .view(view, at: PointSpec(x: point[0], y: point[1]), anchor: UnitPointSpec(x: anchor[0], y: anchor[1]))
            } else {
                let rect = try numbers(members, "in", count: 4, .any)
                guard rect[2] >= 0, rect[3] >= 0 else {
                    throw error(.outOfRange(value: min(rect[2], rect[3]), range: "≥ 0"), member: "in")
                }
                drawing = .viewInRect(view, RectSpec(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
            }
        }
        var transform = AffineSpec.identity
        if members["transform"] != nil {
            let t = try numbers(members, "transform", count: 6, .any)
            transform = AffineSpec(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
        }
        var clips: [CanvasClip] = []
        if let list = members["clip"] {
            enter("clip")
            for (index, element) in try array(list).enumerated() {
                enter(index)
                let clip = try object(element)
                clips.append(CanvasClip(elements: try pathData(clip, "path"), evenOdd: try bool(clip, "evenOdd", default: false)))
                leave()
            }
            leave()
        }
        return CanvasOperation(drawing, transform: transform, opacity: try number(members, "opacity", .unit) ?? 1, clips: clips)
    }

    /// An operation's SHADING.
    private mutating func requiredShading(_ members: Members) throws(ViewTreeError) -> CanvasShading {
        guard let shading = try object(members, "shading") else { throw error(.missingMember("shading")) }
        enter("shading")
        defer { leave() }
        switch try variant(shading, ["color", "linearGradient", "radialGradient"]) {
        case "color":
            return .color(try color(shading, "color"))
        case "linearGradient":
            guard let gradient = try object(shading, "linearGradient") else { throw error(.missingMember("linearGradient")) }
            enter("linearGradient")
            defer { leave() }
            let start = try numbers(gradient, "start", count: 2, .any), end = try numbers(gradient, "end", count: 2, .any)
            return .linearGradient(stops: try gradientStops(gradient), start: PointSpec(x: start[0], y: start[1]),
                                   end: PointSpec(x: end[0], y: end[1]))
        default:
            guard let gradient = try object(shading, "radialGradient") else { throw error(.missingMember("radialGradient")) }
            enter("radialGradient")
            defer { leave() }
            let center = try numbers(gradient, "center", count: 2, .any)
            return .radialGradient(stops: try gradientStops(gradient), center: PointSpec(x: center[0], y: center[1]),
                                   startRadius: try requiredNumber(gradient, "startRadius", .nonNegative),
                                   endRadius: try requiredNumber(gradient, "endRadius", .nonNegative))
        }
    }
}
