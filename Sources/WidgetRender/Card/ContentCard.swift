import WidgetPayload

/// The face of an entry that carries no view (every 1.0/1.1 bundle) or whose view was refused:
/// the widget's kind as a headline, the first fields of its content as `key: value` lines, and a
/// red badge with the first line of `error` when there is one.
///
/// The tree is top-aligned and clipped, with the headline alone in the first 26 points, so that a
/// family too small for the rest (accessoryInline) shows the headline and nothing cut in half.
/// Given its family, the card also takes a shape of its own for the accessory families.
public enum ContentCard {
    /// How many content lines the card shows at most (the last says how many more there are).
    public static let maxLines = 6

    public static func tree(kind: String, content: JSONValue, error: String?, family: WidgetFamily? = nil) -> ViewTree {
        let errorLine = error.map(CardText.firstLine)
        switch family {
        case .accessoryInline?:
            return ViewTree(root: inline(kind: kind, error: errorLine))
        case .accessoryCircular?:
            return ViewTree(root: circular(kind: kind, error: errorLine))
        default:
            return ViewTree(root: card(kind: kind, content: content, error: errorLine))
        }
    }

    private static func card(kind: String, content: JSONValue, error: String?) -> ViewNode {
        var rows = [text(kind, .headline, modifiers: [.lineLimit(1), .padding(EdgeInsetsSpec(bottom: 3))])]
        if let error { rows.append(badge(error)) }
        rows += CardText.lines(content, limit: maxLines).map {
            text($0, .caption, modifiers: [.lineLimit(1), .foregroundStyle(.color(.named(.secondary, opacity: 1)))])
        }
        // min 0 as well as max infinity: the frame is exactly the space offered even when the
        // rows overflow it, so they are cut at the bottom, not centred.
        return ViewNode(.vStack(alignment: .leading, spacing: 4, children: rows), modifiers: [
            .frame(FrameSpec(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .topLeading)),
            .clipShape(.rectangle),
        ])
    }

    /// One line: the kind, after a "!" when the entry has an error.
    private static func inline(kind: String, error: String?) -> ViewNode {
        var parts: [ViewNode] = []
        if error != nil { parts.append(text("!", .headline, modifiers: [.foregroundStyle(red)])) }
        parts.append(text(kind, .body, modifiers: [.lineLimit(1)]))
        return ViewNode(.hStack(alignment: .firstTextBaseline, spacing: 4, children: parts), modifiers: [
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)),
        ])
    }

    /// Centred in the circle: the kind on up to two lines, under a red "!" when in error.
    private static func circular(kind: String, error: String?) -> ViewNode {
        var parts: [ViewNode] = []
        if error != nil { parts.append(text("!", .headline, modifiers: [.foregroundStyle(red)])) }
        parts.append(text(kind, .caption2, modifiers: [.lineLimit(2), .multilineTextAlignment(.center), .minimumScaleFactor(0.8)]))
        return ViewNode(.vStack(alignment: .center, spacing: 2, children: parts), modifiers: [.padding(EdgeInsetsSpec(all: 8))])
    }

    /// A red capsule: "!" and the error's first line, in white.
    private static func badge(_ error: String) -> ViewNode {
        let mark = ViewNode(.text(.verbatim("!")), modifiers: [.fontWeight(.bold)])
        let message = ViewNode(.text(.verbatim(error)), modifiers: [.lineLimit(1)])
        return ViewNode(.hStack(alignment: .firstTextBaseline, spacing: 4, children: [mark, message]), modifiers: [
            .font(.textStyle(.caption2, weight: nil, design: nil)),
            .foregroundStyle(.color(.named(.white, opacity: 1))),
            .padding(EdgeInsetsSpec(top: 2, leading: 6, bottom: 2, trailing: 6)),
            .background(ViewNode(.shape(.capsule, fill: red, stroke: nil)), alignment: .center),
        ])
    }

    private static let red = FillStyle.color(.named(.red, opacity: 1))

    private static func text(_ string: String, _ style: TextStyleName, modifiers: [ViewModifierNode]) -> ViewNode {
        ViewNode(.text(.verbatim(string)), modifiers: [.font(.textStyle(style, weight: nil, design: nil))] + modifiers)
    }
}
