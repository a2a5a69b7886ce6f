import FoundationEssentials
import Testing
@testable import WidgetSDK
import WidgetPayload

// The seed articles' widget code, compiled against the SDK with only its imports changed (and
// `@main` dropped: a bundle exports through `wk_bundle_entry`). Each seed sits in an enum of its
// own, since the seeds reuse names (`Provider`) and this target already has `MovieEntry`.

// MARK: - seeds/004_fe22583814f9f5fa.txt: the MoviePlanner tutorial, verbatim but for two details

enum MoviePlannerTutorial {
    struct Movie {
        let name: String
        let movieImageName: String
        static var empty: Movie {
            Movie(name: "", movieImageName: "")
        }
    }

    // The tutorial's `class MovieUpdater` is a struct here: Swift 6 requires a provider to be
    // Sendable, which a class with `var`s is not.
    struct MovieUpdater {
        var movie: Movie = Movie.empty
        var movies: [Movie] = [
            Movie(name: "Avengers: Infinity War",
                  movieImageName: "infinity"),
            Movie(name: "Avengers: End Game",
                  movieImageName: "endgame"),
            Movie(name: "Guardians of the Galaxy Volume 3",
                  movieImageName: "gog3")
        ]
    }

    struct MovieEntry: TimelineEntry {
        public let date: Date
        public let movie: Movie
    }

    struct MoviePlannerWidget: Widget {
        private let kind: String = "MoviePlannerwidget"
        public var body: some WidgetConfiguration {
            StaticConfiguration(kind: kind,
                                provider: Provider()) { entry in
                MoviePlannerWidgetEntryView(entry: entry)
            }
            .configurationDisplayName("My Widget")
            .description("This is an example widget.")
        }
    }

    struct Provider: TimelineProvider {
        typealias Entry = MovieEntry
        var movieUpdater: MovieUpdater = MovieUpdater()
        func placeholder(in context: Context) -> MovieEntry {
            return MovieEntry(date: Date(), movie: Movie.empty)
        }
        func getTimeline(in context: Context,
                         completion: @escaping (Timeline<Entry>) -> Void) {
            var entries = [MovieEntry]()
            var nextUpdateDate = Date()
            for (i, movie) in movieUpdater.movies.enumerated() {
                // The page breaks this line after `current.`, which Swift does not allow.
                nextUpdateDate = Calendar.current.date(byAdding: .minute,
                                                       value: 1 * i, to: Date())!
                let entry = MovieEntry(date: nextUpdateDate, movie: movie)
                entries.append(entry)
            }
            let timeline = Timeline(
                entries: entries,
                policy: .atEnd
            )
            completion(timeline)
        }
        func getSnapshot(in context: Context,
                         completion: @escaping (Entry) -> Void) {
            let date = Date()
            let entry = MovieEntry(date: date, movie: Movie.empty)
            completion(entry)
        }
    }

    struct MoviePlannerWidgetEntryView: View {
        var entry: Provider.Entry
        var gradient: Gradient {
            Gradient(stops:
                [Gradient.Stop(color: .clear, location: 0),
                 Gradient.Stop(color: Color.black.opacity(0.95),
                               location: 0.6)])
        }
        var body: some View {
            ZStack {
                Image(entry.movie.movieImageName)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .mask(
                        RoundedRectangle(cornerRadius: 10)
                            .frame(minWidth: 0, maxWidth: .infinity)
                            .frame(minHeight: 0, maxHeight: .infinity)
                    )
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(minHeight: 0, maxHeight: .infinity)
                VStack {
                    Spacer()
                    LinearGradient(gradient: gradient,
                                   startPoint: .top,
                                   endPoint: .bottom)
                        .frame(height: 100)
                }
                VStack(alignment: .leading) {
                    Spacer()
                    Text(entry.movie.name)
                        .padding(.all, 10)
                        .font(.headline)
                        .foregroundColor(.white)
                }
            }
        }
    }
}

// MARK: - seeds/000_78b8ed371b419045.txt: the counter vignette's entry, configuration and view

enum CounterVignette {
    static let widgetKind = "CounterWidget"
    static let groupId = "group.dev.widgethost.counter"
    static let fontName = "Rubik Glitch"

    struct CounterEntry : TimelineEntry {
        let date: Date // Required
        let count: Int
        var bgImgUrl: String? = nil
    }

    struct CounterWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: widgetKind, provider: Provider()) { entry in
                CounterWidgetView(entry: entry)
            }
            .contentMarginsDisabled()   // Allow full-screen background image
            .configurationDisplayName("Counter Widget")   // Title
            .description("Displays the current count of the counter app.")   // Desc
            // Set which sizes your widget supports
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        }
    }

    /// Not the seed's (it reads `UserDefaults`, which is `SharedDefaults` here): a fixed count.
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> CounterEntry {
            CounterEntry(date: Date(), count: 0)
        }
        func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> ()) {
            completion(CounterEntry(date: Date(), count: 3, bgImgUrl: "bgRender.png"))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> ()) {
            getSnapshot(in: context) { (entry) in
                completion(Timeline(entries: [entry], policy: .atEnd))
            }
        }
    }

    // The seed's simplified view, whose text lost some lines; `UIImage(contentsOfFile:)` and
    // `Image(uiImage:)` become `Image(appGroup:path:)`, the image the app rendered into the group.
    struct CounterWidgetView : View {
      @Environment(\.widgetFamily) var family: WidgetFamily
      var entry: Provider.Entry
      var body: some View {
        let imgPath = entry.bgImgUrl;
        let bgColor = Color(red: 0.2, green: 0.2, blue: 0.2);
        if let imgPath {
          return AnyView(
              ZStack{ // Equivalent to Flutter Stack
                Image(appGroup: groupId, path: imgPath)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                Text("\(entry.count)")
                     .font(Font.custom(fontName, size: family == .systemSmall ? 48 : 72));
              }.containerBackground(for: .widget) { bgColor }
          )
        }
        return AnyView(Text("Unable to create a UIImage from the imgPath"))
      }
    }
}

// MARK: - seeds/003_bfc10d977e91a374.txt: "Building widgets in SwiftUI", the family switch

enum FamilySwitchSeed {
    struct HeartRate {
        let bpm: Int
        var interval = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 60)
    }

    /// The seed's view model, reduced to what its views below show.
    struct HeartPointsViewModel {
        let heartRates: [HeartRate]
        let age: Int
        let goal: Int
    }

    struct MyWidget: Widget {
        let kind: String = "Widget"

        var body: some WidgetConfiguration {
            StaticConfiguration(kind: kind, provider: HeartPointsProvider()) { entry in
                HeartPointsEntryView(entry: entry)
            }
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
            .configurationDisplayName("My Widget")
            .description("This is an example widget.")
        }
    }

    /// Not the seed's (it uses Combine): the seed's placeholder, for every call.
    struct HeartPointsProvider: TimelineProvider {
        public typealias Entry = HeartPointsViewModel

        func placeholder(in with: Context) -> HeartPointsViewModel {
            HeartPointsViewModel(
                heartRates: [HeartRate(bpm: 130)],
                age: 29,
                goal: 20
            )
        }
        func getSnapshot(in context: Context, completion: @escaping (HeartPointsViewModel) -> Void) {
            completion(placeholder(in: context))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<HeartPointsViewModel>) -> Void) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
        }
    }

    struct HeartPointsEntryView: View {
        @Environment(\.widgetFamily) var size
        let entry: HeartPointsViewModel

        var body: some View {
            // WidgetFamily has grown since 2020: Swift warns that this switch is not exhaustive,
            // as it does against WidgetKit today, and `@unknown default` takes the newer families.
            switch size {
            case .systemSmall:
                SmallWidgetEntryView(viewModel: entry).padding()
            case .systemMedium:
                HStack(alignment: .bottom) {
                    SmallWidgetEntryView(viewModel: entry)
                    HeartPointsChartView(viewModel: entry, labelCount: 6)
                }
            case .systemLarge:
                VStack(alignment: .leading) {
                    HeartPointsView(viewModel: entry, showLabel: false)
                    HeartPointsChartView(viewModel: entry)
                }
            @unknown default:
                SmallWidgetEntryView(viewModel: entry).padding()
            }
        }
    }

    // The seed does not show these three; small stand-ins.
    struct SmallWidgetEntryView: View {
        let viewModel: HeartPointsViewModel
        var body: some View {
            Text("\(viewModel.goal)").font(.largeTitle)
        }
    }

    struct HeartPointsChartView: View {
        let viewModel: HeartPointsViewModel
        var labelCount = 3
        var body: some View {
            HStack {
                ForEach(0..<labelCount) { Text("\($0)") }
            }
        }
    }

    struct HeartPointsView: View {
        let viewModel: HeartPointsViewModel
        let showLabel: Bool
        var body: some View {
            Image(systemName: "heart.fill")
            if showLabel { Text("Heart points") }
        }
    }
}

extension FamilySwitchSeed.HeartPointsViewModel: TimelineEntry {
    var date: Date {
        heartRates.last?.interval.end ?? Date()
    }
}

// MARK: - The seeds evaluate to trees

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
