import Foundation
import WidgetPayload

/// A text's box: its string in the case the environment sets, and its style with the text
/// styles in effect, or one style per run for a concatenated text (`Text + Text`).
extension LayoutTreeBuilder {
    func textBox(_ content: TextContent, in environment: ViewEnvironment) -> TextBox {
        var style = environment.styledText(paints: context.paints)
        guard case .runs(let runs) = content else {
            return TextBox(string: cased(string(content), environment), style: style, environment: environment, context: context)
        }
        var whole = ""
        style.runs = runs.map { run in
            // A run's modifiers sit inside the node's, so they are applied after them (innermost last).
            var inside = environment
            for modifier in run.modifiers.reversed() {
                _ = inside.apply(modifier)
            }
            let text = cased(string(run.content), environment)
            whole += text
            return TextStyle.Run(length: text.utf8.count, style: inside.styledText(paints: context.paints),
                                 color: runColor(inside.foreground, text: environment.foreground))
        }
        return TextBox(string: whole, style: style, environment: environment, context: context)
    }

    /// A run's own colour, or nil where it draws in the text's paint: its foreground is the
    /// text's, or a gradient, which Pango cannot give one run.
    private func runColor(_ foreground: FillStyle?, text: FillStyle?) -> RGBA? {
        guard foreground != text else { return nil }
        guard case .color(let color) = foreground ?? .color(.named(.primary, opacity: 1)) else { return nil }
        return context.paints.rgba(color)
    }

    /// `textCase(_:)` applied in the locale drawn, as SwiftUI does.
    private func cased(_ string: String, _ environment: ViewEnvironment) -> String {
        switch environment.textStyles.textCase {
        case .uppercase: string.uppercased(with: context.environment.locale)
        case .lowercase: string.lowercased(with: context.environment.locale)
        case nil: string
        }
    }
}

extension ViewEnvironment {
    /// The style of text drawn here: the font in effect with the text styles in effect, the
    /// colours of underlines and strikethroughs resolved by `paints`.
    func styledText(paints: PaintResolver) -> TextStyle {
        var style = FontResolver.style(textStyles.font(font), weight: fontWeight, alignment: textAlignment, lineLimit: lineLimit)
        style.truncationMode = truncationMode
        textStyles.apply(to: &style, paints: paints)
        return style
    }
}
