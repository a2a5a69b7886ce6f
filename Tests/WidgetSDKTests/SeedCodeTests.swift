import FoundationEssentials
import Testing
@testable import WidgetSDK
import WidgetPayload

// The seed articles' widget code (Seed*.swift) compiles against the SDK, and its views evaluate
// to the trees the articles' layouts describe.

/// A configuration's trees without the JSON: its placeholder and its timeline's entries.
private protocol EntryViewSource {
    func placeholderTree(in context: TimelineProviderContext) -> ViewTree?
    func timelineTrees(in context: TimelineProviderContext) -> [ViewTree?]
}

extension StaticConfiguration: EntryViewSource {
    fileprivate func placeholderTree(in context: TimelineProviderContext) -> ViewTree? {
        viewTree(for: provider.placeholder(in: context), family: context.family)
    }

    /// The seeds' providers answer before returning.
    fileprivate func timelineTrees(in context: TimelineProviderContext) -> [ViewTree?] {
        var trees: [ViewTree?] = []
        provider.getTimeline(in: context) { timeline in
            trees = timeline.entries.map { viewTree(for: $0, family: context.family) }
        }
        return trees
    }
}

@Suite struct SeedCodeTests {
    private func context(_ family: WidgetFamily) -> TimelineProviderContext {
        let size = family.defaultDisplaySize
        return TimelineProviderContext(
            family: family, displaySize: DisplaySize(width: size.width, height: size.height),
            isPreview: false, now: Date(timeIntervalSince1970: 1_767_225_600))
    }

    private func source(_ widget: some Widget) throws -> any EntryViewSource {
        try #require(widget.body as? any EntryViewSource)
    }

    /// The number of nodes in a tree, labels and modifiers' views included.
    private func count(_ node: ViewNode) -> Int {
        let children: [ViewNode] = switch node.kind {
        case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children): children
        case .progress(_, _, let label): label.map { [$0] } ?? []
        case .gauge(let gauge): [gauge.label, gauge.currentValueLabel].compactMap { $0 }
        case .viewThatFits(_, let children): children
        case .grid(_, _, _, let rows): rows
        case .gridRow(_, let cells): cells
        case .link(_, let content): [content]
        default: []
        }
        let layers: [ViewNode] = node.modifiers.compactMap {
            switch $0 {
            case .background(let layer, _), .overlay(let layer, _), .mask(let layer, _), .containerBackground(let layer): layer
            default: nil
            }
        }
        return 1 + (children + layers).map(count).reduce(0, +)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge])
    func theMoviePlannerTutorialShowsEachMoviesPosterAndTitle(family: WidgetSDK.WidgetFamily) throws {
        let trees = try source(MoviePlannerTutorial.MoviePlannerWidget()).timelineTrees(in: context(family))
        #expect(trees.count == 3)
        let first = try #require(trees.first ?? nil)
        guard case .zStack(.center, let layers) = first.root.kind else {
            Issue.record("not a ZStack: \(first.root)")
            return
        }
        #expect(layers.count == 3)
        #expect(layers.first?.kind == .image(.asset("infinity")))
        #expect(layers.last == ViewNode(.vStack(alignment: .leading, spacing: nil, children: [
            ViewNode(.spacer(minLength: nil)),
            ViewNode(.text(.verbatim("Avengers: Infinity War")), modifiers: [
                .padding(EdgeInsetsSpec(all: 10)), .font(.textStyle(.headline, weight: nil, design: nil)),
                .foregroundStyle(.color(.named(.white, opacity: 1))),
            ]),
        ])))
        #expect(count(first.root) > 5)
    }

    @Test func theMoviePlannerPlaceholderHasAView() throws {
        let tree = try #require(try source(MoviePlannerTutorial.MoviePlannerWidget()).placeholderTree(in: context(.systemSmall)))
        #expect(count(tree.root) > 5)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium])
    func theCounterVignetteDrawsItsCountOverTheGroupsImage(family: WidgetSDK.WidgetFamily) throws {
        let trees = try source(CounterVignette.CounterWidget()).timelineTrees(in: context(family))
        let tree = try #require(trees.first ?? nil)
        #expect(tree.contentMarginsDisabled)
        #expect(tree.root == ViewNode(
            .zStack(alignment: .center, children: [
                ViewNode(.image(.appGroup(group: CounterVignette.groupId, path: "bgRender.png")), modifiers: [
                    .resizable, .aspectRatio(nil, contentMode: .fill),
                ]),
                ViewNode(.text(.verbatim("3")), modifiers: [
                    .font(.custom(name: "Rubik Glitch", size: family == .systemSmall ? 48 : 72)),
                ]),
            ]),
            modifiers: [.containerBackground(ViewNode(.fill(.color(.rgba(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)))))]))
    }

    @Test func theCounterVignettePlaceholderExplainsItself() throws {
        let tree = try #require(try source(CounterVignette.CounterWidget()).placeholderTree(in: context(.systemSmall)))
        #expect(tree.root == ViewNode(.text(.verbatim("Unable to create a UIImage from the imgPath"))))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular])
    func theFamilySwitchSeedAdaptsToEachFamily(family: WidgetSDK.WidgetFamily) throws {
        let tree = try #require(try source(FamilySwitchSeed.MyWidget()).placeholderTree(in: context(family)))
        let small = ViewNode(.text(.verbatim("20")), modifiers: [.font(.textStyle(.largeTitle, weight: nil, design: nil))])
        switch family {
        case .systemSmall, .accessoryCircular:
            #expect(tree.root == ViewNode(small.kind, modifiers: small.modifiers + [.padding(EdgeInsetsSpec(all: 16))]))
        case .systemMedium:
            guard case .hStack(.bottom, nil, let children) = tree.root.kind else {
                Issue.record("not an HStack: \(tree.root)")
                return
            }
            #expect(children.first == small)
            #expect(children.last?.kind == .hStack(alignment: .center, spacing: nil, children: (0..<6).map {
                ViewNode(.text(.verbatim("\($0)")))
            }))
        default:
            #expect(tree.root == ViewNode(.vStack(alignment: .leading, spacing: nil, children: [
                ViewNode(.image(.system("heart.fill"))),
                ViewNode(.hStack(alignment: .center, spacing: nil, children: (0..<3).map { ViewNode(.text(.verbatim("\($0)"))) })),
            ])))
        }
    }
}
