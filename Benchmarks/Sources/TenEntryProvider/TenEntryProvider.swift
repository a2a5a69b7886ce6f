import FoundationEssentials
import WidgetSDK

// The benchmarks' Swift provider: ten entries a minute apart, then ask again. The benchmark
// calls it directly (the reference) and through a host, from the TenEntryWidget bundle.

public struct TenEntry: TimelineEntry, Encodable {
    public let date: Date
    public let index: Int
    public let title: String
}

public struct TenEntryProvider: TimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> TenEntry {
        TenEntry(date: context.now, index: 0, title: "placeholder")
    }

    public func getSnapshot(in context: Context, completion: @escaping (TenEntry) -> Void) {
        completion(TenEntry(date: context.now, index: 0, title: "snapshot"))
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<TenEntry>) -> Void) {
        let entries = (0..<10).map { index in
            TenEntry(date: context.now.addingTimeInterval(60 * Double(index)), index: index, title: "Entry \(index)")
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

public struct TenEntryWidget: Widget {
    public static let kind = "TenEntryWidget"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: TenEntryProvider())
            .configurationDisplayName("Ten entries")
            .description("Ten entries a minute apart; for the benchmarks.")
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The reference for the host-path benchmark: the provider's `getTimeline`, called directly in
/// Swift (no JSON, no C ABI, no registry).
public func directTimelineEntryCount(now: Date) -> Int {
    let context = TimelineProviderContext(
        family: .systemSmall, displaySize: DisplaySize(width: 170, height: 170), isPreview: false, now: now)
    var count = 0
    TenEntryProvider().getTimeline(in: context) { timeline in count = timeline.entries.count }
    return count
}
