import FoundationEssentials

/// The node types of `docs/view-tree.md`.
extension ViewTreeReader {
    mutating func kind(_ members: Members, depth: Int) throws(ViewTreeError) -> ViewKind {
        switch try type(members, allowed: ViewWireNames.nodeTypes) {
        case "empty":
            return .empty
        case "text":
            return .text(try textContent(members, allowingRuns: true))
        case "image":
            return .image(try imageSource(members))
        case "vstack":
            let alignment: HorizontalAlignmentName = try name(members, "alignment", default: .center)
            let spacing = try number(members, "spacing", .nonNegative)
            return .vStack(alignment: alignment, spacing: spacing, children: try children(members, depth: depth))
        case "hstack":
            let alignment: VerticalAlignmentName = try name(members, "alignment", default: .center)
            let spacing = try number(members, "spacing", .nonNegative)
            return .hStack(alignment: alignment, spacing: spacing, children: try children(members, depth: depth))
        case "zstack":
            let alignment: AlignmentName = try name(members, "alignment", default: .center)
            return .zStack(alignment: alignment, children: try children(members, depth: depth))
        case "spacer":
            return .spacer(minLength: try number(members, "minLength", .nonNegative))
        case "divider":
            return .divider
        case "fill":
            return .fill(try requiredFill(members, "style"))
        case "shape":
            return try shapeNode(members)
        case "progress":
            let value = try requiredNumber(members, "value", .any)
            let total = try number(members, "total", .positive) ?? 1
            return .progress(value: value, total: total, label: try optionalChild(members, "label", depth: depth))
        case "gauge":
            return .gauge(try gauge(members, depth: depth))
        case "grid":
            let alignment: AlignmentName = try name(members, "alignment", default: .center)
            return .grid(
                alignment: alignment, horizontalSpacing: try number(members, "horizontalSpacing", .nonNegative),
                verticalSpacing: try number(members, "verticalSpacing", .nonNegative), rows: try children(members, depth: depth))
        case "gridRow":
            let alignment: VerticalAlignmentName? = members["alignment"] == nil ? nil : try name(members, "alignment", default: nil)
            return .gridRow(alignment: alignment, cells: try children(members, depth: depth))
        case "viewThatFits":
            return .viewThatFits(axes: try name(members, "in", default: .both), children: try children(members, depth: depth))
        case "canvas":
            return .canvas(try canvas(members, depth: depth))
        case "link":
            let url = try requiredString(members, "url", nonEmpty: true)
            return .link(url: url, content: try child(members, "content", depth: depth))
        case "button":
            return .button(action: try controlAction(members), label: try child(members, "label", depth: depth))
        default: // "toggle": `type` checked it is one of the node types.
            let isOn = try bool(members, "isOn", default: false)
            return .toggle(isOn: isOn, action: try controlAction(members), label: try child(members, "label", depth: depth))
        }
    }

    /// A control's `intent` (a name) and `parameters` (an object of any values; the host checks
    /// them against the intent's declared schema when the control is clicked).
    private func controlAction(_ members: Members) throws(ViewTreeError) -> ControlAction {
        let intent = try requiredString(members, "intent", nonEmpty: true)
        return ControlAction(intent: intent, parameters: try object(members, "parameters") ?? [:])
    }

    private func imageSource(_ members: Members) throws(ViewTreeError) -> ImageSource {
        switch try variant(members, ["asset", "system", "appGroup", "data"]) {
        case "asset":
            return .asset(try requiredString(members, "asset", nonEmpty: true))
        case "system":
            return .system(try requiredString(members, "system", nonEmpty: true))
        case "data":
            let base64 = try requiredString(members, "data", nonEmpty: true)
            // Checked on the text first, so a huge string is refused before it is decoded.
            let limit = ViewTree.Limits.maxInlineImageBytes
            guard base64.utf8.count / 4 * 3 <= limit + 2 else {
                throw error(.inlineImageTooLarge(bytes: base64.utf8.count / 4 * 3, limit: limit), member: "data")
            }
            guard let bytes = Data(base64Encoded: base64) else { throw error(.notBase64, member: "data") }
            guard bytes.count <= limit else { throw error(.inlineImageTooLarge(bytes: bytes.count, limit: limit), member: "data") }
            return .data(Array(bytes))
        default:
            let group = try requiredString(members, "appGroup", nonEmpty: true)
            return .appGroup(group: group, path: try requiredString(members, "path", nonEmpty: true))
        }
    }

    private mutating func shapeNode(_ members: Members) throws(ViewTreeError) -> ViewKind {
        guard let shapeMembers = try object(members, "shape") else { throw error(.missingMember("shape")) }
        enter("shape")
        let shape = try self.shape(shapeMembers)
        leave()
        let fill = try self.fill(members, "fill")
        var stroke: StrokeStyleSpec?
        if let strokeMembers = try object(members, "stroke") {
            enter("stroke")
            stroke = try strokeStyle(strokeMembers)
            leave()
        }
        return .shape(shape, fill: fill, stroke: stroke)
    }

    /// A `stroke` object, at the current path: the members beyond `lineWidth` are version 3.
    mutating func strokeStyle(_ members: Members) throws(ViewTreeError) -> StrokeStyleSpec {
        var dash: [Double] = []
        if let list = members["dash"] {
            enter("dash")
            let elements = try array(list)
            dash.reserveCapacity(min(elements.count, 32))
            for (index, element) in elements.enumerated() {
                dash.append(try number(element, .nonNegative, member: String(index)))
            }
            leave()
        }
        return StrokeStyleSpec(
            fill: try fill(members, "style"),
            lineWidth: try requiredNumber(members, "lineWidth", .nonNegative),
            lineCap: try name(members, "lineCap", default: .butt),
            lineJoin: try name(members, "lineJoin", default: .miter),
            miterLimit: try number(members, "miterLimit", .nonNegative) ?? 10,
            dash: dash,
            dashPhase: try number(members, "dashPhase", .any) ?? 0
        )
    }

    private mutating func gauge(_ members: Members, depth: Int) throws(ViewTreeError) -> GaugeSpec {
        GaugeSpec(
            value: try requiredNumber(members, "value", .any),
            minimum: try number(members, "min", .any) ?? 0,
            maximum: try number(members, "max", .any) ?? 1,
            style: try name(members, "style", default: .linearCapacity),
            label: try optionalChild(members, "label", depth: depth),
            currentValueLabel: try optionalChild(members, "currentValueLabel", depth: depth)
        )
    }
}
