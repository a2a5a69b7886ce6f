/// The version a tree is written as: the lowest whose vocabulary holds it, so a widget that uses
/// nothing new still draws on a host that predates it. Every feature that raises the version is
/// a `WireFeature`, found in one walk of the tree; a new one is a case here and a line in `features`.
extension ViewTree {
    public var lowestVersion: Int {
        features.map(\.version).max() ?? 1
    }

    /// The features beyond version 1 that the tree uses, in every appearance and mode.
    public var features: Set<WireFeature> {
        var found = Set<WireFeature>()
        if accented != nil || vibrant != nil { found.insert(.renderingModes) }
        var pending = roots
        while let node = pending.popLast() {
            node.collectFeatures(into: &found)
            pending += node.kind.children
            for modifier in node.modifiers {
                switch modifier {
                case .background(let content, _), .overlay(let content, _), .mask(let content, _), .containerBackground(let content):
                    pending.append(content)
                default: break
                }
            }
        }
        return found
    }
}

/// What a tree may use beyond version 1, and the version that brought it.
public enum WireFeature: Sendable, Hashable, CaseIterable {
    /// `button`, `toggle` and `invalidatableContent`.
    case controls
    /// A COLOR `{"catalog": NAME}`: a colour set of the bundle's asset catalog.
    case catalogColor
    /// An `image` with `"data"`: its bytes in the tree (`Image(uiImage:)`).
    case inlineImage
    /// A stroke's `lineCap`, `lineJoin`, `miterLimit`, `dash` or `dashPhase`.
    case strokeStyle
    /// A SHAPE with `"trim"`.
    case trim
    /// The `rotationEffect` modifier.
    case rotationEffect
    /// The roots `accented` and `vibrant`, and the `widgetAccentable` modifier.
    case renderingModes
    /// The `unredacted` modifier, and `redacted` with `reasons` other than placeholder alone.
    case redactionReasons
    /// The drawing effects `offset`, `scaleEffect`, `shadow` and `blur`, and `tint`.
    case effects
    /// The SHAPE `containerRelative`.
    case containerRelativeShape
    /// The `buttonStyle` modifier.
    case buttonStyles
    /// The `viewThatFits` node.
    case viewThatFits
    /// The `grid` and `gridRow` nodes.
    case grid
    /// The named colours `tertiary`, `quaternary`, the fills and the backgrounds.
    case systemHierarchy
    /// A `text` with `"runs"`: `Text + Text`.
    case textRuns
    /// The text-style modifiers (`italic`, `underline`, `tracking`, `textCase`…) and a FONT's
    /// `italic`, `monospacedDigit` or `width`.
    case textStyles
    /// The `truncationMode` modifier.
    case truncationMode
    /// The SHAPE `path`: `Path` and custom `Shape`s.
    case paths
    /// The `canvas` node.
    case canvas
    /// A FILL `{"colorGradient": COLOR}`: `Color.gradient`.
    case colorGradient
    /// The symbol modifiers: `symbolRenderingMode`, `symbolVariant`, `imageScale`,
    /// `secondaryForegroundStyles` and `symbolVariableValue`.
    case symbolStyles
    /// The text layout modifiers: `fontDesign` and `lineSpacing`.
    case textLayout
    /// The `imageRenderingMode` modifier: `Image.renderingMode(_:)`.
    case imageRenderingMode

    public var version: Int {
        switch self {
        case .controls: 2
        case .catalogColor, .inlineImage, .strokeStyle, .trim, .rotationEffect: 3
        case .renderingModes, .redactionReasons, .effects, .containerRelativeShape, .buttonStyles, .viewThatFits, .grid, .systemHierarchy, .textRuns, .textStyles, .truncationMode: 4
        case .paths, .canvas: 5
        case .colorGradient: 6
        case .symbolStyles: 7
        case .textLayout: 8
        case .imageRenderingMode: 9
        }
    }
}

extension ViewNode {
    /// The features this node itself uses (not those of the nodes inside it).
    fileprivate func collectFeatures(into found: inout Set<WireFeature>) {
        switch kind {
        case .button, .toggle: found.insert(.controls)
        case .image(.data): found.insert(.inlineImage)
        case .fill(let style): style.collectFeatures(into: &found)
        case .shape(let shape, let fill, let stroke):
            shape.collectFeatures(into: &found)
            fill?.collectFeatures(into: &found)
            stroke?.fill?.collectFeatures(into: &found)
            if stroke?.hasVersion3Members == true { found.insert(.strokeStyle) }
        case .viewThatFits: found.insert(.viewThatFits)
        case .grid, .gridRow: found.insert(.grid)
        case .canvas(let drawing):
            found.insert(.canvas)
            for operation in drawing.operations {
                switch operation.drawing {
                case .fill(_, let shading, _): shading.collectFeatures(into: &found)
                case .stroke(_, let shading, _): shading.collectFeatures(into: &found)
                case .view, .viewInRect: break // Their nodes are walked as the canvas's children.
                }
            }
        case .text(.runs(let runs)):
            found.insert(.textRuns)
            for modifier in runs.flatMap(\.modifiers) { modifier.collectFeatures(into: &found) }
        default: break
        }
        for modifier in modifiers { modifier.collectFeatures(into: &found) }
    }
}

extension ViewModifierNode {
    fileprivate func collectFeatures(into found: inout Set<WireFeature>) {
        switch self {
        case .invalidatableContent: found.insert(.controls)
        case .foregroundStyle(let style): style.collectFeatures(into: &found)
        case .clipShape(let shape): shape.collectFeatures(into: &found)
        case .rotationEffect: found.insert(.rotationEffect)
        case .widgetAccentable: found.insert(.renderingModes)
        case .unredacted: found.insert(.redactionReasons)
        case .redacted(let reasons) where reasons != .placeholder: found.insert(.redactionReasons)
        case .offset, .scaleEffect, .blur: found.insert(.effects)
        case .shadow(let color, _, _, _):
            found.insert(.effects)
            FillStyle.color(color).collectFeatures(into: &found)
        case .buttonStyle: found.insert(.buttonStyles)
        case .truncationMode: found.insert(.truncationMode)
        case .secondaryForegroundStyles(let secondary, let tertiary):
            found.insert(.symbolStyles)
            secondary.collectFeatures(into: &found)
            tertiary?.collectFeatures(into: &found)
        case .symbolRenderingMode, .symbolVariant, .imageScale, .symbolVariableValue: found.insert(.symbolStyles)
        case .fontDesign, .lineSpacing: found.insert(.textLayout)
        case .imageRenderingMode: found.insert(.imageRenderingMode)
        case .tint(let style):
            found.insert(.effects)
            style.collectFeatures(into: &found)
        case .font(.modified): found.insert(.textStyles)
        case .underline(let color?), .strikethrough(let color?):
            found.insert(.textStyles)
            FillStyle.color(color).collectFeatures(into: &found)
        case .italic, .monospacedDigit, .monospaced, .fontWidth, .kerning, .tracking, .baselineOffset,
             .underline, .strikethrough, .textCase:
            found.insert(.textStyles)
        default: break
        }
    }
}

extension FillStyle {
    /// Every colour in the style: itself, or a gradient's stops.
    public var colors: [ColorSpec] {
        switch self {
        case .color(let color): [color]
        case .linearGradient(let gradient): gradient.stops.map(\.color)
        case .colorGradient(let color): [color]
        }
    }

    fileprivate func collectFeatures(into found: inout Set<WireFeature>) {
        if case .colorGradient = self { found.insert(.colorGradient) }
        if colors.contains(where: { if case .catalog = $0 { true } else { false } }) { found.insert(.catalogColor) }
        if colors.contains(where: { if case .named(let name, _) = $0 { name.isSystemHierarchy } else { false } }) {
            found.insert(.systemHierarchy)
        }
    }
}

extension CanvasShading {
    fileprivate func collectFeatures(into found: inout Set<WireFeature>) {
        if colors.contains(where: { if case .catalog = $0 { true } else { false } }) { found.insert(.catalogColor) }
        if colors.contains(where: { if case .named(let name, _) = $0 { name.isSystemHierarchy } else { false } }) {
            found.insert(.systemHierarchy)
        }
    }
}

extension ShapeName {
    fileprivate func collectFeatures(into found: inout Set<WireFeature>) {
        switch self {
        case .trimmed(let base, _, _):
            found.insert(.trim)
            base.collectFeatures(into: &found)
        case .containerRelative: found.insert(.containerRelativeShape)
        case .path: found.insert(.paths)
        default: break
        }
    }
}
