import WidgetPayload

// The style modifiers SwiftUI's `Text` returns a `Text` from, so a styled text can still be
// concatenated (`Text("a").italic() + Text("b")`). Each has a `View` twin in
// Modifiers+TextStyles.swift for the text inside any view.

extension Text {
    /// How `textCase(_:)` draws text: SwiftUI's `Text.Case`.
    public enum Case: Sendable, Hashable, CaseIterable {
        case uppercase, lowercase

        var name: TextCaseName {
            switch self {
            case .uppercase: .uppercase
            case .lowercase: .lowercase
            }
        }
    }

    /// Where text that does not fit is cut (`truncationMode(_:)`): SwiftUI's `Text.TruncationMode`.
    public enum TruncationMode: Sendable, Hashable, CaseIterable {
        case head, middle, tail

        var name: TruncationModeName {
            switch self {
            case .head: .head
            case .middle: .middle
            case .tail: .tail
            }
        }
    }

    /// This text in italics, when `isActive`.
    public func italic(_ isActive: Bool = true) -> Text {
        adding(isActive ? .italic : nil)
    }

    /// This text with digits of one width, so numbers that change keep their place.
    public func monospacedDigit() -> Text {
        adding(.monospacedDigit)
    }

    /// This text in the fixed-width variant of its font, when `isActive` (the system font's is
    /// monospaced; a custom font without one keeps its face).
    public func monospaced(_ isActive: Bool = true) -> Text {
        adding(isActive ? .monospaced : nil)
    }

    /// This text in `width` of its font; nil keeps the width in effect.
    public func fontWidth(_ width: Font.Width?) -> Text {
        adding(width.map { .fontWidth($0.name) })
    }

    /// This text in `design` of the system font (iOS 16.1), where its font names no design of
    /// its own; nil keeps the design in effect.
    public func fontDesign(_ design: Font.Design?) -> Text {
        adding(design.map { .fontDesign($0.name) })
    }

    /// Points added between characters (negative brings them closer).
    public func kerning(_ kerning: Double) -> Text {
        adding(.kerning(kerning))
    }

    /// Points added after each character (negative brings them closer); wins over `kerning`.
    public func tracking(_ tracking: Double) -> Text {
        adding(.tracking(tracking))
    }

    /// This text raised by `offset` points (lowered when negative), as for a superscript.
    public func baselineOffset(_ offset: Double) -> Text {
        adding(.baselineOffset(offset))
    }

    /// This text underlined, when `isActive`, in `color` (nil: the text's colour).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        adding(isActive ? .underline(color: color?.spec) : nil)
    }

    /// This text struck through, when `isActive`, in `color` (nil: the text's colour).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        adding(isActive ? .strikethrough(color: color?.spec) : nil)
    }
}
