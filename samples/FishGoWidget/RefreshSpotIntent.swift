import FishGoData
import AppIntents
import WidgetKit

/// The widget's refresh button: re-reads the spot's data from the App Group and stamps when it
/// did, so the widget shows "Refreshed 3:04 PM" after its reload. The host performs it
/// (`widgethost perform FishGoWidget RefreshSpotIntent --set spot=ID`, or a click in the
/// gallery) and then reloads that widget once. Fetching new conditions is the app's job; the
/// widget only shows that it looked again.
struct RefreshSpotIntent: AppIntent {
    static let title: LocalizedStringResource = "Refresh"

    @Parameter(title: "Spot")
    var spot: SpotEntity

    init() {}

    /// The intent for one spot, as a button in the widget makes it.
    init(spot: SpotEntity) {
        self.init()
        self.spot = spot
    }

    func perform() async throws -> some IntentResult {
        let defaults = SharedDefaults(suiteName: WidgetFishingData.appGroupID)
        guard var data = try WidgetFishingData.load(from: defaults, spot: spot.id) else {
            throw RefreshSpotError.noData(spot: spot.id)
        }
        data.refreshedAt = Date()
        try data.save(to: defaults, spot: spot.id)
        return .result()
    }
}

/// Why a refresh did nothing, in words that say what to do.
enum RefreshSpotError: Error, CustomStringConvertible {
    case noData(spot: String)

    var description: String {
        switch self {
        case .noData(let spot):
            "FishGo has no data for spot '\(spot)' yet; open the FishGo app (or save data for that spot) and refresh again"
        }
    }
}
