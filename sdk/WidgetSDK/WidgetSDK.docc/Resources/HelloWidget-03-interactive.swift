import WidgetKit
import SwiftUI
import AppIntents

/// The App Group the widget keeps its taps in; your app reads and writes the same suite.
let appGroup = "group.com.example.hello"

// Encodable: the entry's fields also travel as its content (`widgethost timeline --format json`).
struct SimpleEntry: TimelineEntry, Encodable {
    let date: Date
    let emoji: String
    let taps: Int
}

/// What a person sets on each instance of the widget.
struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "This is an example widget." }

    // An example configurable parameter.
    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String
}

/// What the widget's button does: runs in the bundle, then the host reloads the widget once.
struct CountTapIntent: AppIntent {
    static let title: LocalizedStringResource = "Count a tap"

    init() {}

    func perform() async throws -> some IntentResult {
        let defaults = UserDefaults(suiteName: appGroup)
        let taps = defaults?.integer(forKey: "taps") ?? 0
        defaults?.set(taps + 1, forKey: "taps")
        return .result()
    }
}

struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: context.now, emoji: "😀", taps: 0)
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
        SimpleEntry(date: context.now, emoji: configuration.favoriteEmoji, taps: storedTaps())
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
        // Five entries an hour apart, dated from context.now (not Date()) so that
        // `--now` replays the same timeline.
        let taps = storedTaps()
        let entries = (0..<5).map { hourOffset in
            SimpleEntry(date: context.now.addingTimeInterval(Double(hourOffset) * 3_600), emoji: configuration.favoriteEmoji, taps: taps)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    /// The taps counted so far, read through the host (nil defaults: the group is not in the
    /// extension's entitlements, which the host's log says).
    private func storedTaps() -> Int {
        UserDefaults(suiteName: appGroup)?.integer(forKey: "taps") ?? 0
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

            Button(intent: CountTapIntent()) {
                Text("Tapped \(entry.taps)")
            }
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
    SimpleEntry(date: .now, emoji: "😀", taps: 0)
    SimpleEntry(date: .now, emoji: "🤩", taps: 3)
}
