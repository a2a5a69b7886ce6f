import WidgetKit
import SwiftUI
import AppIntents

// Encodable: the entry's fields also travel as its content (`widgethost timeline --format json`).
struct SimpleEntry: TimelineEntry, Encodable {
    let date: Date
    let emoji: String
}

/// What a person sets on each instance of the widget.
struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "This is an example widget." }

    // An example configurable parameter.
    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String
}

struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: context.now, emoji: "😀")
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
        SimpleEntry(date: context.now, emoji: configuration.favoriteEmoji)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
        // Five entries an hour apart, dated from context.now (not Date()) so that
        // `--now` replays the same timeline.
        let entries = (0..<5).map { hourOffset in
            SimpleEntry(date: context.now.addingTimeInterval(Double(hourOffset) * 3_600), emoji: configuration.favoriteEmoji)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

struct HelloWidgetEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack {
            Text("Time:")
            Text(entry.date, style: .time)

            Text("Emoji:")
            Text(entry.emoji)
        }
    }
}

struct HelloWidget: Widget {
    let kind: String = "HelloWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
            HelloWidgetEntryView(entry: entry)
                .containerBackground(Color.blue.opacity(0.15), for: .widget)
        }
        .configurationDisplayName("HelloWidget")
        .description("This is an example widget.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct HelloWidgetBundle: WidgetBundle {
    var body: some Widget {
        HelloWidget()
    }
}

// Xcode's canvas shows these entries; here `widgethost preview` and the gallery do.
#Preview(as: .systemSmall) {
    HelloWidget()
} timeline: {
    SimpleEntry(date: .now, emoji: "😀")
    SimpleEntry(date: .now, emoji: "🤩")
}
