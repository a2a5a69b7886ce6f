/// The `type` names of `docs/view-tree.md`: one list for the encoder, the decoder and the
/// errors that name what is allowed.
enum ViewWireNames {
    static let nodeTypes = [
        "empty", "text", "image", "vstack", "hstack", "zstack", "spacer", "divider", "fill", "shape",
        "progress", "gauge", "link", "button", "toggle", "viewThatFits", "grid", "gridRow",
        "canvas",
    ]

    static let modifierTypes = [
        "font", "fontWeight", "foregroundStyle", "padding", "frame", "fixedSize", "layoutPriority",
        "background", "overlay", "mask", "clipShape", "opacity", "lineLimit", "multilineTextAlignment",
        "minimumScaleFactor", "resizable", "aspectRatio", "containerBackground", "widgetURL", "redacted",
        "privacySensitive", "invalidatableContent", "rotationEffect", "unredacted", "widgetAccentable",
        "offset", "scaleEffect", "shadow", "blur", "tint", "buttonStyle", "truncationMode",
    ] + textStyleModifierTypes + symbolModifierTypes + textLayoutModifierTypes + ["imageRenderingMode"]

    /// The text layout modifiers (version 8).
    static let textLayoutModifierTypes = ["fontDesign", "lineSpacing"]

    /// The symbol modifiers (version 7).
    static let symbolModifierTypes = [
        "symbolRenderingMode", "symbolVariant", "imageScale", "secondaryForegroundStyles", "symbolVariableValue",
    ]

    /// The text-style modifiers (version 4).
    static let textStyleModifierTypes = [
        "italic", "monospacedDigit", "monospaced", "fontWidth", "kerning", "tracking", "baselineOffset",
        "underline", "strikethrough", "textCase",
    ]

    /// What may style one run of a text (`ViewModifierNode.isTextRunModifier`).
    static let textRunModifierTypes = ["font", "fontWeight", "foregroundStyle"] + textStyleModifierTypes.filter { $0 != "textCase" } + ["fontDesign"]

    static let shapeTypes = ["rectangle", "roundedRectangle", "circle", "ellipse", "capsule", "containerRelative", "path"]

    /// A frame member's spelling of `.infinity`.
    static let infinity = "infinity"
}

extension JSONValue {
    /// The value's JSON type as error messages name it.
    var wireTypePhrase: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
