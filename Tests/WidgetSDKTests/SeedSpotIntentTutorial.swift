import FoundationEssentials
import WidgetSDK

// A configurable widget written as WidgetKit's tutorials write one (Xcode's "Widget Extension"
// template with "Include Configuration App Intent", grown by an enum and an entity parameter as
// in Apple's "Emoji Rangers" sample). Only the imports are changed (AppIntents, WidgetKit and
// SwiftUI become WidgetSDK), and `@main` is dropped: a bundle exports through
// `wk_bundle_entry`. Swift 6 refuses stored `static var`s as shared mutable state, so the
// statics are computed, as Apple's Swift 6 samples write them. In an enum of its own: the seeds
// reuse names such as `Provider`.
enum SpotIntentTutorial {
    enum Weather: String, AppEnum {
        case sunny
        case rainy
        case windy

        static var typeDisplayRepresentation: TypeDisplayRepresentation { "Weather" }
        static var caseDisplayRepresentations: [Weather: DisplayRepresentation] {
            [
                .sunny: "Sunny",
                .rainy: DisplayRepresentation(title: "Rainy", subtitle: "Bring a coat"),
                .windy: "Windy",
            ]
        }
    }

    struct SpotEntity: AppEntity {
        let id: String
        let name: String

        static var typeDisplayRepresentation: TypeDisplayRepresentation { "Spot" }
        static var defaultQuery: SpotQuery { SpotQuery() }

        var displayRepresentation: DisplayRepresentation {
            DisplayRepresentation(title: "\(name)")
        }

        static let allSpots: [SpotEntity] = [
            SpotEntity(id: "pier", name: "North Pier"),
            SpotEntity(id: "lake", name: "Blue Lake"),
        ]
    }

    struct SpotQuery: EntityQuery {
        func entities(for identifiers: [SpotEntity.ID]) async throws -> [SpotEntity] {
            SpotEntity.allSpots.filter { identifiers.contains($0.id) }
        }

        func suggestedEntities() async throws -> [SpotEntity] {
            SpotEntity.allSpots
        }
    }

    struct ConfigurationAppIntent: WidgetConfigurationIntent {
        static var title: LocalizedStringResource { "Configuration" }
        static var description: IntentDescription { "This is an example widget." }

        // An example configurable parameter.
        @Parameter(title: "Favorite Emoji", default: "😃")
        var favoriteEmoji: String

        @Parameter(title: "Spot")
        var spot: SpotEntity?

        @Parameter(title: "Weather", default: .sunny)
        var weather: Weather

        @Parameter(title: "Days ahead", default: 3)
        var days: Int

        @Parameter(title: "Minimum temperature", default: 12.5)
        var minimumTemperature: Double

        @Parameter(title: "Show wind", default: true)
        var showsWind: Bool

        @Parameter(title: "Since")
        var since: Date?
    }

    struct Provider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> SimpleEntry {
            SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
        }

        func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
            SimpleEntry(date: Date(), configuration: configuration)
        }

        func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
            var entries: [SimpleEntry] = []

            // Generate a timeline consisting of five entries an hour apart, starting from the current date.
            let currentDate = Date()
            for hourOffset in 0 ..< 5 {
                let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
                let entry = SimpleEntry(date: entryDate, configuration: configuration)
                entries.append(entry)
            }

            return Timeline(entries: entries, policy: .atEnd)
        }

        func recommendations() -> [AppIntentRecommendation<ConfigurationAppIntent>] {
            let rainy = ConfigurationAppIntent()
            rainy.weather = .rainy
            rainy.spot = SpotEntity.allSpots[1]
            return [AppIntentRecommendation(intent: rainy, description: "Rain at the lake")]
        }
    }

    struct SimpleEntry: TimelineEntry {
        let date: Date
        let configuration: ConfigurationAppIntent
    }

    struct SpotWidgetEntryView: View {
        var entry: Provider.Entry

        var body: some View {
            VStack {
                Text("Time:")
                Text(entry.date, style: .time)

                Text("Favorite Emoji:")
                Text(entry.configuration.favoriteEmoji)
                Text(entry.configuration.spot?.name ?? "No spot")
            }
        }
    }

    struct SpotWidget: Widget {
        let kind: String = "SpotWidget"

        var body: some WidgetConfiguration {
            AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
                SpotWidgetEntryView(entry: entry)
            }
            .configurationDisplayName("Spot")
            .description("Conditions at your spot.")
            .supportedFamilies([.systemSmall, .systemMedium])
            .contentMarginsDisabled()
        }
    }

    struct SpotWidgetBundle: WidgetBundle {
        var body: some Widget {
            SpotWidget()
        }
    }
}
