import Testing
import WidgetPayload
@testable import WidgetRender

/// The widget around the content: canvas clip, backgrounds, margins, links and redaction.
@Suite("Layout: the widget")
struct LayoutWidgetTests {
    let small = Size(width: 170, height: 170)
    let canvas = rect(0, 0, 170, 170)

    @Test("containerBackground is drawn edge to edge behind content placed inside the margins")
    func containerBackground() {
        let tree = text("ab", .containerBackground(color(.blue)))
        let list = LayoutHarness.layout(tree, family: .systemSmall, size: nil)
        #expect(list.size == small)
        #expect(list.commands == [
            .pushClip(.roundedRectangle(cornerRadius: 22), canvas),
            .fill(.rectangle, canvas, .color(RGBA(red: 1, green: 1, blue: 1))),
            .fill(.rectangle, canvas, named(.blue)),
            .text("ab", TextStyle(family: "Inter", size: 10), frame: rect(80, 79, 10, 12), paint: named(.primary)),
            .popClip,
        ])
    }

    @Test("The root is offered the area inside the 16-point margins")
    func margins() {
        let list = LayoutHarness.layout(color(.red), family: .systemSmall, size: nil)
        #expect(list.fills.map(\.frame) == [canvas, rect(16, 16, 138, 138)])
    }

    @Test("contentMarginsDisabled gives the root the whole canvas")
    func marginsDisabled() {
        let list = LayoutHarness.layout(color(.red), family: .systemSmall, size: nil, marginsDisabled: true)
        #expect(list.fills.map(\.frame) == [canvas, canvas])
    }

    @Test("The system families get the system background, under any container background; accessories nothing")
    func systemBackground() {
        let light = LayoutHarness.layout(text("ab"), family: .systemSmall, size: nil)
        #expect(light.fills.first?.paint == .color(RGBA(red: 1, green: 1, blue: 1)))
        let dark = LayoutHarness.layout(text("ab"), family: .systemSmall, size: nil, colorScheme: .dark)
        #expect(dark.fills.first?.paint == .color(RGBA(red: 0.11, green: 0.11, blue: 0.118)))
        let accessory = LayoutHarness.layout(text("ab"), family: .accessoryCircular, size: nil)
        #expect(accessory.fills.isEmpty)
        #expect(accessory.commands.first == .pushClip(.roundedRectangle(cornerRadius: 38), rect(0, 0, 76, 76)))
    }

    @Test("The dark root is drawn in the dark appearance")
    func darkRoot() {
        let tree = ViewTree(root: text("light"), dark: text("dark"))
        let environment = LayoutEnvironment(family: .systemSmall, colorScheme: .dark, now: LayoutHarness.now)
        #expect(LayoutHarness.engine.layout(tree, in: environment).texts.map(\.string) == ["dark"])
    }

    @Test("A Link records its frame")
    func link() {
        let tree = hstack(text("a"), ViewNode(.link(url: "app://detail", content: text("bb"))))
        let list = LayoutHarness.layout(tree)
        #expect(list.frame(ofText: "bb") == rect(101.5, 44, 10, 12))
        #expect(list.links == [LinkRegion(url: "app://detail", frame: rect(101.5, 44, 10, 12))])
    }

    @Test("The first widgetURL covers the whole canvas, before the links")
    func widgetURL() {
        let tree = vstack(
            ViewNode(.link(url: "app://link", content: text("a"))),
            text("b", .widgetURL("app://inner"))
        ).with(.widgetURL("app://widget"))
        let list = LayoutHarness.layout(tree, family: .systemSmall, size: nil)
        #expect(list.links.map(\.url) == ["app://widget", "app://link"])
        #expect(list.links.first?.frame == canvas)
    }

    @Test("redacted text is drawn as bars in the faint foreground, one per line")
    func redactedText() {
        let list = LayoutHarness.layout(vstack(text("ab", .redacted(.placeholder)), text("aaaa bbbb", .redacted(.placeholder), .frame(FrameSpec(width: 20)))))
        #expect(list.texts.isEmpty)
        // "ab" at (95, 28): one 7.2-point bar centred on its 12-point line. The wrapped text
        // at (90, 48), two lines: the last bar shorter.
        var faint = SystemColors.color(.primary, .light)
        faint.alpha = Redaction.opacity
        let bars = [rect(95, 30.4, 10, 7.2), rect(90, 50.4, 20, 7.2), rect(90, 62.4, 12, 7.2)]
        #expect(list.fills.count == bars.count)
        #expect(zip(list.fills, bars).allSatisfy { close($0.frame, $1) })
        #expect(list.fills.allSatisfy { fill in
            guard case .roundedRectangle(let radius) = fill.shape else { return false }
            return fill.paint == .color(faint) && abs(radius - 3.6) < 1e-9
        })
    }

    @Test("The placeholder redacts the whole tree, images included")
    func placeholder() {
        let list = LayoutHarness.layout(hstack(text("ab"), ViewNode(.image(.asset("icon")))), redactsPlaceholder: true)
        #expect(list.texts.isEmpty)
        #expect(!list.commands.contains { if case .image = $0 { true } else { false } })
        #expect(list.fills.count == 2)
        #expect(list.fills.last?.frame == rect(97, 38, 24, 24))
    }

    @Test("privacySensitive is redacted only when the host asks")
    func privacySensitive() {
        let tree = vstack(text("public"), text("secret", .privacySensitive))
        #expect(LayoutHarness.layout(tree).texts.map(\.string) == ["public", "secret"])
        #expect(LayoutHarness.layout(tree, redactsPrivacySensitive: true).texts.map(\.string) == ["public"])
    }
}
