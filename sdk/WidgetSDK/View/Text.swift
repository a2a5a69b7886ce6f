import FoundationEssentials
import WidgetPayload

/// Text, as SwiftUI's: a string, or a date the host formats when it draws.
///
///     Text("\(entry.count)")
///     Text(entry.date, style: .relative)
public struct Text: View, Hashable {
    public typealias Body = Never

    let content: TextContent
    /// The text's own modifiers (those SwiftUI's `Text` returns a `Text` from), innermost first.
    var modifiers: [ViewModifierNode] = []

    /// A string, such as an interpolation: `Text("\(count) pillars")`.
    public init<S: StringProtocol>(_ content: S) {
        self.content = .verbatim(String(content))
    }

    /// A string shown as it is.
    public init(verbatim content: String) {
        self.content = .verbatim(content)
    }

    /// A date that the host formats, and keeps counting for the styles that count (`.relative`,
    /// `.offset`, `.timer`), as WidgetKit does.
    public init(_ date: Date, style: DateStyle) {
        self.content = .date(date.timeIntervalSince1970, style: style.name)
    }

    /// How `Text(_:style:)` shows its date.
    public struct DateStyle: Sendable, Hashable {
        let name: DateStyleName

        /// "3:04 PM".
        public static let time = DateStyle(name: .time)
        /// "June 3, 2026".
        public static let date = DateStyle(name: .date)
        /// "2 hr, 5 min": from now or ago, counting as time passes.
        public static let relative = DateStyle(name: .relative)
        /// "+2 hours" or "-5 minutes", counting.
        public static let offset = DateStyle(name: .offset)
        /// "2:05:09", counting up or down.
        public static let timer = DateStyle(name: .timer)
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.text(content), modifiers: modifiers))
    }

    init(content: TextContent, modifiers: [ViewModifierNode]) {
        self.content = content
        self.modifiers = modifiers
    }

    func adding(_ modifier: ViewModifierNode?) -> Text {
        guard let modifier else { return self }
        var text = self
        text.modifiers.append(modifier)
        return text
    }

    // The modifiers that return a `Text` in SwiftUI, so that the result is still text.

    /// This text in `font`; nil keeps the font in effect.
    public func font(_ font: Font?) -> Text {
        adding(font.map { .font($0.spec) })
    }

    /// This text in `weight`; nil keeps the weight in effect.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        adding(weight.map { .fontWeight($0.name) })
    }

    /// This text in bold, when `isActive`.
    public func bold(_ isActive: Bool = true) -> Text {
        isActive ? fontWeight(.bold) : self
    }

    /// This text in `color`; nil keeps the colour in effect.
    public func foregroundColor(_ color: Color?) -> Text {
        adding(color.map { .foregroundStyle($0._fillStyle) })
    }

    /// This text coloured with `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        adding(.foregroundStyle(style._fillStyle))
    }
}
