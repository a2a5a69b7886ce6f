import Dispatch
import FoundationEssentials
@_spi(Measurement) import WidgetSDK

// The benchmarks' Swift provider: ten entries a minute apart, then ask again. The benchmark
// calls it directly (the reference) and through a host, from the TenEntryWidget bundle.

public struct TenEntry: TimelineEntry, Encodable {
    public let date: Date
    public let index: Int
    public let title: String

    public init(date: Date, index: Int, title: String) {
        self.date = date
        self.index = index
        self.title = title
    }
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

/// An entry drawn as a small widget is: a title over its index and its time.
struct TenEntryView: View {
    let entry: TenEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.title)
                .font(.headline)
            HStack {
                Text("#\(entry.index)")
                Spacer()
                Text(entry.date, style: .time)
            }
            .font(.caption)
        }
        .containerBackground(Color.blue.opacity(0.15), for: .widget)
    }
}

public struct TenEntryWidget: Widget {
    public static let kind = "TenEntryWidget"

    /// The widget's configuration, views included: what the floor encodes as the bundle does.
    static let configuration = StaticConfiguration(kind: kind, provider: TenEntryProvider()) { entry in
        TenEntryView(entry: entry)
    }

    public init() {}

    public var body: some WidgetConfiguration {
        Self.configuration
            .configurationDisplayName("Ten entries")
            .description("Ten entries a minute apart; for the benchmarks.")
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The same provider completing from the main queue, as providers that update UI state first
/// write it (`DispatchQueue.main.async { completion(…) }`): what a hop to the worker's main
/// run loop costs a call, beside `TenEntryWidget` (BENCHMARKS.md, "The extension's process").
public struct TenEntryMainQueueProvider: TimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> TenEntry { TenEntryProvider().placeholder(in: context) }

    public func getSnapshot(in context: Context, completion: @escaping (TenEntry) -> Void) {
        TenEntryProvider().getSnapshot(in: context, completion: completion)
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<TenEntry>) -> Void) {
        TenEntryProvider().getTimeline(in: context) { timeline in
            nonisolated(unsafe) let completion = completion
            DispatchQueue.main.async { completion(timeline) }
        }
    }
}

public struct TenEntryMainQueueWidget: Widget {
    public static let kind = "TenEntryMainQueueWidget"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: TenEntryMainQueueProvider()) { entry in
            TenEntryView(entry: entry)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// The floor of the host-path benchmark: what crossing the C ABI as JSON cannot avoid. The
/// provider's timeline, encoded by the SDK as a `timeline` call encodes it (views included),
/// for the host to decode (`ReplyDecoder`) on the same thread.
public func timelineReplyBytes(now: Date) -> [UInt8] {
    let context = TimelineProviderContext(
        family: .systemSmall, displaySize: DisplaySize(width: 170, height: 170), isPreview: false, now: now)
    var bytes: [UInt8] = []
    TenEntryProvider().getTimeline(in: context) { timeline in
        bytes = ReplyMeasurement.timelineReply(timeline, of: TenEntryWidget.configuration, family: .systemSmall)
    }
    return bytes
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
