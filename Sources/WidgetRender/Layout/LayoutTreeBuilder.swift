import WidgetPayload

/// Builds the layout tree from a view: a box for the node's kind, wrapped by one box per layout
/// modifier from the innermost out. Environment modifiers (font, foreground, line limit, …) wrap
/// nothing: they change what the views inside them inherit.
struct LayoutTreeBuilder {
    let context: LayoutContext

    /// nil for a view that takes no space at all (`EmptyView`), which stacks leave out.
    func box(for node: ViewNode, in inherited: ViewEnvironment) -> LayoutBox? {
        if case .empty = node.kind { return nil }
        // outer[i]: what modifier i and its contents see (every modifier outside it applied).
        var environment = inherited
        var outer = Array(repeating: inherited, count: node.modifiers.count)
        for index in node.modifiers.indices.reversed() {
            outer[index] = environment
            _ = environment.apply(node.modifiers[index])
        }
        let resizable = node.modifiers.contains(.resizable)
        var box = kindBox(node.kind, resizable: resizable, template: isTemplate(node), in: environment)
        for (index, modifier) in node.modifiers.enumerated() {
            box = wrap(box, in: modifier, environment: outer[index])
        }
        return box
    }

    /// Whether an image is drawn as a template: as its view says (`renderingMode(_:)`), else as
    /// its catalog's image set says.
    private func isTemplate(_ node: ViewNode) -> Bool {
        guard case .image(let source) = node.kind else { return false }
        for modifier in node.modifiers.reversed() {
            if case .imageRenderingMode(let mode) = modifier { return mode == .template }
        }
        return context.images.rendersAsTemplate(source)
    }

    private func kindBox(_ kind: ViewKind, resizable: Bool, template: Bool, in environment: ViewEnvironment) -> LayoutBox {
        switch kind {
        case .empty:
            return LayoutBox()
        case .text(let content):
            return textBox(content, in: environment)
        case .image(let source):
            return ImageBox(source: source, resizable: resizable, template: template, environment: environment, context: context)
        case .vStack(let alignment, let spacing, let children):
            return StackBox(axis: .vertical, alignment: .fraction(alignment.fraction), spacing: spacing,
                            defaults: context.environment.stackSpacing, children: boxes(children, in: environment, axis: .vertical))
        case .hStack(let alignment, let spacing, let children):
            return StackBox(axis: .horizontal, alignment: alignment.stackAlignment, spacing: spacing,
                            defaults: context.environment.stackSpacing, children: boxes(children, in: environment, axis: .horizontal))
        case .zStack(let alignment, let children):
            return ZStackBox(alignment: alignment, children: children.compactMap { box(for: $0, in: environment) })
        case .spacer(let minLength):
            return SpacerBox(minLength: minLength, axis: environment.stackAxis)
        case .divider:
            return DividerBox(stackAxis: environment.stackAxis, paints: context.paints)
        case .fill(let style):
            return ShapeBox(shape: .rectangle, drawing: .fill(style), paints: context.paints)
        case .shape(let shape, let fill, let stroke):
            let foreground = environment.foreground ?? .color(.named(.primary, opacity: 1))
            let drawing: ShapeBox.Drawing = stroke.map {
                .stroke($0.fill ?? foreground, lineWidth: $0.lineWidth, line: StrokeLine(
                    cap: $0.lineCap, join: $0.lineJoin, miterLimit: $0.miterLimit, dash: $0.dash, dashPhase: $0.dashPhase))
            } ?? .fill(fill ?? foreground)
            return ShapeBox(shape: shape, drawing: drawing, paints: context.paints)
        case .progress(let value, let total, let label):
            let fraction = total > 0 ? value / total : 0
            return linearIndicator(fraction: fraction, label: label, currentValue: nil, in: environment)
        case .gauge(let gauge):
            return gaugeBox(gauge, in: environment)
        case .link(let url, let content):
            return LinkBox(child: box(for: content, in: environment) ?? LayoutBox(), url: url)
        case .button(let action, let label):
            return ControlBox(child: box(for: ControlFaces.button(
                label, style: environment.buttonStyle, tint: environment.tint, hasForegroundStyle: environment.foreground != nil,
                fullColor: context.environment.drawnRenderingMode == .fullColor), in: environment) ?? LayoutBox(),
                              control: .button, action: action)
        case .grid(let alignment, let horizontalSpacing, let verticalSpacing, let rows):
            let gridRows: [GridBox.Row] = rows.compactMap { row in
                if case .gridRow(let rowAlignment, let cells) = row.kind {
                    // As SwiftUI does, a row's modifiers (`GridRow { … }.font(.caption)`) apply to
                    // each of its cells, outside the cell's own: the row stays cells in columns.
                    let distributed = cells.map { cell in
                        var cell = cell
                        cell.modifiers += row.modifiers
                        return cell
                    }
                    return .cells(distributed.compactMap { box(for: $0, in: environment) }, alignment: rowAlignment)
                }
                return box(for: row, in: environment).map { .spanning($0) }
            }
            return GridBox(alignment: alignment, horizontalSpacing: horizontalSpacing ?? GridBox.defaultSpacing,
                           verticalSpacing: verticalSpacing ?? GridBox.defaultSpacing, rows: gridRows)
        case .gridRow(let alignment, let cells):
            // Outside a grid, a row is an HStack.
            return StackBox(axis: .horizontal, alignment: (alignment ?? .center).stackAlignment, spacing: nil,
                            defaults: context.environment.stackSpacing, children: boxes(cells, in: environment, axis: .horizontal))
        case .canvas(let drawing):
            var views: [Int: LayoutBox] = [:]
            for (index, operation) in drawing.operations.enumerated() {
                switch operation.drawing {
                case .view(let node, _, _), .viewInRect(let node, _): views[index] = box(for: node, in: environment)
                case .fill, .stroke: break
                }
            }
            return CanvasBox(drawing: drawing, paints: context.paints, views: views)
        case .viewThatFits(let axes, let children):
            return ViewThatFitsBox(axes: axes, children: children.compactMap { box(for: $0, in: environment) })
        case .toggle(let isOn, let action, let label):
            return ControlBox(child: box(for: ControlFaces.toggle(isOn: isOn, label: label, tint: environment.tint), in: environment) ?? LayoutBox(),
                              control: .toggle(isOn: isOn), action: action)
        }
    }

    private func wrap(_ box: LayoutBox, in modifier: ViewModifierNode, environment: ViewEnvironment) -> LayoutBox {
        switch modifier {
        case .padding(let insets):
            return PaddingBox(child: box, insets: insets)
        case .frame(let spec):
            return FrameBox(child: box, spec: spec)
        case .fixedSize(let horizontal, let vertical):
            return FixedSizeBox(child: box, horizontal: horizontal, vertical: vertical)
        case .layoutPriority(let priority):
            box.layoutPriority = priority
            return box
        case .background(let content, let alignment):
            return decorate(box, with: content, kind: .background, alignment: alignment, environment: environment)
        case .overlay(let content, let alignment):
            return decorate(box, with: content, kind: .overlay, alignment: alignment, environment: environment)
        case .mask(let content, let alignment):
            return decorate(box, with: content, kind: .mask, alignment: alignment, environment: environment)
        case .clipShape(let shape):
            return ClipBox(child: box, shape: shape)
        case .opacity(let value):
            return OpacityBox(child: box, opacity: value)
        case .aspectRatio(let ratio, let mode):
            return AspectRatioBox(child: box, ratio: ratio, mode: mode)
        case .invalidatableContent:
            return InvalidatableBox(child: box, isInvalidated: environment.redactionReasons.contains(.invalidated))
        case .widgetAccentable:
            return AccentGroupBox(child: box)
        case .rotationEffect(let degrees, let anchor):
            return RotationBox(child: box, degrees: degrees, anchor: anchor)
        case .offset, .scaleEffect, .shadow, .blur:
            return EffectBox(child: box, effect: modifier, paints: context.paints)
        // Read where they apply: the kind (resizable), the root (container background, widget
        // URL), or the environment (the rest).
        case .resizable, .containerBackground, .widgetURL, .font, .fontWeight, .foregroundStyle, .lineLimit,
             .multilineTextAlignment, .minimumScaleFactor, .truncationMode, .redacted, .unredacted, .privacySensitive, .tint, .buttonStyle:
            return box
        case .italic, .monospacedDigit, .monospaced, .fontWidth, .kerning, .tracking, .baselineOffset,
             .underline, .strikethrough, .textCase:
            return box
        case .symbolRenderingMode, .symbolVariant, .imageScale, .secondaryForegroundStyles, .symbolVariableValue:
            return box
        case .fontDesign, .lineSpacing, .imageRenderingMode:
            return box
        }
    }

    private func decorate(_ box: LayoutBox, with content: ViewNode, kind: DecorationBox.Kind,
                          alignment: AlignmentName, environment: ViewEnvironment) -> LayoutBox {
        guard let decoration = self.box(for: content, in: environment) else {
            // An empty mask hides the view; an empty background or overlay is nothing.
            return kind == .mask ? OpacityBox(child: box, opacity: 0) : box
        }
        return DecorationBox(child: box, decoration: decoration, kind: kind, alignment: alignment)
    }

    private func boxes(_ children: [ViewNode], in environment: ViewEnvironment, axis: Axis) -> [LayoutBox] {
        var inside = environment
        inside.stackAxis = axis
        return children.compactMap { box(for: $0, in: inside) }
    }

    /// The content's characters as written (before `textCase`); runs one after the other.
    func string(_ content: TextContent) -> String {
        switch content {
        case .runs(let runs):
            return runs.map { string($0.content) }.joined()
        case .verbatim(let string):
            return string
        case .date(let seconds, let style):
            let environment = context.environment
            return DateText.string(seconds: seconds, style: style, now: environment.now,
                                   timeZone: environment.timeZone, locale: environment.locale)
        }
    }
}

extension HorizontalAlignmentName {
    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

extension VerticalAlignmentName {
    var stackAlignment: StackBox.CrossAlignment {
        switch self {
        case .top: .fraction(0)
        case .center: .fraction(0.5)
        case .bottom: .fraction(1)
        case .firstTextBaseline: .firstTextBaseline
        case .lastTextBaseline: .lastTextBaseline
        }
    }
}
