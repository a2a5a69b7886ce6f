import FishGoData
import WidgetKit
import SwiftUI

// FishGo: is the sea good enough to go fishing today? The app computes a verdict and saves a
// WidgetFishingData to its App Group; the widget shows it, or a placeholder before the first
// save, and asks to be refreshed every 30 minutes even when the app does not run. Each widget
// instance can show a spot of its own (SelectSpotIntent): the app saves one payload per spot.

struct FishGoEntry: TimelineEntry, Encodable {
    let date: Date
    let data: WidgetFishingData
    /// True while the app has saved nothing yet.
    let isPlaceholder: Bool
    /// The spot the widget was configured with, for its refresh button; nil for the app's
    /// current spot. Not part of the content: the data already names the spot.
    var spot: SpotEntity? = nil

    private enum CodingKeys: String, CodingKey { case date, data, isPlaceholder }

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

/// The spot a FishGo widget shows: one the app has saved data for.
struct SpotEntity: AppEntity {
    let id: String
    let name: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Spot" }
    static var defaultQuery: SpotQuery { SpotQuery() }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

/// The spots come from the App Group: the app lists every spot it saves data for. A person can
/// also search them by name (the edit sheet's search field).
struct SpotQuery: EntityStringQuery {
    func entities(for identifiers: [SpotEntity.ID]) async throws -> [SpotEntity] {
        let saved = try savedSpots()
        // A spot chosen earlier stays valid while the app has no data for it: that widget shows
        // its placeholder, named after the spot, until data comes.
        return identifiers.map { id in saved.first { $0.id == id } ?? SpotEntity(id: id, name: id) }
    }

    func suggestedEntities() async throws -> [SpotEntity] {
        try savedSpots()
    }

    func entities(matching string: String) async throws -> [SpotEntity] {
        try savedSpots().filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    private func savedSpots() throws -> [SpotEntity] {
        try FishingSpot.saved(in: SharedDefaults(suiteName: WidgetFishingData.appGroupID)).map {
            SpotEntity(id: $0.id, name: $0.name)
        }
    }
}

struct SelectSpotIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Select spot" }
    static var description: IntentDescription { "The fishing spot this widget shows." }

    @Parameter(title: "Spot")
    var spot: SpotEntity?

    static var parameterSummary: some ParameterSummary {
        Summary("Fishing at \(\.$spot)")
    }
}

struct FishGoProvider: AppIntentTimelineProvider {
    static let refreshInterval: TimeInterval = 30 * 60

    func placeholder(in context: Context) -> FishGoEntry {
        FishGoEntry(date: context.now, data: .placeholder, isPlaceholder: true)
    }

    func snapshot(for configuration: SelectSpotIntent, in context: Context) async -> FishGoEntry {
        currentEntry(for: configuration.spot, at: context.now)
    }

    func timeline(for configuration: SelectSpotIntent, in context: Context) async -> Timeline<FishGoEntry> {
        let entry = currentEntry(for: configuration.spot, at: context.now)
        return Timeline(entries: [entry], policy: .after(context.now.addingTimeInterval(Self.refreshInterval)))
    }

    func recommendations() -> [AppIntentRecommendation<SelectSpotIntent>] {
        [AppIntentRecommendation(intent: SelectSpotIntent(), description: "Your spot")]
    }

    /// The spot's data; without a spot, the one payload the app saves for its current spot.
    private func currentEntry(for spot: SpotEntity?, at now: Date) -> FishGoEntry {
        let defaults = SharedDefaults(suiteName: WidgetFishingData.appGroupID)
        do {
            let saved = if let spot {
                try WidgetFishingData.load(from: defaults, spot: spot.id)
            } else {
                try WidgetFishingData.load(from: defaults)
            }
            if let saved { return FishGoEntry(date: now, data: saved, isPlaceholder: false, spot: spot) }
        } catch {
            WidgetLog.error("cannot load the data of \(spot?.id ?? "the current spot"): \(error)")
        }
        var placeholder = WidgetFishingData.placeholder
        if let spot { placeholder.spotName = spot.name }
        return FishGoEntry(date: now, data: placeholder, isPlaceholder: true)
    }
}

struct FishGoWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "FishGoWidget", intent: SelectSpotIntent.self, provider: FishGoProvider()) { entry in
            FishGoWidgetView(entry: entry)
        }
            .configurationDisplayName("FishGo")
            .description("Go, caution or no go: today's fishing conditions at your spot.")
            .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

/// The bundle, named as the host shows it; its App Group comes from FishGoWidget.entitlements.
@main
struct FishGo: WidgetBundle {
    var body: some Widget {
        FishGoWidget()
    }
}

// What Xcode's canvas shows, and here `widgethost preview` and the gallery's previews: a go day
// on the Lock Screen, drawn vibrant there.
#Preview("Go", as: .accessoryRectangular) {
    FishGoWidget()
} timeline: {
    FishGoEntry(date: .now, data: WidgetFishingData(
        spotName: "Hayama", verdict: .go, windSpeed: 3.2, waveHeight: 0.4,
        windDirection: "NE", tideType: "Rising", updatedAt: .now), isPlaceholder: false)
}
