import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Text runs, text styles and labels drawn at 2× and compared with golden images in
/// `Tests/Fixtures/Golden/Text/`, as the samples' are (`GoldenImageTests`). The label trees are
/// those the SDK evaluates `Label` into (LabelViewTests). After a deliberate change, look at the
/// new images, then regenerate them with
///
///     WIDGETHOST_UPDATE_GOLDENS=1 swift test --skip-build --filter TextStylingGoldenTests
@Suite("Text style golden images")
struct TextStylingGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Golden/Text", isDirectory: true)
    static let updating = ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDENS"] == "1"

    private static func run(_ string: String, _ modifiers: ViewModifierNode...) -> TextRun {
        TextRun(.verbatim(string), modifiers: modifiers)
    }

    private static let red = ViewModifierNode.foregroundStyle(.color(.named(.red, opacity: 1)))
    private static let secondary = ViewModifierNode.foregroundStyle(.color(.named(.secondary, opacity: 1)))
    private static let leadingTop = ViewModifierNode.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))

    /// `Text("Rain ").bold() + Text("at 3 PM").foregroundColor(.red) + …`, wrapped as one paragraph.
    static let concatenation = ViewNode(.vStack(alignment: .leading, spacing: 6, children: [
        ViewNode(.text(.runs([
            run("Rain ", .fontWeight(.bold)), run("at 3 PM", red), run(" in Lisbon, ", .italic),
            run("then sun", .underline(color: nil)), run(" and ", secondary), run("wind", .font(.textStyle(.title3, weight: .heavy, design: nil))),
        ])), modifiers: [.font(.textStyle(.subheadline, weight: nil, design: nil))]),
        ViewNode(.text(.runs([run("E = mc"), run("2", .baselineOffset(8), .font(.system(size: 11, weight: nil, design: nil)))]))),
    ]), modifiers: [leadingTop])

    /// One line per style, in a large widget.
    static let styles = ViewNode(.vStack(alignment: .leading, spacing: 2, children: [
        text("Italic text", .italic),
        text("Bold italic", .font(.modified(.textStyle(.body, weight: .bold, design: nil), FontTraits(italic: true)))),
        text("1111 | 8888", .monospacedDigit),
        text("1111 | 8888"),
        text("Monospaced", .monospaced),
        text("Tracking", .tracking(4)),
        text("Kerning", .kerning(-1)),
        text("Offset", .baselineOffset(4)),
        text("uppercase", .textCase(.uppercase)),
        text("Underlined", .underline(color: .named(.red, opacity: 1))),
        text("Struck through", .strikethrough(color: nil)),
    ]), modifiers: [.font(.textStyle(.body, weight: nil, design: nil)), leadingTop])

    private static let rain = ViewNode(.image(.system("cloud.rain.fill")))
    private static func label(_ title: String, _ modifiers: ViewModifierNode...) -> ViewNode {
        ViewNode(.hStack(alignment: .center, spacing: nil, children: [rain, ViewNode(.text(.verbatim(title)))]), modifiers: modifiers)
    }

    /// Labels as iOS draws them: `.titleAndIcon` in body, headline and caption; `.iconOnly` beside
    /// a custom style (icon over a caption title); `.titleOnly`.
    static let labels = ViewNode(.vStack(alignment: .leading, spacing: 6, children: [
        label("Rain"),
        label("Heavy rain", .font(.textStyle(.headline, weight: nil, design: nil)), .foregroundStyle(.color(.named(.blue, opacity: 1)))),
        label("Light rain", .font(.textStyle(.caption, weight: nil, design: nil))),
        ViewNode(.hStack(alignment: .center, spacing: nil, children: [
            rain,
            ViewNode(.vStack(alignment: .center, spacing: 2, children: [
                rain, ViewNode(.text(.verbatim("Drizzle")), modifiers: [.font(.textStyle(.caption, weight: nil, design: nil))]),
            ])),
        ])),
        ViewNode(.text(.verbatim("Title only"))),
    ]), modifiers: [leadingTop])

    static let cases: [(name: String, root: ViewNode, family: WidgetFamily)] = [
        ("concatenation", concatenation, .systemSmall), ("styles", styles, .systemLarge), ("labels", labels, .systemSmall),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let face = WidgetFace(kind: "text", content: .object([:]), view: ViewTree(root: testCase.root), viewError: nil)
        let environment = LayoutEnvironment(family: testCase.family, now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)
        let image = try WidgetRenderer(assets: .empty).image(face, in: environment, format: .png, scale: 2)
        #expect(image.problems.isEmpty, "\(image.problems)")
        let file = Self.folder.appendingPathComponent("\(name).png")
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(image.bytes).write(to: file)
        }
        guard let expected = try? Data(contentsOf: file) else {
            Issue.record("no golden image \(name).png; look at it, then make it with WIDGETHOST_UPDATE_GOLDENS=1 (see this suite's comment)")
            return
        }
        let drawn = try RasterImage(png: image.bytes)
        let reference = try RasterImage(png: [UInt8](expected))
        let differing = try #require(drawn.pixelsDiffering(from: reference, byMoreThan: 24), "drawn \(drawn.width)×\(drawn.height), golden \(reference.width)×\(reference.height)")
        let share = Double(differing) / Double(drawn.pixels.count)
        if share > 0.005 {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-text-\(name).png")
            try? Data(image.bytes).write(to: actual)
            Issue.record("\(name).png: \(differing) pixels differ from the golden image; this drawing is at \(actual.path)")
        }
    }
}
