import FoundationEssentials

/// `ViewTree.jsonValue`: the model written as `docs/view-tree.md` says, built as `JSONValue`
/// directly (no Codable), since the SDK writes one tree per entry.
///
/// Members at their default are left out (alignment center, padding 0, `total` 1, a colour's
/// opacity 1, an empty modifier list…), so one tree always gives one document. Whole numbers
/// below 2^53 are `.integer`, as `JSONReader` reads them back. Non-finite numbers cannot be
/// written (only a frame's `.infinity` has a spelling): they stay `.number` here and
/// `JSONWriter` refuses them.
enum ViewTreeEncoding {
    typealias Members = [String: JSONValue]

    static func tree(_ tree: ViewTree) -> JSONValue {
        var members: Members = ["version": .integer(Int64(tree.lowestVersion)), "root": node(tree.root)]
        if let dark = tree.dark { members["dark"] = node(dark) }
        if let accented = tree.accented { members["accented"] = node(accented) }
        if let vibrant = tree.vibrant { members["vibrant"] = node(vibrant) }
        if tree.contentMarginsDisabled { members["contentMarginsDisabled"] = .bool(true) }
        return .object(members)
    }

    static func node(_ node: ViewNode) -> JSONValue {
        var members = kind(node.kind)
        if !node.modifiers.isEmpty {
            members["modifiers"] = .array(node.modifiers.map(modifier))
        }
        return .object(members)
    }

    private static func kind(_ kind: ViewKind) -> Members {
        switch kind {
        case .empty:
            return ["type": .string("empty")]
        case .text(let content):
            return textContent(content, ["type": .string("text")])
        case .image(.asset(let name)):
            return ["type": .string("image"), "asset": .string(name)]
        case .image(.system(let name)):
            return ["type": .string("image"), "system": .string(name)]
        case .image(.appGroup(let group, let path)):
            return ["type": .string("image"), "appGroup": .string(group), "path": .string(path)]
        case .image(.data(let bytes)):
            return ["type": .string("image"), "data": .string(Data(bytes).base64EncodedString())]
        case .vStack(let alignment, let spacing, let children):
            var members: Members = ["type": .string("vstack"), "children": nodes(children)]
            if alignment != .center { members["alignment"] = .string(alignment.rawValue) }
            if let spacing { members["spacing"] = number(spacing) }
            return members
        case .hStack(let alignment, let spacing, let children):
            var members: Members = ["type": .string("hstack"), "children": nodes(children)]
            if alignment != .center { members["alignment"] = .string(alignment.rawValue) }
            if let spacing { members["spacing"] = number(spacing) }
            return members
        case .zStack(let alignment, let children):
            var members: Members = ["type": .string("zstack"), "children": nodes(children)]
            if alignment != .center { members["alignment"] = .string(alignment.rawValue) }
            return members
        case .spacer(let minLength):
            guard let minLength else { return ["type": .string("spacer")] }
            return ["type": .string("spacer"), "minLength": number(minLength)]
        case .divider:
            return ["type": .string("divider")]
        case .fill(let style):
            return ["type": .string("fill"), "style": fill(style)]
        case .shape(let shape, let fillStyle, let stroke):
            var members: Members = ["type": .string("shape"), "shape": self.shape(shape)]
            if let fillStyle { members["fill"] = fill(fillStyle) }
            if let stroke {
                var strokeMembers = self.strokeMembers(stroke)
                if let style = stroke.fill { strokeMembers["style"] = fill(style) }
                members["stroke"] = .object(strokeMembers)
            }
            return members
        case .progress(let value, let total, let label):
            var members: Members = ["type": .string("progress"), "value": number(value)]
            if total != 1 { members["total"] = number(total) }
            if let label { members["label"] = node(label) }
            return members
        case .gauge(let gauge):
            var members: Members = ["type": .string("gauge"), "value": number(gauge.value)]
            if gauge.minimum != 0 { members["min"] = number(gauge.minimum) }
            if gauge.maximum != 1 { members["max"] = number(gauge.maximum) }
            if gauge.style != .linearCapacity { members["style"] = .string(gauge.style.rawValue) }
            if let label = gauge.label { members["label"] = node(label) }
            if let label = gauge.currentValueLabel { members["currentValueLabel"] = node(label) }
            return members
        case .link(let url, let content):
            return ["type": .string("link"), "url": .string(url), "content": node(content)]
        case .button(let action, let label):
            return self.action(action, ["type": .string("button"), "label": node(label)])
        case .toggle(let isOn, let action, let label):
            return self.action(action, ["type": .string("toggle"), "isOn": .bool(isOn), "label": node(label)])
        case .grid(let alignment, let horizontalSpacing, let verticalSpacing, let rows):
            var members: Members = ["type": .string("grid"), "children": nodes(rows)]
            if alignment != .center { members["alignment"] = .string(alignment.rawValue) }
            if let horizontalSpacing { members["horizontalSpacing"] = number(horizontalSpacing) }
            if let verticalSpacing { members["verticalSpacing"] = number(verticalSpacing) }
            return members
        case .gridRow(let alignment, let cells):
            var members: Members = ["type": .string("gridRow"), "children": nodes(cells)]
            if let alignment { members["alignment"] = .string(alignment.rawValue) }
            return members
        case .viewThatFits(let axes, let children):
            var members: Members = ["type": .string("viewThatFits"), "children": nodes(children)]
            if axes != .both { members["in"] = .string(axes.rawValue) }
            return members
        case .canvas(let drawing):
            return canvasMembers(drawing)
        }
    }

    /// A STROKE's members but its `style`: `lineWidth`, and the others when not at their default.
    static func strokeMembers(_ stroke: StrokeStyleSpec) -> Members {
        var members: Members = ["lineWidth": number(stroke.lineWidth)]
        if stroke.lineCap != .butt { members["lineCap"] = .string(stroke.lineCap.rawValue) }
        if stroke.lineJoin != .miter { members["lineJoin"] = .string(stroke.lineJoin.rawValue) }
        if stroke.miterLimit != 10 { members["miterLimit"] = number(stroke.miterLimit) }
        if !stroke.dash.isEmpty { members["dash"] = .array(stroke.dash.map(number)) }
        if stroke.dashPhase != 0 { members["dashPhase"] = number(stroke.dashPhase) }
        return members
    }

    /// A control's `intent` and `parameters` (left out when there are none) beside `members`.
    private static func action(_ action: ControlAction, _ members: Members) -> Members {
        var members = members
        members["intent"] = .string(action.intent)
        if !action.parameters.isEmpty { members["parameters"] = .object(action.parameters) }
        return members
    }

    private static func nodes(_ nodes: [ViewNode]) -> JSONValue {
        .array(nodes.map(node))
    }

    /// Whole numbers as `.integer`, the way `JSONReader` reads their text back.
    static func number(_ value: Double) -> JSONValue {
        if value.magnitude < 0x1p53, value == value.rounded(.towardZero) { return .integer(Int64(value)) }
        return .number(value)
    }
}
