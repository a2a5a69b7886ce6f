/// Modifiers and values (FILL, COLOR, SHAPE, FONT) as `docs/view-tree.md` writes them.
extension ViewTreeEncoding {
    static func modifier(_ modifier: ViewModifierNode) -> JSONValue {
        let members: Members
        switch modifier {
        case .font(let spec):
            members = ["type": .string("font"), "font": font(spec)]
        case .fontWeight(let weight):
            members = ["type": .string("fontWeight"), "weight": .string(weight.rawValue)]
        case .foregroundStyle(let style):
            members = ["type": .string("foregroundStyle"), "style": fill(style)]
        case .padding(let insets):
            var padding: Members = ["type": .string("padding")]
            if insets.top != 0 { padding["top"] = number(insets.top) }
            if insets.leading != 0 { padding["leading"] = number(insets.leading) }
            if insets.bottom != 0 { padding["bottom"] = number(insets.bottom) }
            if insets.trailing != 0 { padding["trailing"] = number(insets.trailing) }
            members = padding
        case .frame(let spec):
            members = frame(spec)
        case .fixedSize(let horizontal, let vertical):
            var fixed: Members = ["type": .string("fixedSize")]
            if !horizontal { fixed["horizontal"] = .bool(false) }
            if !vertical { fixed["vertical"] = .bool(false) }
            members = fixed
        case .layoutPriority(let value):
            members = ["type": .string("layoutPriority"), "value": number(value)]
        case .background(let content, let alignment):
            members = layered("background", content, alignment)
        case .overlay(let content, let alignment):
            members = layered("overlay", content, alignment)
        case .mask(let content, let alignment):
            members = layered("mask", content, alignment)
        case .clipShape(let clip):
            members = ["type": .string("clipShape"), "shape": shape(clip)]
        case .opacity(let value):
            members = ["type": .string("opacity"), "value": number(value)]
        case .lineLimit(let lines):
            members = ["type": .string("lineLimit"), "lines": lines.map { .integer(Int64($0)) } ?? .null]
        case .multilineTextAlignment(let alignment):
            members = ["type": .string("multilineTextAlignment"), "alignment": .string(alignment.rawValue)]
        case .minimumScaleFactor(let factor):
            members = ["type": .string("minimumScaleFactor"), "factor": number(factor)]
        case .truncationMode(let mode):
            members = ["type": .string("truncationMode"), "mode": .string(mode.rawValue)]
        case .resizable:
            members = ["type": .string("resizable")]
        case .aspectRatio(let ratio, let contentMode):
            var aspect: Members = ["type": .string("aspectRatio"), "contentMode": .string(contentMode.rawValue)]
            if let ratio { aspect["ratio"] = number(ratio) }
            members = aspect
        case .containerBackground(let content):
            members = ["type": .string("containerBackground"), "content": node(content)]
        case .widgetURL(let url):
            members = ["type": .string("widgetURL"), "url": .string(url)]
        case .redacted(let reasons):
            var redacted: Members = ["type": .string("redacted")]
            if reasons != .placeholder { redacted["reasons"] = .array(reasons.names.map { .string($0) }) }
            members = redacted
        case .unredacted:
            members = ["type": .string("unredacted")]
        case .widgetAccentable:
            members = ["type": .string("widgetAccentable")]
        case .privacySensitive:
            members = ["type": .string("privacySensitive")]
        case .invalidatableContent:
            members = ["type": .string("invalidatableContent")]
        case .rotationEffect(let degrees, let anchor):
            var rotation: Members = ["type": .string("rotationEffect"), "degrees": number(degrees)]
            if anchor != UnitPointSpec(x: 0.5, y: 0.5) { rotation["anchor"] = .array([number(anchor.x), number(anchor.y)]) }
            members = rotation
        case .offset(let x, let y):
            members = ["type": .string("offset"), "x": number(x), "y": number(y)]
        case .scaleEffect(let x, let y, let anchor):
            var scale: Members = ["type": .string("scaleEffect"), "x": number(x), "y": number(y)]
            if anchor != UnitPointSpec(x: 0.5, y: 0.5) { scale["anchor"] = .array([number(anchor.x), number(anchor.y)]) }
            members = scale
        case .shadow(let color, let radius, let x, let y):
            members = ["type": .string("shadow"), "color": self.color(color), "radius": number(radius), "x": number(x), "y": number(y)]
        case .blur(let radius):
            members = ["type": .string("blur"), "radius": number(radius)]
        case .tint(let style):
            members = ["type": .string("tint"), "style": fill(style)]
        case .buttonStyle(let style):
            members = ["type": .string("buttonStyle"), "style": .string(style.rawValue)]
        case .italic, .monospacedDigit, .monospaced, .fontWidth, .kerning, .tracking, .baselineOffset,
             .underline, .strikethrough, .textCase:
            members = textStyle(modifier)
        case .symbolRenderingMode, .symbolVariant, .imageScale, .secondaryForegroundStyles, .symbolVariableValue:
            members = symbolStyle(modifier)
        case .fontDesign(let design):
            members = ["type": .string("fontDesign"), "design": .string(design.rawValue)]
        case .lineSpacing(let points):
            members = ["type": .string("lineSpacing"), "value": number(points)]
        case .imageRenderingMode(let mode):
            members = ["type": .string("imageRenderingMode"), "mode": .string(mode.rawValue)]
        }
        return .object(members)
    }

    private static func layered(_ type: String, _ content: ViewNode, _ alignment: AlignmentName) -> Members {
        var members: Members = ["type": .string(type), "content": node(content)]
        if alignment != .center { members["alignment"] = .string(alignment.rawValue) }
        return members
    }

    private static func frame(_ spec: FrameSpec) -> Members {
        var members: Members = ["type": .string("frame")]
        func set(_ key: String, _ length: Double?) {
            guard let length else { return }
            members[key] = length == .infinity ? .string(ViewWireNames.infinity) : number(length)
        }
        set("width", spec.width)
        set("height", spec.height)
        set("minWidth", spec.minWidth)
        set("idealWidth", spec.idealWidth)
        set("maxWidth", spec.maxWidth)
        set("minHeight", spec.minHeight)
        set("idealHeight", spec.idealHeight)
        set("maxHeight", spec.maxHeight)
        if spec.alignment != .center { members["alignment"] = .string(spec.alignment.rawValue) }
        return members
    }

    static func fill(_ style: FillStyle) -> JSONValue {
        switch style {
        case .color(let spec):
            return .object(["color": color(spec)])
        case .linearGradient(let gradient):
            let stops = gradient.stops.map { stop -> JSONValue in
                .object(["color": color(stop.color), "location": number(stop.location)])
            }
            return .object(["linearGradient": .object([
                "stops": .array(stops),
                "startPoint": .array([number(gradient.startPoint.x), number(gradient.startPoint.y)]),
                "endPoint": .array([number(gradient.endPoint.x), number(gradient.endPoint.y)]),
            ])])
        case .colorGradient(let spec):
            return .object(["colorGradient": color(spec)])
        }
    }

    static func color(_ spec: ColorSpec) -> JSONValue {
        switch spec {
        case .rgba(let red, let green, let blue, let alpha):
            return .object(["rgba": .array([number(red), number(green), number(blue), number(alpha)])])
        case .named(let name, let opacity):
            guard opacity != 1 else { return .object(["named": .string(name.rawValue)]) }
            return .object(["named": .string(name.rawValue), "opacity": number(opacity)])
        case .catalog(let name, let opacity):
            guard opacity != 1 else { return .object(["catalog": .string(name)]) }
            return .object(["catalog": .string(name), "opacity": number(opacity)])
        }
    }

    static func shape(_ shape: ShapeName) -> JSONValue {
        .object(shapeMembers(shape))
    }

    private static func shapeMembers(_ shape: ShapeName) -> Members {
        switch shape {
        case .rectangle: return ["type": .string("rectangle")]
        case .roundedRectangle(let radius): return ["type": .string("roundedRectangle"), "cornerRadius": number(radius)]
        case .circle: return ["type": .string("circle")]
        case .ellipse: return ["type": .string("ellipse")]
        case .capsule: return ["type": .string("capsule")]
        case .containerRelative: return ["type": .string("containerRelative")]
        case .path(let path): return pathShapeMembers(path)
        case .trimmed(let base, let from, let to):
            // The wire has one trim: a trim of a trim (a model built by hand) is folded into one.
            if case .trimmed = base { return shapeMembers(base.trimmed(from: from, to: to)) }
            var members = shapeMembers(base)
            members["trim"] = .array([number(from), number(to)])
            return members
        }
    }

    static func font(_ spec: FontSpec) -> JSONValue {
        var members: Members
        switch spec {
        case .textStyle(let style, let weight, let design):
            members = ["textStyle": .string(style.rawValue)]
            if let weight { members["weight"] = .string(weight.rawValue) }
            if let design { members["design"] = .string(design.rawValue) }
        case .system(let size, let weight, let design):
            members = ["size": number(size)]
            if let weight { members["weight"] = .string(weight.rawValue) }
            if let design { members["design"] = .string(design.rawValue) }
        case .custom(let name, let size):
            members = ["custom": .string(name), "size": number(size)]
        case .modified:
            let (base, traits) = spec.withoutTraits
            guard case .object(let baseMembers) = font(base) else { return font(base) }
            members = baseMembers.merging(self.traits(traits)) { $1 }
        }
        return .object(members)
    }
}
