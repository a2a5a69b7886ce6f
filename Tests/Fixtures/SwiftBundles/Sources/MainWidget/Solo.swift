import WidgetKit
import SwiftUI

// A single widget marked @main: the bundle is that widget alone.

struct SoloEntry: TimelineEntry, Encodable {
    let date: Date
    let word: String
}

struct SoloProvider: TimelineProvider {
    func placeholder(in context: Context) -> SoloEntry {
        SoloEntry(date: context.now, word: "")
    }

    func snapshot(in context: Context) async -> SoloEntry {
        SoloEntry(date: context.now, word: "solo")
    }

    func timeline(in context: Context) async -> Timeline<SoloEntry> {
        Timeline(entries: [await snapshot(in: context)], policy: .never)
    }
}

@main
struct SoloWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Solo", provider: SoloProvider()) { entry in
            Text(entry.word)
        }
            .configurationDisplayName("Solo")
            .supportedFamilies([.systemSmall])
    }
}
