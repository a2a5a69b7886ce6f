import Testing
import WidgetPayload
@testable import WidgetRender

/// System symbols laid out as SF Symbols follow the font: size by font and `imageScale`, weight
/// by the font's, names by `symbolVariant`, paints by the rendering mode (harness text is 10 points).
@Suite("Layout: symbols")
struct SymbolLayoutTests {
    /// The symbol commands of `root`, in drawing order.
    static func symbols(_ root: ViewNode) -> [(request: SymbolRequest, frame: Rect, paint: Paint)] {
        LayoutHarness.layout(root).commands.compactMap { command in
            if case .symbol(let request, let frame, let paint) = command { return (request, frame, paint) }
            return nil
        }
    }

    @Test("imageScale draws a symbol 0.78, 1 or 1.29 times the font's size")
    func scales() {
        let drawn = Self.symbols(hstack(spacing: 0,
            ViewNode(.image(.system("bell")), modifiers: [.imageScale(.small)]),
            ViewNode(.image(.system("bell"))),
            ViewNode(.image(.system("bell")), modifiers: [.imageScale(.large)])))
        let expected = [7.8, 10, 12.9]
        #expect(drawn.count == 3)
        for (frame, side) in zip(drawn.map(\.frame), expected) {
            #expect(abs(frame.width - side) < 1e-9 && abs(frame.height - side) < 1e-9, "\(frame)")
        }
    }

    @Test("a symbol is drawn in the weight of the font in effect")
    func weight() {
        let drawn = Self.symbols(vstack(
            ViewNode(.image(.system("gearshape")), modifiers: [.fontWeight(.bold)]),
            ViewNode(.image(.system("gearshape")), modifiers: [.font(.system(size: 20, weight: .ultraLight, design: nil))]),
            ViewNode(.image(.system("gearshape")))))
        #expect(drawn.map(\.request.weight) == [.bold, .ultraLight, .regular])
        #expect(drawn[1].frame.width == 20)
    }

    @Test("symbolVariant turns the name into its variant when drawn, else keeps the name")
    func variants() {
        let drawn = Self.symbols(vstack(
            ViewNode(.image(.system("heart"))),
            ViewNode(.image(.system("bell")), modifiers: [.symbolVariant([.slash])]),
            ViewNode(.image(.system("star.fill"))),
            ViewNode(.image(.system("square.and.arrow.up"))),
        ).with(.symbolVariant([.circle, .fill])))
        #expect(drawn.map(\.request.name) == ["heart.circle.fill", "bell.slash", "star.circle.fill", "square.and.arrow.up.circle.fill"])
        let none = Self.symbols(ViewNode(.image(.system("star.fill")), modifiers: [.symbolVariant([])]))
        #expect(none.map(\.request.name) == ["star"])
        let unknownForm = Self.symbols(ViewNode(.image(.system("zzzz.qqqq")), modifiers: [.symbolVariant(.fill)]))
        #expect(unknownForm.map(\.request.name) == ["zzzz.qqqq"])
    }

    @Test("palette's secondary and tertiary styles, the mode and the variable value reach the symbol")
    func paletteAndValue() {
        let drawn = Self.symbols(ViewNode(.image(.system("wifi")), modifiers: [
            .symbolVariableValue(0.5), .symbolRenderingMode(.palette), .foregroundStyle(.color(.named(.blue, opacity: 1))),
            .secondaryForegroundStyles(secondary: .color(.named(.orange, opacity: 1)), tertiary: .color(.named(.green, opacity: 1))),
        ]))
        #expect(drawn.count == 1)
        #expect(drawn.first?.request.renderingMode == .palette)
        #expect(drawn.first?.request.variableValue == 0.5)
        #expect(drawn.first?.paint == named(.blue))
        #expect(drawn.first?.request.secondary == named(.orange))
        #expect(drawn.first?.request.tertiary == named(.green))
    }

    @Test("multicolor draws a symbol SF colours in its colour, and the others in the foreground")
    func multicolor() {
        let drawn = Self.symbols(hstack(
            ViewNode(.image(.system("heart.fill"))), ViewNode(.image(.system("flame"))), ViewNode(.image(.system("trash"))),
        ).with(.symbolRenderingMode(.multicolor), .foregroundStyle(.color(.named(.blue, opacity: 1)))))
        #expect(drawn.map(\.paint) == [named(.red), named(.orange), named(.blue)])
    }
}
