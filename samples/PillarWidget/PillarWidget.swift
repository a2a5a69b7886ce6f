import FoundationEssentials
import WidgetSDK

// Pillar Valley's widget: how many pillars the player has traversed. Until the shared store
// exists it shows its default; the snapshot shows a sample score for the gallery.

struct PillarEntry: TimelineEntry {
    let date: Date
    let pillarsTraversed: Int
}

struct PillarProvider: TimelineProvider {
    func placeholder(in context: Context) -> PillarEntry {
        PillarEntry(date: context.now, pillarsTraversed: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (PillarEntry) -> Void) {
        completion(PillarEntry(date: context.now, pillarsTraversed: 5))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PillarEntry>) -> Void) {
        completion(Timeline(entries: [PillarEntry(date: context.now, pillarsTraversed: 0)], policy: .atEnd))
    }
}

struct PillarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PillarWidget", provider: PillarProvider())
            .configurationDisplayName("Pillar Widget")
            .description("Displays the number of pillars traversed.")
            .supportedFamilies([.systemSmall])
    }
}

struct PillarBundle: WidgetBundle {
    var body: some Widget {
        PillarWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    PillarBundle.export(name: "PillarValley", version: "1.0.0", hostABIVersion: hostABIVersion)
}
