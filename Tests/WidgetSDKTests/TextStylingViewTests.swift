import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// Text concatenation, text styles and Font's traits evaluated into the tree, and their wire
// form (tree version 4).

private let red = FillStyle.color(.named(.red, opacity: 1))

@Suite struct TextStylingViewTests {
    @Test func concatenatedTextIsOneNodeWhoseRunsKeepTheirOwnStyles() {
        let tree = evaluate {
            (Text("Rain ").bold() + Text("at ").italic() + Text("3 PM").foregroundColor(.red).underline())
                .font(.caption)
        }
        #expect(tree.root == ViewNode(.text(.runs([
            TextRun(.verbatim("Rain "), modifiers: [.fontWeight(.bold)]),
            TextRun(.verbatim("at "), modifiers: [.italic]),
            TextRun(.verbatim("3 PM"), modifiers: [.foregroundStyle(red), .underline(color: nil)]),
        ])), modifiers: [.font(.textStyle(.caption, weight: nil, design: nil))]))
        #expect(tree.features == [.textRuns, .textStyles])
        #expect(tree.lowestVersion == 4)
    }

    @Test func aStyledConcatenationConcatenatedAgainKeepsItsStyleOnEachRun() {
        let date = Date(timeIntervalSince1970: 1_767_279_600)
        let tree = evaluate {
            (Text("a") + Text("b").kerning(2)).strikethrough(color: .red) + Text(date, style: .time)
        }
        #expect(tree.root == ViewNode(.text(.runs([
            TextRun(.verbatim("a"), modifiers: [.strikethrough(color: .named(.red, opacity: 1))]),
            TextRun(.verbatim("b"), modifiers: [.kerning(2), .strikethrough(color: .named(.red, opacity: 1))]),
            TextRun(.date(1_767_279_600, style: .time)),
        ]))))
        var sum = Text("x")
        sum += Text("y").monospacedDigit()
        #expect(evaluate { sum }.root.kind == .text(.runs([TextRun(.verbatim("x")), TextRun(.verbatim("y"), modifiers: [.monospacedDigit])])))
    }

    @Test func textStylesReturnTextAndInactiveOnesAddNothing() {
        let styled: Text = Text("A").italic().monospaced().fontWidth(.condensed).tracking(1.5)
            .baselineOffset(-2).underline(false).strikethrough(false).italic(false).fontWidth(nil)
        #expect(evaluate { styled }.root.modifiers == [.italic, .monospaced, .fontWidth(.condensed), .tracking(1.5), .baselineOffset(-2)])
    }

    @Test func viewLevelTextStylesApplyToTheTextInside() {
        let tree = evaluate {
            VStack { Text("a") }
                .textCase(.uppercase).monospacedDigit().italic().underline(color: .blue).kerning(-1)
                .textCase(nil).fontWidth(.expanded).monospaced(false)
        }
        #expect(tree.root.modifiers == [
            .textCase(.uppercase), .monospacedDigit, .italic, .underline(color: .named(.blue, opacity: 1)), .kerning(-1),
            .textCase(nil), .fontWidth(.expanded),
        ])
    }

    @Test func fontTraitsStayWithTheFont() {
        let font = Font.body.italic().monospacedDigit().width(.compressed).weight(.bold)
        #expect(font.spec == .modified(.textStyle(.body, weight: .bold, design: nil),
                                       FontTraits(italic: true, monospacedDigit: true, width: .compressed)))
        #expect(Font.system(size: 12).monospaced().spec == .system(size: 12, weight: nil, design: .monospaced))
        #expect(Font.custom("Brand", size: 12).monospaced().spec == .custom(name: "Brand", size: 12))
        #expect(Font.title.italic().monospaced().spec == .modified(.textStyle(.title, weight: nil, design: .monospaced), FontTraits(italic: true)))
        let tree = evaluate { Text("1").font(font) }
        #expect(tree.features == [.textStyles])
    }

    @Test func theWireKeepsRunsStylesAndTraits() throws {
        let root = ViewNode(.text(.runs([
            TextRun(.verbatim("Big "), modifiers: [.font(.modified(.system(size: 20, weight: .heavy, design: nil), FontTraits(italic: true, width: .expanded)))]),
            TextRun(.date(1_767_279_600, style: .timer), modifiers: [.monospacedDigit, .foregroundStyle(red), .baselineOffset(3.5)]),
            TextRun(.verbatim("end"), modifiers: [.underline(color: .catalog("Brand", opacity: 1)), .strikethrough(color: nil), .tracking(-0.5)]),
        ])), modifiers: [.textCase(.lowercase), .kerning(1), .italic, .monospaced, .fontWidth(.condensed), .textCase(nil)])
        let tree = ViewTree(root: root)
        #expect(tree.version == 4)
        #expect(tree.features == [.textRuns, .textStyles, .catalogColor])
        let json = tree.jsonValue
        #expect(try ViewTree(json: json) == tree)
        let read = try JSONReader().read(try JSONWriter.bytes(of: json))
        #expect(try ViewTree(json: read) == tree)
        let written = try ViewTreeSamples.json(#"""
            {"version": 4, "root": {"type": "text", "runs": [
              {"text": "a", "modifiers": [{"type": "font", "font": {"textStyle": "body", "italic": true, "monospacedDigit": true, "width": "compressed"}}]},
              {"text": "b", "modifiers": [{"type": "underline"}, {"type": "strikethrough", "color": {"named": "red"}}]}
            ], "modifiers": [{"type": "textCase", "case": null}, {"type": "textCase", "case": "uppercase"}]}}
            """#)
        #expect(try ViewTree(json: written).root == ViewNode(.text(.runs([
            TextRun(.verbatim("a"), modifiers: [.font(.modified(.textStyle(.body, weight: nil, design: nil),
                                                                 FontTraits(italic: true, monospacedDigit: true, width: .compressed)))]),
            TextRun(.verbatim("b"), modifiers: [.underline(color: nil), .strikethrough(color: .named(.red, opacity: 1))]),
        ])), modifiers: [.textCase(nil), .textCase(.uppercase)]))
    }

    @Test func oldTreesStillDecodeAndStayTheirVersion() throws {
        let old = try ViewTreeSamples.json(#"{"version": 1, "root": {"type": "text", "text": "Hi", "modifiers": [{"type": "font", "font": {"size": 12}}]}}"#)
        let tree = try ViewTree(json: old)
        #expect(tree.root == ViewNode(.text(.verbatim("Hi")), modifiers: [.font(.system(size: 12, weight: nil, design: nil))]))
        #expect(tree.lowestVersion == 1)
        #expect(ViewTree(root: tree.root).jsonValue == ViewTree(version: 1, root: tree.root).jsonValue)
    }

    @Test func badRunsAreRefusedAtTheirPath() throws {
        func refusal(_ document: String) throws -> ViewTreeError? {
            let json = try ViewTreeSamples.json(document)
            do { _ = try ViewTree(json: json); return nil } catch { return error }
        }
        let layout = try refusal(#"{"version": 4, "root": {"type": "text", "runs": [{"text": "a", "modifiers": [{"type": "padding"}]}]}}"#)
        #expect(layout?.path == "view.root.runs.0.modifiers.0.type")
        if case .unknownType("padding", let allowed)? = layout?.problem {
            #expect(allowed.contains("underline") && !allowed.contains("textCase"))
        } else {
            Issue.record("\(String(describing: layout))")
        }
        let nested = try refusal(#"{"version": 4, "root": {"type": "text", "runs": [{"runs": []}]}}"#)
        #expect(nested == ViewTreeError(path: "view.root.runs.0", problem: .exactlyOneOf(["text", "date"], found: [])))
        let both = try refusal(#"{"version": 4, "root": {"type": "text", "text": "a", "runs": []}}"#)
        #expect(both == ViewTreeError(path: "view.root", problem: .exactlyOneOf(["text", "date", "runs"], found: ["text", "runs"])))
        let textCase = try refusal(#"{"version": 4, "root": {"type": "text", "text": "a", "modifiers": [{"type": "textCase"}]}}"#)
        #expect(textCase == ViewTreeError(path: "view.root.modifiers.0", problem: .missingMember("case")))
        let newer = try refusal(#"{"version": 99, "root": {"type": "empty"}}"#)
        #expect(newer?.problem == .unsupportedVersion(found: 99, supported: ViewTree.currentVersion))
    }
}
