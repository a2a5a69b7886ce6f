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

    /// One path cut in one line by each `truncationMode`, then two lines cut in the middle, and
    /// two paragraphs, whose hand-made ellipsis stays at the end.
    static let truncation = ViewNode(.vStack(alignment: .leading, spacing: 4, children: [
        text("/Users/ana/Documents/Trips/Lisbon.pdf", .truncationMode(.tail)),
        text("/Users/ana/Documents/Trips/Lisbon.pdf", .truncationMode(.middle)),
        text("/Users/ana/Documents/Trips/Lisbon.pdf", .truncationMode(.head)),
        text("Rain at 3 PM in Lisbon, then sun and wind until the evening", .lineLimit(2), .truncationMode(.middle)),
        text("Rain at 3 PM\nSun at 6 PM", .lineLimit(1), .truncationMode(.head)),
    ]), modifiers: [.lineLimit(1), .font(.textStyle(.subheadline, weight: nil, design: nil)), leadingTop])

    static let cases: [(name: String, root: ViewNode, family: WidgetFamily)] = [
        ("concatenation", concatenation, .systemSmall), ("styles", styles, .systemLarge), ("labels", labels, .systemSmall),
        ("truncation", truncation, .systemSmall),
    ]

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        try GoldenFolder("Text").check(name, root: testCase.root, family: testCase.family)
    }
}
