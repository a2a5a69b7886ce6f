import Testing
import WidgetPayload
@testable import WidgetRender

/// Images on the harness's 200 × 100 canvas; "poster" is 100 × 50 points.
@Suite("Layout: images")
struct LayoutImageTests {
    let poster = ViewNode(.image(.asset("poster")))

    @Test("An image that is not resizable keeps its natural size")
    func naturalSize() {
        let list = LayoutHarness.layout(poster)
        #expect(list.commands.contains(.image(.asset("poster"), frame: rect(50, 25, 100, 50), clip: nil)))
    }

    @Test("A resizable image stretches to the proposal")
    func resizable() {
        let list = LayoutHarness.layout(poster.with(.resizable))
        #expect(list.commands.contains(.image(.asset("poster"), frame: rect(0, 0, 200, 100), clip: nil)))
    }

    @Test("aspectRatio fit: the largest size of the image's ratio inside the frame")
    func aspectFit() {
        let list = LayoutHarness.layout(poster.with(.resizable, .aspectRatio(nil, contentMode: .fit), .frame(FrameSpec(width: 80, height: 80))))
        #expect(list.commands.contains(.image(.asset("poster"), frame: rect(60, 30, 80, 40), clip: nil)))
    }

    @Test("aspectRatio fill (scaledToFill): the overflowing frame, clipped to the proposal")
    func aspectFill() {
        let list = LayoutHarness.layout(poster.with(.resizable, .aspectRatio(nil, contentMode: .fill), .frame(FrameSpec(width: 80, height: 80))))
        #expect(list.commands.contains(.image(.asset("poster"), frame: rect(20, 10, 160, 80), clip: rect(60, 10, 80, 80))))
    }

    @Test("An explicit ratio overrides the image's own")
    func explicitRatio() {
        let list = LayoutHarness.layout(poster.with(.resizable, .aspectRatio(1, contentMode: .fit)))
        #expect(list.commands.contains(.image(.asset("poster"), frame: rect(50, 0, 100, 100), clip: nil)))
    }

    @Test("A missing image is a 40-point box, or the proposal when resizable")
    func missingImage() {
        let fixed = LayoutHarness.layout(ViewNode(.image(.asset("nope"))))
        #expect(fixed.commands.contains(.missingImage(frame: rect(80, 30, 40, 40))))
        let stretched = LayoutHarness.layout(ViewNode(.image(.appGroup(group: "group.x", path: "nope.png")), modifiers: [.resizable]))
        #expect(stretched.commands.contains(.missingImage(frame: rect(0, 0, 200, 100))))
    }

    @Test("A system symbol is a square of the font's size, in the foreground")
    func symbol() {
        let list = LayoutHarness.layout(hstack(spacing: 0,
            ViewNode(.image(.system("star.fill"))),
            ViewNode(.image(.system("bolt")), modifiers: [.font(.system(size: 20, weight: nil, design: nil)), .foregroundStyle(.color(.named(.orange, opacity: 1)))])))
        #expect(list.commands.contains(.symbol("star.fill", frame: rect(85, 45, 10, 10), paint: named(.primary))))
        #expect(list.commands.contains(.symbol("bolt", frame: rect(95, 40, 20, 20), paint: named(.orange))))
    }
}
