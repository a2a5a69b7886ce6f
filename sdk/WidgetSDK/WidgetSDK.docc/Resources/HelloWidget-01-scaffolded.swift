import WidgetKit
import SwiftUI

// Encodable: the entry's fields also travel as its content (`widgethost timeline --format json`).
struct SimpleEntry: TimelineEntry, Encodable {
    let date: Date
    let emoji: String
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: context.now, emoji: "😀")
    }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        completion(SimpleEntry(date: context.now, emoji: "😀"))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        // Five entries an hour apart, dated from context.now (not Date()) so that
        // `--now` replays the same timeline.
        let entries = (0..<5).map { hourOffset in
            SimpleEntry(date: context.now.addingTimeInterval(Double(hourOffset) * 3_600), emoji: "😀")
        }
        completion(Timeline(entries: entries, policy: .atEnd))
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
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
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
