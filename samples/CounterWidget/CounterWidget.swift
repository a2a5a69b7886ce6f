import FoundationEssentials
import WidgetSDK

// The counter from the Flutter home-widget vignette: the app counts, the widget shows the count.
// Until the shared store exists it shows its default.

struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.now, count: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
        completion(CounterEntry(date: context.now, count: 0))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        getSnapshot(in: context) { entry in
            completion(Timeline(entries: [entry], policy: .atEnd))
        }
    }
}

struct CounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CounterWidget", provider: CounterProvider())
            .configurationDisplayName("Counter Widget")
            .description("Displays the current count of the counter app.")
            .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

struct CounterBundle: WidgetBundle {
    var body: some Widget {
        CounterWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    CounterBundle.export(name: "Counter", version: "1.0.0", hostABIVersion: hostABIVersion)
}
