import FishGoData
import FoundationEssentials
import WidgetSDK

// FishGo: is the sea good enough to go fishing today? The app computes a verdict and saves a
// WidgetFishingData to its App Group; the widget shows it, or a placeholder before the first
// save, and asks to be refreshed every 30 minutes even when the app does not run.

struct FishGoEntry: TimelineEntry, Encodable {
    let date: Date
    let data: WidgetFishingData
    /// True while the app has saved nothing yet.
    let isPlaceholder: Bool

    /// For the Smart Stack: a "go" verdict matters most, for the half hour until the next check.
    var relevance: TimelineEntryRelevance? {
        guard !isPlaceholder else { return nil }
        let score: Float = switch data.verdict {
        case .go: 1
        case .caution: 0.5
        case .noGo: 0.1
        }
        return TimelineEntryRelevance(score: score, duration: FishGoProvider.refreshInterval)
    }
}

struct FishGoProvider: TimelineProvider {
    static let refreshInterval: TimeInterval = 30 * 60

    func placeholder(in context: Context) -> FishGoEntry {
        FishGoEntry(date: context.now, data: .placeholder, isPlaceholder: true)
    }

    func getSnapshot(in context: Context, completion: @escaping (FishGoEntry) -> Void) {
        completion(currentEntry(at: context.now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FishGoEntry>) -> Void) {
        let entry = currentEntry(at: context.now)
        completion(Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(Self.refreshInterval))))
    }

    private func currentEntry(at now: Date) -> FishGoEntry {
        do {
            if let data = try WidgetFishingData.load(from: SharedDefaults(suiteName: WidgetFishingData.appGroupID)) {
                return FishGoEntry(date: now, data: data, isPlaceholder: false)
            }
        } catch {
            WidgetLog.error("cannot load \(WidgetFishingData.storageKey): \(error)")
        }
        return FishGoEntry(date: now, data: .placeholder, isPlaceholder: true)
    }
}

struct FishGoWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "FishGoWidget", provider: FishGoProvider()) { entry in
            FishGoWidgetView(entry: entry)
        }
            .configurationDisplayName("FishGo")
            .description("Go, caution or no go: today's fishing conditions at your spot.")
            .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

struct FishGoBundle: WidgetBundle {
    var body: some Widget {
        FishGoWidget()
    }
}

@c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
    FishGoBundle.export(
        name: "FishGo", version: "1.0.0", appGroups: [WidgetFishingData.appGroupID], hostABIVersion: hostABIVersion)
}
