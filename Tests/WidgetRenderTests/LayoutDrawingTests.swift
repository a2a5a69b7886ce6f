import Testing
import WidgetPayload
@testable import WidgetRender

/// ZStack, decorations, shapes and indicators on the harness's 200 × 100 canvas.
@Suite("Layout: drawing")
struct LayoutDrawingTests {
    @Test("A ZStack is the union of its children, each placed at its alignment")
    func zstackAlignment() {
        let tree = ViewNode(.zStack(alignment: .bottomTrailing, children: [color(.red, .frame(FrameSpec(width: 50, height: 40))), text("ab")]))
        let list = LayoutHarness.layout(tree)
        #expect(list.fills.map(\.frame) == [rect(75, 30, 50, 40)])
        #expect(list.frame(ofText: "ab") == rect(115, 58, 10, 12))
    }

    @Test("background and overlay are laid out in the view's frame, drawn before and after it")
    func backgroundAndOverlay() {
        let tree = text("ab", .padding(EdgeInsetsSpec(all: 5)),
                        .background(color(.red), alignment: .center),
                        .overlay(text("x"), alignment: .topTrailing))
        let list = LayoutHarness.layout(tree)
        // The padded text is 20 × 22 at (90, 39).
        #expect(list.commands.count == 5)
        #expect(list.commands[1] == .fill(.rectangle, rect(90, 39, 20, 22), named(.red)))
        #expect(list.frame(ofText: "ab") == rect(95, 44, 10, 12))
        #expect(list.texts.map(\.string) == ["ab", "x"])
        #expect(list.frame(ofText: "x") == rect(105, 39, 5, 12))
    }

    @Test("clipShape, cornerRadius and opacity wrap the view's commands")
    func clipAndOpacity() {
        let list = LayoutHarness.layout(color(.red, .frame(FrameSpec(width: 60, height: 40)), .clipShape(.circle), .opacity(0.5)))
        #expect(Array(list.commands.dropFirst().dropLast()) == [
            .pushOpacity(0.5),
            .pushClip(.ellipse, rect(80, 30, 40, 40)),
            .fill(.rectangle, rect(70, 30, 60, 40), named(.red)),
            .popClip,
            .popOpacity,
        ])
        let rounded = LayoutHarness.layout(color(.red, .clipShape(.roundedRectangle(cornerRadius: 12))))
        #expect(rounded.commands[1] == .pushClip(.roundedRectangle(cornerRadius: 12), rect(0, 0, 200, 100)))
    }

    @Test("mask draws the content, then the mask in the same frame")
    func mask() {
        let list = LayoutHarness.layout(color(.red, .mask(text("ab"), alignment: .leading)))
        #expect(Array(list.commands.dropFirst().dropLast()) == [
            .beginMaskedContent,
            .fill(.rectangle, rect(0, 0, 200, 100), named(.red)),
            .beginMask,
            .text("ab", TextStyle(family: "Inter", size: 10), frame: rect(0, 44, 10, 12), paint: named(.primary)),
            .endMask,
        ])
    }

    @Test("A Circle is the largest circle centred in what it is offered, in the foreground; stroke draws its outline")
    func shapes() {
        let circle = LayoutHarness.layout(ViewNode(.shape(.circle, fill: nil, stroke: nil)))
        #expect(circle.fills.map(\.shape) == [.ellipse])
        #expect(circle.fills.map(\.frame) == [rect(50, 0, 100, 100)])
        #expect(circle.fills.map(\.paint) == [named(.primary)])
        let outline = LayoutHarness.layout(ViewNode(.shape(.capsule, fill: nil, stroke: StrokeStyleSpec(lineWidth: 3)), modifiers: [
            .frame(FrameSpec(width: 40, height: 20)), .foregroundStyle(.color(.named(.green, opacity: 0.5))),
        ]))
        var green = PaintResolver(colorScheme: .light).rgba(.named(.green, opacity: 1))
        green.alpha = 0.5
        #expect(outline.commands.contains(.stroke(.capsule, rect(80, 40, 40, 20), .color(green), lineWidth: 3)))
    }

    @Test("A gradient's unit points land on the view's frame")
    func gradient() {
        let stops = [GradientStopSpec(color: .named(.red, opacity: 1), location: 0), GradientStopSpec(color: .named(.blue, opacity: 1), location: 1)]
        let gradient = LinearGradientSpec(stops: stops, startPoint: UnitPointSpec(x: 0.5, y: 0), endPoint: UnitPointSpec(x: 0.5, y: 1))
        let list = LayoutHarness.layout(ViewNode(.fill(.linearGradient(gradient)), modifiers: [.frame(FrameSpec(width: 100, height: 50))]))
        let red = PaintResolver(colorScheme: .light).rgba(.named(.red, opacity: 1))
        let blue = PaintResolver(colorScheme: .light).rgba(.named(.blue, opacity: 1))
        #expect(list.fills.map(\.paint) == [.linearGradient(
            stops: [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)],
            start: Point(x: 100, y: 25), end: Point(x: 100, y: 75)
        )])
    }

    @Test("ProgressView: a full-width 4-point capsule track, filled to the value in the accent colour")
    func progress() {
        let list = LayoutHarness.layout(ViewNode(.progress(value: 1, total: 4, label: nil), modifiers: [.frame(FrameSpec(width: 100))]))
        #expect(list.fills.map(\.frame) == [rect(50, 48, 100, 4), rect(50, 48, 25, 4)])
        #expect(list.fills.map(\.shape) == [.capsule, .capsule])
        #expect(list.fills.last?.paint == named(.blue))
    }

    @Test("ProgressView's label sits above the track")
    func progressLabel() {
        let list = LayoutHarness.layout(ViewNode(.progress(value: 0.5, total: 1, label: text("ab")), modifiers: [.frame(FrameSpec(width: 100))]))
        // 12 + 4 + 4 = 20 tall, from 40.
        #expect(list.frame(ofText: "ab") == rect(50, 40, 10, 12))
        #expect(list.fills.map(\.frame) == [rect(50, 56, 100, 4), rect(50, 56, 50, 4)])
    }

    @Test("A circular capacity gauge is a ring track and an arc from the top, its value label centred")
    func circularGauge() throws {
        let gauge = GaugeSpec(value: 0.25, style: .accessoryCircularCapacity, currentValueLabel: text("25"))
        let list = LayoutHarness.layout(ViewNode(.gauge(gauge)))
        let arcs = list.commands.compactMap { command -> (Point, Double, Double, Double, Double)? in
            if case .arc(let center, let radius, let start, let end, let width, _) = command { return (center, radius, start, end, width) }
            return nil
        }
        try #require(arcs.count == 2)
        #expect(arcs[0].0 == Point(x: 100, y: 50))
        #expect(arcs[0].1 == 45)
        #expect(arcs[0].4 == 10)
        #expect(abs(arcs[0].3 - arcs[0].2 - 2 * Double.pi) < 1e-12)
        #expect(abs(arcs[1].3 - arcs[1].2 - Double.pi / 2) < 1e-12)
        #expect(list.frame(ofText: "25") == rect(95, 44, 10, 12))
    }
}
