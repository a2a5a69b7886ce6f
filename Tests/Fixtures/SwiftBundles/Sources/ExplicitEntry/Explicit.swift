import FoundationEssentials
import WidgetSDK

// The explicit form: the bundle writes wk_bundle_entry itself, which takes the place of the
// SDK's, and declares what @main leaves to the host.

struct ExplicitEntry: TimelineEntry, Encodable {
    let date: Date
    let word: String
}

struct ExplicitProvider: TimelineProvider {
    func placeholder(in context: Context) -> ExplicitEntry {
        ExplicitEntry(date: context.now, word: "")
    }

    func snapshot(in context: Context) async -> ExplicitEntry {
        ExplicitEntry(date: context.now, word: "explicit")
    }

    func timeline(in context: Context) async -> Timeline<ExplicitEntry> {
        Timeline(entries: [await snapshot(in: context)], policy: .never)
    }
}

struct ExplicitWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Explicit", provider: ExplicitProvider()) { entry in
            Text(entry.word)
        }
            .supportedFamilies([.systemSmall])
    }
}

struct ExplicitBundle: WidgetBundle {
    var body: some Widget {
        ExplicitWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    ExplicitBundle.export(name: "Explicit", version: "2.0.0", hostABIVersion: hostABIVersion)
}
