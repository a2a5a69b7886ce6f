/// The modifiers of `docs/view-tree.md`.
extension ViewTreeReader {
    /// The modifier `value` at the current path, on a node at `depth`: the nodes it holds
    /// (`background`, `overlay`, `mask`, `containerBackground`) are one level below.
    mutating func modifier(_ value: JSONValue, depth: Int) throws(ViewTreeError) -> ViewModifierNode {
        let members = try object(value)
        switch try type(members, allowed: ViewWireNames.modifierTypes) {
        case "font":
            guard let font = try object(members, "font") else { throw error(.missingMember("font")) }
            enter("font")
            defer { leave() }
            return .font(try self.font(font))
        case "fontWeight":
            return .fontWeight(try name(members, "weight", default: nil))
        case "foregroundStyle":
            return .foregroundStyle(try requiredFill(members, "style"))
        case "padding":
            return .padding(EdgeInsetsSpec(
                top: try number(members, "top", .nonNegative) ?? 0,
                leading: try number(members, "leading", .nonNegative) ?? 0,
                bottom: try number(members, "bottom", .nonNegative) ?? 0,
                trailing: try number(members, "trailing", .nonNegative) ?? 0
            ))
        case "frame":
            return .frame(FrameSpec(
                width: try frameLength(members, "width"),
                height: try frameLength(members, "height"),
                minWidth: try frameLength(members, "minWidth"),
                idealWidth: try frameLength(members, "idealWidth"),
                maxWidth: try frameLength(members, "maxWidth"),
                minHeight: try frameLength(members, "minHeight"),
                idealHeight: try frameLength(members, "idealHeight"),
                maxHeight: try frameLength(members, "maxHeight"),
                alignment: try name(members, "alignment", default: .center)
            ))
        case "fixedSize":
            return .fixedSize(
                horizontal: try bool(members, "horizontal", default: true),
                vertical: try bool(members, "vertical", default: true)
            )
        case "layoutPriority":
            return .layoutPriority(try requiredNumber(members, "value", .any))
        case "background":
            let content = try child(members, "content", depth: depth)
            return .background(content, alignment: try name(members, "alignment", default: .center))
        case "overlay":
            let content = try child(members, "content", depth: depth)
            return .overlay(content, alignment: try name(members, "alignment", default: .center))
        case "mask":
            let content = try child(members, "content", depth: depth)
            return .mask(content, alignment: try name(members, "alignment", default: .center))
        case "clipShape":
            guard let shape = try object(members, "shape") else { throw error(.missingMember("shape")) }
            enter("shape")
            defer { leave() }
            return .clipShape(try self.shape(shape))
        case "opacity":
            return .opacity(try requiredNumber(members, "value", .unit))
        case "lineLimit":
            guard let lines = members["lines"] else { throw error(.missingMember("lines")) }
            if case .null = lines { return .lineLimit(nil) }
            return .lineLimit(try integer(lines, in: 1...Int.max, member: "lines", expected: "an integer or null"))
        case "multilineTextAlignment":
            return .multilineTextAlignment(try name(members, "alignment", default: nil))
        case "minimumScaleFactor":
            return .minimumScaleFactor(try requiredNumber(members, "factor", .unit))
        case "truncationMode":
            return .truncationMode(try name(members, "mode", default: nil))
        case "resizable":
            return .resizable
        case "aspectRatio":
            let ratio = try number(members, "ratio", .positive)
            return .aspectRatio(ratio, contentMode: try name(members, "contentMode", default: nil))
        case "containerBackground":
            return .containerBackground(try child(members, "content", depth: depth))
        case "widgetURL":
            return .widgetURL(try requiredString(members, "url", nonEmpty: true))
        case "redacted":
            return .redacted(try redactionReasons(members))
        case "unredacted":
            return .unredacted
        case "widgetAccentable":
            return .widgetAccentable
        case "privacySensitive":
            return .privacySensitive
        case "rotationEffect":
            let degrees = try requiredNumber(members, "degrees", .any)
            guard members["anchor"] != nil else { return .rotationEffect(degrees: degrees, anchor: UnitPointSpec(x: 0.5, y: 0.5)) }
            let anchor = try numbers(members, "anchor", count: 2, .any)
            return .rotationEffect(degrees: degrees, anchor: UnitPointSpec(x: anchor[0], y: anchor[1]))
        case "offset":
            return .offset(x: try number(members, "x", .any) ?? 0, y: try number(members, "y", .any) ?? 0)
        case "scaleEffect":
            let anchor = members["anchor"] == nil ? [0.5, 0.5] : try numbers(members, "anchor", count: 2, .any)
            return .scaleEffect(
                x: try number(members, "x", .any) ?? 1, y: try number(members, "y", .any) ?? 1,
                anchor: UnitPointSpec(x: anchor[0], y: anchor[1]))
        case "shadow":
            return .shadow(
                color: try color(members, "color"), radius: try number(members, "radius", .nonNegative) ?? 0,
                x: try number(members, "x", .any) ?? 0, y: try number(members, "y", .any) ?? 0)
        case "blur":
            return .blur(radius: try requiredNumber(members, "radius", .nonNegative))
        case "tint":
            return .tint(try requiredFill(members, "style"))
        case "buttonStyle":
            return .buttonStyle(try name(members, "style", default: nil))
        case let type where ViewWireNames.textStyleModifierTypes.contains(type):
            return try textStyle(type, members)
        case let type where ViewWireNames.symbolModifierTypes.contains(type):
            return try symbolStyle(type, members)
        case "fontDesign":
            return .fontDesign(try name(members, "design", default: nil))
        case "lineSpacing":
            return .lineSpacing(try requiredNumber(members, "value", .nonNegative))
        case "imageRenderingMode":
            return .imageRenderingMode(try name(members, "mode", default: nil))
        default: // "invalidatableContent": `type` checked it is one of the modifier types.
            return .invalidatableContent
        }
    }

    /// `redacted`'s `reasons`: a non-empty list of names; placeholder when left out.
    private mutating func redactionReasons(_ members: Members) throws(ViewTreeError) -> RedactionReasonNames {
        guard let list = members["reasons"] else { return .placeholder }
        enter("reasons")
        defer { leave() }
        let elements = try array(list)
        guard !elements.isEmpty else { throw error(.emptyList) }
        var reasons: RedactionReasonNames = []
        let allowed = RedactionReasonNames.named.map(\.name)
        for (index, element) in elements.enumerated() {
            guard case .string(let name) = element else {
                throw error(.wrongType(expected: "a string", found: element.wireTypePhrase), member: String(index))
            }
            guard let reason = RedactionReasonNames.named.first(where: { $0.name == name })?.reason else {
                throw error(.unknownValue(name, allowed: allowed), member: String(index))
            }
            reasons.insert(reason)
        }
        return reasons
    }
}
