import Testing
import WidgetPayload
@testable import WidgetRender

/// Stacks on the harness's 200 × 100 canvas; a 10-point character is 5 × 12.
@Suite("Layout: stacks")
struct LayoutStackTests {
    @Test("A Spacer between two texts in a VStack pushes them to the ends, with no spacing beside it")
    func vstackSpacer() {
        let list = LayoutHarness.layout(vstack(alignment: .center, text("ab"), spacer, text("cd")))
        #expect(list.frame(ofText: "ab") == rect(95, 0, 10, 12))
        #expect(list.frame(ofText: "cd") == rect(95, 88, 10, 12))
    }

    @Test("A Spacer between two texts in an HStack pushes them to the ends, centred vertically")
    func hstackSpacer() {
        let list = LayoutHarness.layout(hstack(text("ab"), spacer, text("cde")))
        #expect(list.frame(ofText: "ab") == rect(0, 44, 10, 12))
        #expect(list.frame(ofText: "cde") == rect(185, 44, 15, 12))
    }

    @Test("An HStack ideal-sized by fixedSize keeps the Spacer at its 8-point minimum")
    func spacerMinimum() {
        let list = LayoutHarness.layout(hstack(text("ab"), spacer, text("cd")).with(.fixedSize(horizontal: true, vertical: true)))
        // 10 + 8 + 10 = 28 wide, centred: from 86.
        #expect(list.frame(ofText: "ab") == rect(86, 44, 10, 12))
        #expect(list.frame(ofText: "cd") == rect(104, 44, 10, 12))
    }

    @Test("Default spacing is 8 between views; an explicit spacing replaces it")
    func spacing() {
        let standard = LayoutHarness.layout(hstack(text("ab"), text("cd")))
        #expect(standard.frame(ofText: "ab") == rect(86, 44, 10, 12))
        #expect(standard.frame(ofText: "cd") == rect(104, 44, 10, 12))
        let explicit = LayoutHarness.layout(vstack(spacing: 3, text("ab"), text("cd")))
        // 12 + 3 + 12 = 27 tall, centred: from 36.5.
        #expect(explicit.frame(ofText: "ab") == rect(95, 36.5, 10, 12))
        #expect(explicit.frame(ofText: "cd") == rect(95, 51.5, 10, 12))
    }

    @Test("The least flexible child is sized first; flexible ones share what is left")
    func flexibleAndFixed() {
        let list = LayoutHarness.layout(hstack(spacing: 0, color(.red), text("abcd"), color(.blue)))
        let fills = list.fills
        #expect(fills.count == 2)
        #expect(fills[0].frame == rect(0, 0, 90, 100))
        #expect(list.frame(ofText: "abcd") == rect(90, 44, 20, 12))
        #expect(fills[1].frame == rect(110, 0, 90, 100))
    }

    @Test("Equally flexible texts share the width equally")
    func equalShares() {
        let list = LayoutHarness.layout(hstack(spacing: 0, text("aaaaaaaaaa", .lineLimit(1)), text("bbbbbbbbbb", .lineLimit(1)))
            .with(.frame(FrameSpec(width: 60))))
        #expect(list.frame(ofText: "aaaaaaaaaa") == rect(70, 44, 30, 12))
        #expect(list.frame(ofText: "bbbbbbbbbb") == rect(100, 44, 30, 12))
    }

    @Test("A higher layoutPriority is offered space first; the others keep their minimum")
    func layoutPriority() {
        let list = LayoutHarness.layout(hstack(spacing: 0, text("aaaaaaaaaa", .lineLimit(1)), text("bbbbbbbbbb", .lineLimit(1), .layoutPriority(1)))
            .with(.frame(FrameSpec(width: 60))))
        #expect(list.frame(ofText: "bbbbbbbbbb") == rect(80, 44, 50, 12))
        #expect(list.frame(ofText: "aaaaaaaaaa") == rect(70, 44, 10, 12))
    }

    @Test("VStack alignment places children on the leading or trailing edge of the widest")
    func vstackAlignment() {
        let leading = LayoutHarness.layout(vstack(alignment: .leading, spacing: 0, text("a"), text("abcd")))
        #expect(leading.frame(ofText: "a") == rect(90, 38, 5, 12))
        let trailing = LayoutHarness.layout(vstack(alignment: .trailing, spacing: 0, text("a"), text("abcd")))
        #expect(trailing.frame(ofText: "a") == rect(105, 38, 5, 12))
    }

    @Test("HStack firstTextBaseline lines the texts up on their first baselines")
    func baselineAlignment() {
        let list = LayoutHarness.layout(hstack(alignment: .firstTextBaseline, spacing: 0,
            text("A", .font(.system(size: 20, weight: nil, design: nil))), text("b")))
        // Baselines 16 and 8: the stack is 16 above and 8 below the line, 24 tall, from 38.
        #expect(list.frame(ofText: "A") == rect(92.5, 38, 10, 24))
        #expect(list.frame(ofText: "b") == rect(102.5, 46, 5, 12))
    }

    @Test("HStack lastTextBaseline uses the last line of a wrapped text")
    func lastBaseline() {
        let list = LayoutHarness.layout(hstack(alignment: .lastTextBaseline, spacing: 0,
            text("aa aa", .frame(FrameSpec(width: 10))), text("b")))
        // "aa aa" wraps to two lines (24 tall, last baseline 20); "b" sits 12 lower.
        #expect(list.frame(ofText: "aa aa") == rect(92.5, 38, 10, 24))
        #expect(list.frame(ofText: "b") == rect(102.5, 50, 5, 12))
    }

    @Test("A Divider is a vertical line in an HStack and a horizontal one in a VStack")
    func dividers() {
        let across = LayoutHarness.layout(hstack(spacing: 0, text("ab"), ViewNode(.divider), text("cd")))
        #expect(across.fills.map(\.frame) == [rect(99.5, 0, 1, 100)])
        let down = LayoutHarness.layout(vstack(spacing: 0, text("ab"), ViewNode(.divider), text("cd")))
        #expect(down.fills.map(\.frame) == [rect(0, 49.5, 200, 1)])
        #expect(down.fills.first?.paint == .color(SystemColors.separator(.light)))
    }

    @Test("A Divider spans a stack sized by its content")
    func dividerSpansIdealStack() {
        let list = LayoutHarness.layout(vstack(spacing: 0, text("abcd"), ViewNode(.divider))
            .with(.fixedSize(horizontal: true, vertical: true)))
        #expect(list.fills.map(\.frame) == [rect(90, 55.5, 20, 1)])
    }

    @Test("EmptyView takes no space and no spacing")
    func emptyView() {
        let list = LayoutHarness.layout(hstack(text("ab"), ViewNode(.empty), text("cd")))
        #expect(list.frame(ofText: "cd") == rect(104, 44, 10, 12))
    }
}
