import Testing
import WidgetPayload
import WidgetRender

@Suite("Measuring text with Pango")
struct PangoMeasurerTests {
    let measurer = PangoTextMeasurer()
    let body = PaintFixture.body
    let long = "The quick brown fox jumps over the lazy dog, again and again, until the widget runs out of room."

    @Test("wrapping at a width makes the text taller and no wider than the width")
    func wrapping() {
        let line = measurer.measure(long, style: body, width: nil, height: nil)
        let wrapped = measurer.measure(long, style: body, width: 120, height: nil)
        #expect(line.size.width > 120)
        #expect(wrapped.size.width <= 120)
        #expect(wrapped.size.height > line.size.height * 2)
        #expect(!wrapped.isTruncated)
        #expect(wrapped.lastBaseline > wrapped.firstBaseline)
        #expect(line.firstBaseline > 0 && line.firstBaseline < line.size.height)
    }

    @Test("a line limit cuts long text with an ellipsis")
    func lineLimit() {
        var style = body
        style.lineLimit = 1
        let one = measurer.measure(long, style: style, width: 120, height: nil)
        let short = measurer.measure("Hi", style: body, width: 120, height: nil)
        #expect(one.isTruncated)
        #expect(abs(one.size.height - short.size.height) < 0.5)
        style.lineLimit = 2
        let two = measurer.measure(long, style: style, width: 120, height: nil)
        #expect(two.isTruncated)
        #expect(abs(two.size.height - 2 * short.size.height) < 1)
    }

    @Test("a line limit counts lines across paragraphs")
    func paragraphs() {
        var style = body
        style.lineLimit = 2
        let cut = measurer.measure("one\ntwo\nthree\nfour", style: style, width: 200, height: nil)
        let single = measurer.measure("one", style: body, width: 200, height: nil)
        #expect(cut.isTruncated)
        #expect(abs(cut.size.height - 2 * single.size.height) < 1)
        let unwrapped = measurer.measure("one\ntwo\nthree", style: style, width: nil, height: nil)
        #expect(unwrapped.isTruncated)
    }

    @Test("a height keeps only the lines that fit")
    func heightBound() {
        let single = measurer.measure("Hi", style: body, width: 120, height: nil).size.height
        let cut = measurer.measure(long, style: body, width: 120, height: single * 1.6)
        #expect(cut.isTruncated)
        #expect(abs(cut.size.height - single) < 0.5)
        let fits = measurer.measure("Hi", style: body, width: 120, height: single)
        #expect(!fits.isTruncated)
    }

    @Test("a scale of 0.5 about halves the width")
    func scale() {
        var half = body
        half.scale = 0.5
        let full = measurer.measure("Avengers: Infinity War", style: body, width: nil, height: nil).size.width
        let small = measurer.measure("Avengers: Infinity War", style: half, width: nil, height: nil).size.width
        #expect(small / full > 0.4 && small / full < 0.6)
    }

    @Test("heavier weights are wider")
    func weight() {
        var bold = body
        bold.weight = .bold
        let regular = measurer.measure("Widget", style: body, width: nil, height: nil).size.width
        #expect(measurer.measure("Widget", style: bold, width: nil, height: nil).size.width > regular)
    }

    @Test("a frame as wide as the measured text does not wrap it")
    func measuredWidthFits() {
        let text = "Avengers: Infinity War"
        let measured = measurer.measure(text, style: body, width: nil, height: nil)
        let again = measurer.measure(text, style: body, width: measured.size.width, height: measured.size.height)
        #expect(again == measured)
    }

    @Test("measuring from many tasks at once gives the serial answers")
    func concurrent() async {
        let texts = (0..<40).map { "Line \($0) " + String(repeating: "word ", count: $0 % 7) }
        let serial = texts.map { PangoTextMeasurer().measure($0, style: body, width: 80, height: nil) }
        let shared = PangoTextMeasurer()
        let style = body
        let parallel = await withTaskGroup(of: (Int, TextMeasurement).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, shared.measure(text, style: style, width: 80, height: nil)) }
            }
            var results = [TextMeasurement?](repeating: nil, count: texts.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(parallel == serial.map { Optional($0) })
    }
}
