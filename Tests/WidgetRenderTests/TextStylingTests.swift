import Foundation
import Testing
import WidgetPayload
@testable import WidgetRender

// Text runs and text styles (tree version 4): what they resolve to, and what Pango makes of them.

@Suite("Text runs and styles")
struct TextStylingTests {
    let measurer = PangoTextMeasurer()
    let inter = TextStyle(family: "Inter", size: 17)

    @Test("a concatenation is one text: its runs in order, each in its own resolved style")
    func runsResolve() throws {
        let root = ViewNode(.text(.runs([
            TextRun(.verbatim("Rain "), modifiers: [.fontWeight(.bold)]),
            TextRun(.verbatim("ß"), modifiers: [.foregroundStyle(.color(.named(.red, opacity: 1))), .underline(color: nil)]),
            TextRun(.verbatim("x"), modifiers: [.italic, .tracking(2)]),
        ])), modifiers: [.textCase(.uppercase), .kerning(1)])
        let texts = LayoutHarness.layout(root).texts
        let drawn = try #require(texts.first)
        #expect(texts.count == 1)
        // Upper case per run, so each run's length counts the bytes it became ("ß" is "SS").
        #expect(drawn.string == "RAIN SSX")
        #expect(drawn.style.runs.map(\.length) == [5, 2, 1])
        #expect(drawn.style.runs.map(\.style.weight) == [.bold, .regular, .regular])
        #expect(drawn.style.runs.map(\.color) == [nil, SystemColors.color(.red, .light), nil])
        #expect(drawn.style.runs.map { $0.style.underline != nil } == [false, true, false])
        #expect(drawn.style.runs.map(\.style.italic) == [false, false, true])
        // The node's kerning reaches every run; a run's tracking wins over it.
        #expect(drawn.style.runs.map(\.style.tracking) == [1, 1, 2])
    }

    @Test("a font's traits and the environment's styles reach the style drawn")
    func stylesResolve() throws {
        let root = text("12", .monospaced, .baselineOffset(3), .strikethrough(color: .named(.blue, opacity: 1)),
                        .font(.modified(.system(size: 10, weight: .bold, design: nil), FontTraits(italic: true, monospacedDigit: true, width: .condensed))))
        let style = try #require(LayoutHarness.layout(root).texts.first?.style)
        #expect(style.family == "DejaVu Sans Mono" && style.weight == .bold && style.italic && style.monospacedDigit)
        #expect(style.width == .condensed && style.baselineOffset == 3)
        #expect(style.strikethrough == TextStyle.Line(color: SystemColors.color(.blue, .light)))
    }

    @Test("tracking widens text by about its amount per character")
    func tracking() {
        var spaced = inter
        spaced.tracking = 3
        let plain = measurer.measure("ABCDEF", style: inter, width: nil, height: nil).size.width
        let wider = measurer.measure("ABCDEF", style: spaced, width: nil, height: nil).size.width
        #expect(wider - plain > 14 && wider - plain < 19, "\(plain) → \(wider)")
    }

    @Test("monospaced digits give every digit one width")
    func tabularFigures() {
        var tabular = inter
        tabular.monospacedDigit = true
        let ones = measurer.measure("1111", style: tabular, width: nil, height: nil).size.width
        let eights = measurer.measure("8888", style: tabular, width: nil, height: nil).size.width
        #expect(abs(ones - eights) < 0.01)
        let proportionalOnes = measurer.measure("1111", style: inter, width: nil, height: nil).size.width
        #expect(abs(proportionalOnes - ones) > 1)
    }

    @Test("runs in the paragraph's own style measure as the plain string; a bold run is wider")
    func runsMeasure() {
        let long = "Light rain until noon, then sun and a gentle breeze from the west"
        var same = inter
        same.runs = [TextStyle.Run(length: 6, style: inter), TextStyle.Run(length: long.utf8.count - 6, style: inter)]
        let plain = measurer.measure(long, style: inter, width: 150, height: nil)
        #expect(measurer.measure(long, style: same, width: 150, height: nil) == plain)
        var bolder = inter
        bolder.weight = .heavy
        var mixed = inter
        mixed.runs = [TextStyle.Run(length: 6, style: bolder), TextStyle.Run(length: long.utf8.count - 6, style: inter)]
        let single = measurer.measure("Light rain", style: inter, width: nil, height: nil).size.width
        mixed.runs[1].length = 4
        #expect(measurer.measure("Light rain", style: mixed, width: nil, height: nil).size.width > single)
    }
}
