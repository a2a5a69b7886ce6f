import Testing
import WidgetPayload
@testable import WidgetRender

/// The content card of an entry without a view, laid out with the fixed-advance measurer.
@Suite("Layout: content card")
struct LayoutCardTests {
    func layout(_ tree: ViewTree, _ family: WidgetFamily) -> DisplayList {
        LayoutHarness.engine.layout(tree, in: LayoutEnvironment(family: family, now: LayoutHarness.now))
    }

    @Test("A JSON object: the kind as a headline, then key: value lines by key, from the top leading corner")
    func object() throws {
        let content = JSONValue.object(["name": .string("Ada\nLovelace"), "count": .integer(3), "ratio": .number(2.5)])
        let list = layout(ContentCard.tree(kind: "CounterWidget", content: content, error: nil), .systemSmall)
        let texts = list.texts
        #expect(texts.map(\.string) == ["CounterWidget", "count: 3", "name: Ada", "ratio: 2.5"])
        #expect(texts[0].style == TextStyle(family: "Inter", size: 17, weight: .semibold, lineLimit: 1))
        #expect(texts[1].style == TextStyle(family: "Inter", size: 12, lineLimit: 1))
        #expect(texts[1].paint == named(.secondary))
        // Headline 20.4 tall, 3 below it, rows 14.4 tall, 4 apart.
        #expect(close(texts[0].frame, rect(16, 16, 110.5, 20.4)))
        #expect(close(texts[1].frame, rect(16, 43.4, 48, 14.4)))
        #expect(close(texts[2].frame, rect(16, 61.8, 54, 14.4)))
        // The system background, and nothing else filled.
        #expect(list.fills.count == 1)
    }

    @Test("An error adds a red capsule with \"!\" and the error's first line")
    func error() throws {
        let list = layout(ContentCard.tree(kind: "K", content: .object(["a": .bool(true)]), error: "bad view\nat view.root"), .systemMedium)
        #expect(list.texts.map(\.string) == ["K", "!", "bad view", "a: true"])
        let mark = try #require(list.texts.first { $0.string == "!" })
        #expect(mark.style.weight == .bold)
        #expect(mark.style.size == 11)
        #expect(mark.paint == named(.white))
        let capsule = try #require(list.fills.first { $0.shape == .capsule })
        #expect(capsule.paint == named(.red))
        // Padded 6 either side and 2 above and below the 13.2-point caption2 line.
        #expect(abs(capsule.frame.height - 17.2) < 1e-9)
        #expect(capsule.frame.minX == 16)
    }

    @Test("More fields than the card holds: the last line counts the rest")
    func manyFields() {
        let fields = Dictionary(uniqueKeysWithValues: (1...8).map { ("k\($0)", JSONValue.integer(Int64($0))) })
        let lines = CardText.lines(.object(fields), limit: ContentCard.maxLines)
        #expect(lines == ["k1: 1", "k2: 2", "k3: 3", "k4: 4", "k5: 5", "+3 more"])
    }

    @Test("Values on one line: numbers as written, containers by size")
    func values() {
        #expect(CardText.value(.number(3)) == "3")
        #expect(CardText.value(.number(0.25)) == "0.25")
        #expect(CardText.value(.array([.null, .null])) == "[2 items]")
        #expect(CardText.value(.object(["a": .null])) == "{1 field}")
        #expect(CardText.lines(.string("solo"), limit: 6) == ["solo"])
        #expect(CardText.lines(.array([.bool(false)]), limit: 6) == ["0: false"])
    }

    @Test("In accessoryInline the generic card shows the headline alone, nothing cut in half")
    func inlineGeneric() throws {
        let list = layout(ContentCard.tree(kind: "K", content: .object(["a": .integer(1)]), error: "e"), .accessoryInline)
        let texts = list.texts
        #expect(texts.first?.string == "K")
        #expect(try #require(texts.first).frame.maxY <= 26)
        #expect(texts.dropFirst().allSatisfy { $0.frame.minY >= 26 })
    }

    @Test("Given its family, the inline card is one line: the mark and the kind")
    func inlineFamily() {
        let list = layout(ContentCard.tree(kind: "Kind", content: .null, error: "e", family: .accessoryInline), .accessoryInline)
        #expect(list.texts.map(\.string) == ["!", "Kind"])
        #expect(list.texts.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= 26 })
    }

    @Test("Given accessoryCircular, the card is centred in the circle")
    func circularFamily() throws {
        let list = layout(ContentCard.tree(kind: "Kind", content: .null, error: nil, family: .accessoryCircular), .accessoryCircular)
        let kind = try #require(list.texts.first)
        #expect(abs(kind.frame.midX - 38) < 1e-9)
        #expect(abs(kind.frame.midY - 38) < 1e-9)
    }
}

extension Rect {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }
}
