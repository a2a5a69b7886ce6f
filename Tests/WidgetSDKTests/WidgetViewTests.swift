import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// The environment a view reads, and what a widget's configuration adds to its tree.

private struct FamilyView: View {
    @Environment(\.widgetFamily) var family
    let title: String

    var body: some View {
        switch family {
        case .systemSmall:
            Text(title)
        case .systemMedium:
            HStack {
                Text(title)
                Spacer()
            }
        default:
            Text(family.rawValue)
        }
    }
}

private struct SchemeView: View {
    @Environment(\.colorScheme) var colorScheme

    var body: some View {
        Text("moon").foregroundColor(colorScheme == .dark ? .white : .black)
    }
}

/// Reads the scheme and draws the same thing in both.
private struct SchemeBlindView: View {
    @Environment(\.colorScheme) var colorScheme

    var body: some View {
        Text(colorScheme == .dark ? "same" : "same")
    }
}

private struct ScaleView: View {
    @Environment(\.displayScale) var scale

    var body: some View {
        Text("\(scale)")
    }
}

@Suite struct EnvironmentEvaluationTests {
    @Test func theFamilyPicksTheBranch() {
        #expect(evaluate(.systemSmall) { FamilyView(title: "t") }.root == ViewNode(.text(.verbatim("t"))))
        #expect(evaluate(.systemMedium) { FamilyView(title: "t") }.root == ViewNode(.hStack(alignment: .center, spacing: nil, children: [
            ViewNode(.text(.verbatim("t"))), ViewNode(.spacer(minLength: nil)),
        ])))
        #expect(evaluate(.accessoryRectangular) { FamilyView(title: "t") }.root == ViewNode(.text(.verbatim("accessoryRectangular"))))
    }

    @Test func aViewThatReadsTheColorSchemeIsEvaluatedAgainInDark() {
        let tree = evaluate { SchemeView() }
        #expect(tree.root == ViewNode(.text(.verbatim("moon")), modifiers: [.foregroundStyle(.color(.named(.black, opacity: 1)))]))
        #expect(tree.dark == ViewNode(.text(.verbatim("moon")), modifiers: [.foregroundStyle(.color(.named(.white, opacity: 1)))]))
        #expect(tree.root(for: .dark) == tree.dark)
    }

    @Test func aViewThatDoesNotReadTheColorSchemeHasNoDarkTree() {
        #expect(evaluate { FamilyView(title: "t") }.dark == nil)
    }

    @Test func aDarkTreeSameAsTheLightOneIsNotSent() {
        #expect(evaluate { SchemeBlindView() }.dark == nil)
    }

    @Test func aSchemeSetInTheViewIsNotTheHostsAppearance() {
        let tree = evaluate { SchemeView().environment(\.colorScheme, .dark) }
        #expect(tree.root == ViewNode(.text(.verbatim("moon")), modifiers: [.foregroundStyle(.color(.named(.white, opacity: 1)))]))
        #expect(tree.dark == nil)
    }

    @Test func theDisplayScaleIsTwo() {
        #expect(evaluate { ScaleView() }.root == ViewNode(.text(.verbatim("2.0"))))
    }
}

// MARK: - Widget-level modifiers and the configuration

private struct NoteEntry: TimelineEntry {
    let date: Date
    let note: String
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: context.now, note: "…") }
    func getSnapshot(in context: Context, completion: @escaping (NoteEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct EncodableNote: TimelineEntry, Encodable {
    let date: Date
    let note: String
}

@Suite struct WidgetViewConfigurationTests {
    private let entry = NoteEntry(date: Date(timeIntervalSince1970: 1_767_225_600), note: "hello")

    @Test func containerBackgroundFromAStyleOrAView() {
        let styled = evaluate { Text("x").containerBackground(.blue.opacity(0.5), for: .widget) }
        #expect(styled.root.modifiers == [.containerBackground(ViewNode(.fill(.color(.named(.blue, opacity: 0.5)))))])

        let viewed = evaluate {
            Text("x").containerBackground(for: .widget) {
                LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
            }
        }
        #expect(viewed.root.modifiers == [.containerBackground(ViewNode(.fill(.linearGradient(LinearGradientSpec(
            stops: [GradientStopSpec(color: .named(.red, opacity: 1), location: 0), GradientStopSpec(color: .named(.blue, opacity: 1), location: 1)],
            startPoint: UnitPointSpec(x: 0.5, y: 0), endPoint: UnitPointSpec(x: 0.5, y: 1))))))])
    }

    @Test func anAlignedContainerBackgroundIsPlacedByAFrameFillingTheWidget() {
        let tree = evaluate {
            Text("x").containerBackground(for: .widget, alignment: .topTrailing) { Image(systemName: "star.fill") }
        }
        #expect(tree.root.modifiers == [.containerBackground(ViewNode(.image(.system("star.fill")), modifiers: [
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)),
        ]))])
    }

    @Test func widgetURLRedactedAndPrivacySensitive() throws {
        let url = try #require(URL(string: "fishgo://spot/1"))
        let tree = evaluate { Text("x").widgetURL(url).redacted(reason: .placeholder).privacySensitive() }
        #expect(tree.root.modifiers == [.widgetURL("fishgo://spot/1"), .redacted(.placeholder), .privacySensitive])
    }

    @Test func theEntryViewIsEvaluatedInTheFamilyOfTheCall() {
        let configuration = StaticConfiguration(kind: "Notes", provider: NoteProvider()) { entry in
            FamilyView(title: entry.note)
        }
        #expect(configuration.viewTree(for: entry, family: .systemSmall) == ViewTree(root: ViewNode(.text(.verbatim("hello")))))
        #expect(configuration.viewTree(for: entry, family: .systemMedium)?.root.kind
            == .hStack(alignment: .center, spacing: nil, children: [ViewNode(.text(.verbatim("hello"))), ViewNode(.spacer(minLength: nil))]))
    }

    @Test func contentMarginsDisabledIsCarriedByTheTree() {
        let plain = StaticConfiguration(kind: "Notes", provider: NoteProvider()) { Text($0.note) }
        #expect(plain.viewTree(for: entry, family: .systemSmall)?.contentMarginsDisabled == false)
        let disabled = plain.contentMarginsDisabled().configurationDisplayName("Notes")
        #expect(disabled.viewTree(for: entry, family: .systemSmall)?.contentMarginsDisabled == true)
    }

    @Test func aWidgetWithoutAViewHasNoTree() {
        struct EncodableProvider: TimelineProvider {
            func placeholder(in context: Context) -> EncodableNote { EncodableNote(date: context.now, note: "…") }
            func getSnapshot(in context: Context, completion: @escaping (EncodableNote) -> Void) {}
            func getTimeline(in context: Context, completion: @escaping (Timeline<EncodableNote>) -> Void) {}
        }
        let configuration = StaticConfiguration(kind: "Plain", provider: EncodableProvider())
        #expect(configuration.viewTree(for: EncodableNote(date: entry.date, note: "x"), family: .systemSmall) == nil)
    }

    @Test func anEntryThatIsNotEncodableSendsEmptyContent() throws {
        let payload = try EntryEncoding.payload(for: entry)
        #expect(payload.content == .object([:]))
        #expect(payload.date == 1_767_225_600)
        #expect(payload.view == nil)
    }

    @Test func anEncodableEntryStillSendsItsFields() throws {
        let payload = try EntryEncoding.payload(for: EncodableNote(date: entry.date, note: "kept"))
        #expect(payload.content == .object(["note": .string("kept")]))
    }
}
