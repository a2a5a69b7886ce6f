import Foundation
import Testing
import WidgetPayload
@testable import WidgetRender

/// Text on the harness's 200 × 100 canvas: at 10 points a character is 5 × 12.
@Suite("Layout: text")
struct LayoutTextTests {
    @Test("lineLimit(1) cuts the text with an ellipsis within the proposed width")
    func lineLimitOne() throws {
        let list = LayoutHarness.layout(text("aaaa bbbb cccc dddd", .lineLimit(1), .frame(FrameSpec(width: 50))))
        let drawn = try #require(list.texts.first)
        #expect(drawn.frame == rect(75, 44, 50, 12))
        #expect(drawn.style.lineLimit == 1)
        // The painter, measuring the same way in the frame, draws the ellipsis.
        let again = FixedAdvanceMeasurer().measure(drawn.string, style: drawn.style, width: drawn.frame.width, height: drawn.frame.height)
        #expect(again.isTruncated)
        #expect(again.size == drawn.frame.size)
    }

    @Test("lineLimit(2) keeps two wrapped lines")
    func lineLimitTwo() {
        let list = LayoutHarness.layout(text("aaaa bbbb cccc dddd", .lineLimit(2), .frame(FrameSpec(width: 30))))
        #expect(list.frame(ofText: "aaaa bbbb cccc dddd") == rect(87.5, 38, 25, 24))
    }

    @Test("The proposed height cuts a text with no line limit")
    func heightTruncates() {
        let list = LayoutHarness.layout(text("aaaa bbbb cccc dddd", .frame(FrameSpec(width: 20, height: 24))))
        #expect(list.frame(ofText: "aaaa bbbb cccc dddd") == rect(90, 38, 20, 24))
    }

    @Test("Offered nil, a text takes one line per paragraph")
    func idealText() {
        let list = LayoutHarness.layout(text("aaaa bbbb\ncc", .fixedSize(horizontal: true, vertical: true)))
        #expect(list.frame(ofText: "aaaa bbbb\ncc") == rect(77.5, 38, 45, 24))
    }

    @Test("minimumScaleFactor shrinks a text that would be cut to the largest scale that fits")
    func minimumScaleFactor() throws {
        let list = LayoutHarness.layout(text("abcdefghij", .lineLimit(1), .minimumScaleFactor(0.5), .frame(FrameSpec(width: 40))))
        let drawn = try #require(list.texts.first)
        // Ten characters fit 40 points at a scale of 0.8 or less.
        #expect(drawn.style.scale <= 0.8)
        #expect(drawn.style.scale > 0.795)
        #expect(drawn.frame.width <= 40)
        #expect(drawn.frame.width == 50 * drawn.style.scale)
        let again = FixedAdvanceMeasurer().measure(drawn.string, style: drawn.style, width: 40, height: nil)
        #expect(!again.isTruncated)
    }

    @Test("A scale factor too large to fit stops at the factor, still cut")
    func minimumScaleFactorNotEnough() throws {
        let list = LayoutHarness.layout(text("abcdefghij", .lineLimit(1), .minimumScaleFactor(0.9), .frame(FrameSpec(width: 40))))
        let drawn = try #require(list.texts.first)
        #expect(drawn.style.scale == 0.9)
        #expect(FixedAdvanceMeasurer().measure(drawn.string, style: drawn.style, width: 40, height: nil).isTruncated)
    }

    @Test("A text that fits keeps its scale of 1")
    func fittingTextKeepsScale() throws {
        let list = LayoutHarness.layout(text("abc", .lineLimit(1), .minimumScaleFactor(0.5)))
        #expect(try #require(list.texts.first).style.scale == 1)
    }

    @Test("Font, weight, foreground and alignment are inherited, and an inner modifier wins")
    func inheritedEnvironment() throws {
        let tree = vstack(text("a"), text("b", .font(.textStyle(.title, weight: nil, design: .serif)), .multilineTextAlignment(.center)))
            .with(.font(.textStyle(.headline, weight: nil, design: nil)), .foregroundStyle(.color(.named(.red, opacity: 1))))
        let texts = LayoutHarness.layout(tree).texts
        #expect(texts.count == 2)
        #expect(texts[0].style == TextStyle(family: "Inter", size: 17, weight: .semibold))
        #expect(texts[0].paint == named(.red))
        #expect(texts[1].style == TextStyle(family: "DejaVu Serif", size: 28, weight: .regular, design: .serif, alignment: .center))
        #expect(texts[1].paint == named(.red))
    }

    @Test("fontWeight outside a font changes its weight; the default foreground is primary")
    func fontWeight() throws {
        let list = LayoutHarness.layout(text("a", .font(.system(size: 12, weight: .light, design: .monospaced)), .fontWeight(.bold)), colorScheme: .dark)
        let drawn = try #require(list.texts.first)
        #expect(drawn.style == TextStyle(family: "DejaVu Sans Mono", size: 12, weight: .bold, design: .monospaced))
        #expect(drawn.paint == .color(RGBA(red: 1, green: 1, blue: 1)))
    }

    @Test("A date text is formatted against the moment drawn")
    func dateText() {
        let date = LayoutHarness.now.timeIntervalSince1970 + 2 * 3600 + 5 * 60 + 9
        let list = LayoutHarness.layout(vstack(ViewNode(.text(.date(date, style: .relative))), ViewNode(.text(.date(date, style: .timer)))))
        #expect(list.texts.map(\.string) == ["2 hr, 5 min", "2:05:09"])
    }
}
