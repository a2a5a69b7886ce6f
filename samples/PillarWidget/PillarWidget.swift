import WidgetKit
import SwiftUI

// Pillar Valley's widget: how many pillars the player has traversed. The game writes the total
// to the App Group `group.bacon.data` under `pillarsTraversed`; the widget reads it on each
// timeline. The snapshot shows a sample score for the gallery.

let pillarGroup = "group.bacon.data"

struct PillarEntry: TimelineEntry, Encodable {
    let date: Date
    let pillarsTraversed: Int

    /// For the Smart Stack: a player deep into a run (100 pillars and more) is most interested.
    var relevance: TimelineEntryRelevance? {
        pillarsTraversed > 0 ? TimelineEntryRelevance(score: Float(min(pillarsTraversed, 100)) / 100) : nil
    }
}

struct PillarProvider: TimelineProvider {
    func placeholder(in context: Context) -> PillarEntry {
        PillarEntry(date: context.now, pillarsTraversed: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (PillarEntry) -> Void) {
        completion(PillarEntry(date: context.now, pillarsTraversed: context.isPreview ? 5 : storedPillars()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PillarEntry>) -> Void) {
        completion(Timeline(entries: [PillarEntry(date: context.now, pillarsTraversed: storedPillars())], policy: .atEnd))
    }

    /// The game's total; 0 before the game has written one.
    private func storedPillars() -> Int {
        UserDefaults(suiteName: pillarGroup)?.integer(forKey: "pillarsTraversed") ?? 0
    }
}

struct PillarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PillarWidget", provider: PillarProvider()) { entry in
            PillarWidgetView(entry: entry)
        }
            .configurationDisplayName("Pillar Widget")
            .description("Displays the number of pillars traversed.")
            .supportedFamilies([.systemSmall])
    }
}

/// The bundle, named as the host shows it; its App Group comes from PillarWidget.entitlements.
@main
struct PillarValley: WidgetBundle {
    var body: some Widget {
        PillarWidget()
    }
}

// What Xcode's canvas shows, and here `widgethost preview` and the gallery's previews.
#Preview(as: .systemSmall) {
    PillarWidget()
} timeline: {
    PillarEntry(date: .now, pillarsTraversed: 0)
    PillarEntry(date: .now, pillarsTraversed: 42)
}
