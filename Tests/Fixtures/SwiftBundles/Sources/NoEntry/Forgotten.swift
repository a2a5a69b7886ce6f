import FoundationEssentials
import WidgetSDK

// A bundle that forgot its entry: neither @main nor wk_bundle_entry. The SDK's entry says so
// and returns NULL.

struct ForgottenProvider: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
    }

    func placeholder(in context: Context) -> Entry {
        Entry(date: context.now)
    }

    func timeline(in context: Context) async -> Timeline<Entry> {
        Timeline(entries: [placeholder(in: context)], policy: .never)
    }
}

struct ForgottenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Forgotten", provider: ForgottenProvider()) { _ in
            Text("forgotten")
        }
    }
}

struct ForgottenBundle: WidgetBundle {
    var body: some Widget {
        ForgottenWidget()
    }
}
