import FoundationEssentials
import WidgetSDK

// seeds/003_bfc10d977e91a374.txt: "Building widgets in SwiftUI", the family switch.
// Compiled against the SDK with only its imports changed (and `@main` dropped: a bundle exports
// through `wk_bundle_entry`); SeedCodeTests evaluates it. In an enum of its own, since the seeds
// reuse names (`Provider`) and this target already has a `MovieEntry`.

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
