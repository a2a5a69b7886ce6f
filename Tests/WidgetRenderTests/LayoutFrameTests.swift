import Testing
import WidgetPayload
@testable import WidgetRender

/// `frame`, `padding` and `fixedSize` on the harness's 200 × 100 canvas ("ab" is 10 × 12).
@Suite("Layout: frames, padding, fixedSize")
struct LayoutFrameTests {
    static let alignments: [(AlignmentName, Double, Double)] = [
        (.topLeading, 75, 30), (.top, 95, 30), (.topTrailing, 115, 30),
        (.leading, 75, 44), (.center, 95, 44), (.trailing, 115, 44),
        (.bottomLeading, 75, 58), (.bottom, 95, 58), (.bottomTrailing, 115, 58),
    ]

    @Test("A fixed frame takes its size and places the child at its alignment", arguments: alignments)
    func fixedFrame(alignment: AlignmentName, x: Double, y: Double) {
        // The 50 × 40 frame is centred: (75, 30).
        let list = LayoutHarness.layout(text("ab", .frame(FrameSpec(width: 50, height: 40, alignment: alignment)), .background(color(.red), alignment: .center)))
        #expect(list.fills.map(\.frame) == [rect(75, 30, 50, 40)])
        #expect(list.frame(ofText: "ab") == rect(x, y, 10, 12))
    }

    @Test("maxWidth: .infinity takes the whole proposal; leading alignment puts the child at its start")
    func maxWidthInfinity() {
        let list = LayoutHarness.layout(text("ab", .frame(FrameSpec(maxWidth: .infinity, alignment: .leading)), .background(color(.red), alignment: .center)))
        #expect(list.fills.map(\.frame) == [rect(0, 44, 200, 12)])
        #expect(list.frame(ofText: "ab") == rect(0, 44, 10, 12))
    }

    @Test("A finite maxWidth grows towards the proposal up to the maximum")
    func finiteMaxWidth() {
        let list = LayoutHarness.layout(text("ab", .frame(FrameSpec(maxWidth: 100)), .background(color(.red), alignment: .center)))
        #expect(list.fills.map(\.frame) == [rect(50, 44, 100, 12)])
        #expect(list.frame(ofText: "ab") == rect(95, 44, 10, 12))
    }

    @Test("minWidth raises the child's width to the minimum, and no further")
    func minWidth() {
        let list = LayoutHarness.layout(text("ab", .frame(FrameSpec(minWidth: 50)), .background(color(.red), alignment: .center)))
        #expect(list.fills.map(\.frame) == [rect(75, 44, 50, 12)])
    }

    @Test("Offered nil, a frame with an ideal width takes it")
    func idealWidth() {
        let list = LayoutHarness.layout(text("ab", .frame(FrameSpec(idealWidth: 80)), .background(color(.red), alignment: .center),
                                             .fixedSize(horizontal: true, vertical: true)))
        #expect(list.fills.map(\.frame) == [rect(60, 44, 80, 12)])
    }

    @Test("padding grows the view by its insets")
    func padding() {
        let list = LayoutHarness.layout(text("ab", .padding(EdgeInsetsSpec(all: 10)), .background(color(.red), alignment: .center)))
        #expect(list.fills.map(\.frame) == [rect(85, 34, 30, 32)])
        #expect(list.frame(ofText: "ab") == rect(95, 44, 10, 12))
    }

    @Test("padding shrinks what the child is offered")
    func paddingShrinksProposal() {
        let list = LayoutHarness.layout(text("aaaa aaaa", .padding(EdgeInsetsSpec(leading: 160, trailing: 5))))
        // Offered 35 (7 characters), the text wraps to two lines of four.
        #expect(list.frame(ofText: "aaaa aaaa") == rect(167.5, 38, 20, 24))
    }

    @Test("Without fixedSize a text wraps in a narrow frame; with it, it keeps its ideal width and overflows centred")
    func fixedSize() {
        let wrapped = LayoutHarness.layout(text("aaaa aaaa aaaa", .frame(FrameSpec(width: 30))))
        #expect(wrapped.frame(ofText: "aaaa aaaa aaaa") == rect(90, 32, 20, 36))
        let fixed = LayoutHarness.layout(text("aaaa aaaa aaaa", .fixedSize(horizontal: true, vertical: true), .frame(FrameSpec(width: 30))))
        #expect(fixed.frame(ofText: "aaaa aaaa aaaa") == rect(65, 44, 70, 12))
    }

    @Test("fixedSize on one axis: wrapped at the width, as tall as it needs")
    func fixedSizeVertical() {
        let cut = LayoutHarness.layout(text("aaaa aaaa aaaa", .frame(FrameSpec(width: 30, height: 12))))
        #expect(cut.frame(ofText: "aaaa aaaa aaaa")?.height == 12)
        let tall = LayoutHarness.layout(text("aaaa aaaa aaaa", .fixedSize(horizontal: false, vertical: true), .frame(FrameSpec(width: 30, height: 12))))
        #expect(tall.frame(ofText: "aaaa aaaa aaaa") == rect(90, 32, 20, 36))
    }
}
