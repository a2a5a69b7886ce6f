import WidgetKit
import SwiftUI
import Intents

// Xcode's widget template of iOS 14–16, with the generated ConfigurationIntent's parameters read.

struct Provider: IntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), greeting: "…", mood: "unknown", hero: nil)
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (SimpleEntry) -> ()) {
        completion(entry(for: configuration))
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        completion(Timeline(entries: [entry(for: configuration)], policy: .atEnd))
    }

    private func entry(for configuration: ConfigurationIntent) -> SimpleEntry {
        let mood: String
        switch configuration.mood {
        case .sunny: mood = "sunny"
        case .stormy: mood = "stormy"
        case .unknown: mood = "unknown"
        }
        return SimpleEntry(date: Date(), greeting: configuration.greeting ?? "–", mood: mood, hero: configuration.hero?.identifier)
    }
}

struct SimpleEntry: TimelineEntry, Encodable {
    let date: Date
    let greeting: String
    let mood: String
    let hero: String?
}

struct SiriKitWidgetEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack {
            Text(entry.greeting)
            Text(entry.mood)
            Text(entry.hero ?? "nobody")
        }
    }
}

@main
struct SiriKitWidget: Widget {
    let kind: String = "SiriKitWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: Provider()) { entry in
            SiriKitWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
    }
}

#Preview(as: .systemSmall) {
    SiriKitWidget()
} timeline: {
    SimpleEntry(date: .now, greeting: "Preview", mood: "sunny", hero: "panda")
}
