import CPangoCairo
import Testing
import WidgetPayload
@testable import WidgetRender

/// `truncationMode(_:)`: inherited like the font, carried in the text style, and Pango's ellipsis
/// at the start, middle or end of the line it cuts.
@Suite("Layout: truncation mode")
struct TruncationModeLayoutTests {
    static let engine = LayoutEngine(measurer: PangoTextMeasurer(), images: LayoutHarness.images)
    static let sentence = "Hello brave new world"

    /// The characters Pango shows for `text` laid out in `frame` as the painter lays it out, "…"
    /// where it ellipsized; lines joined by "\n".
    static func shown(_ text: String, style: TextStyle, frame: Rect) -> String {
        let engine = PangoTextEngine()
        let made = PangoTextLayout.make(in: engine.measuringContext, text: text, style: style, width: frame.width, height: frame.height)
        defer { g_object_unref(UnsafeMutableRawPointer(made.layout)) }
        // The layout's own text: where lines were cut by hand, it is the text kept.
        let bytes = Array(String(cString: pango_layout_get_text(made.layout)).utf8)
        var lines: [String] = []
        for index in 0..<pango_layout_get_line_count(made.layout) {
            guard let line = pango_layout_get_line_readonly(made.layout, index) else { continue }
            var shown = ""
            var node = line.pointee.runs
            while let current = node {
                if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item {
                    if Int32(item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                        shown += "\u{2026}"
                    } else {
                        let start = min(Int(item.pointee.offset), bytes.count)
                        let end = min(start + Int(item.pointee.length), bytes.count)
                        shown += String(decoding: bytes[start..<end], as: UTF8.self)
                    }
                }
                node = current.pointee.next
            }
            lines.append(shown)
        }
        return lines.joined(separator: "\n")
    }

    /// The one text of `root`, laid out with Pango in a 200 × 100 rectangular accessory.
    static func drawn(_ root: ViewNode) throws -> (string: String, style: TextStyle, frame: Rect, shown: String) {
        var root = root
        root.modifiers.append(.font(.system(size: 13, weight: nil, design: nil)))
        let environment = LayoutEnvironment(family: .accessoryRectangular, size: Size(width: 200, height: 100),
                                            colorScheme: .light, now: LayoutHarness.now, renderingMode: .fullColor)
        let list = engine.layout(ViewTree(root: root), in: environment)
        let text = try #require(list.texts.first)
        return (text.string, text.style, text.frame, shown(text.string, style: text.style, frame: text.frame))
    }

    @Test("the mode is inherited, the innermost wins, and tail is the default")
    func inherited() throws {
        let root = vstack(
            text("a"),
            text("b", .truncationMode(.head)),
            text("c", .truncationMode(.tail))
        ).with(.truncationMode(.middle))
        let modes = LayoutHarness.layout(root).texts.map(\.style.truncationMode)
        #expect(modes == [.middle, .head, .tail])
        #expect(LayoutHarness.layout(text("d")).texts.map(\.style.truncationMode) == [.tail])
    }

    @Test("a line too wide for its frame keeps its start and end with .middle, its end with .head, its start with .tail")
    func oneLine() throws {
        let narrow = ViewModifierNode.frame(FrameSpec(width: 80))
        let middle = try Self.drawn(text(Self.sentence, .lineLimit(1), .truncationMode(.middle), narrow))
        #expect(middle.style.truncationMode == .middle)
        #expect(middle.shown.hasPrefix("Hel") && middle.shown.hasSuffix("ld") && middle.shown.contains("\u{2026}"), "\(middle.shown)")
        #expect(!middle.shown.hasSuffix("\u{2026}") && !middle.shown.hasPrefix("\u{2026}"), "\(middle.shown)")
        #expect(middle.frame.width <= 80)

        let head = try Self.drawn(text(Self.sentence, .lineLimit(1), .truncationMode(.head), narrow))
        #expect(head.shown.hasPrefix("\u{2026}") && head.shown.hasSuffix("world"), "\(head.shown)")

        let tail = try Self.drawn(text(Self.sentence, .lineLimit(1), narrow))
        #expect(tail.shown.hasPrefix("Hello") && tail.shown.hasSuffix("\u{2026}"), "\(tail.shown)")

        // The same cut where a height, not a line limit, leaves room for one line.
        let short = try Self.drawn(text(Self.sentence, .truncationMode(.head), .frame(FrameSpec(width: 80, height: 16))))
        #expect(short.shown.hasPrefix("\u{2026}") && short.shown.hasSuffix("world") && !short.shown.contains("\n"), "\(short.shown)")
    }

    @Test("a text that fits is shown whole whatever the mode")
    func fits() throws {
        for mode in TruncationModeName.allCases {
            #expect(try Self.drawn(text("Hello", .lineLimit(1), .truncationMode(mode))).shown == "Hello")
        }
    }

    @Test("several paragraphs cut by hand keep the ellipsis at the end (docs/view-tree.md)")
    func paragraphs() throws {
        let cut = try Self.drawn(text("First line\nSecond line", .lineLimit(1), .truncationMode(.middle)))
        #expect(cut.shown == "First line\u{2026}", "\(cut.shown)")
    }
}
