import FoundationEssentials
import WidgetPayload

/// FishGo's widget data: one `Codable` type that both the app and the widget import, so there is
/// exactly one definition of what the app writes and the widget reads.
///
/// The app saves it with WidgetApp's `SharedDefaults`, the widget loads it with WidgetSDK's;
/// both are a `DefaultsSuite`, so the same `save` and `load` serve both sides.
public struct WidgetFishingData: Codable, Sendable, Hashable {
    public enum Verdict: String, Codable, Sendable, CaseIterable {
        case go
        case caution
        case noGo = "no_go"
    }

    public var spotName: String
    public var verdict: Verdict
    /// Metres per second.
    public var windSpeed: Double
    /// Metres.
    public var waveHeight: Double
    public var windDirection: String
    public var tideType: String
    public var updatedAt: Date
    /// When a widget's refresh button (`RefreshSpotIntent`) last re-read this spot's data; nil
    /// until one does. Optional, so data saved before it existed still decodes.
    public var refreshedAt: Date?

    public static let appGroupID = "group.jp.netflowers.FishGo"
    public static let storageKey = "widgetFishingData"

    public init(
        spotName: String, verdict: Verdict, windSpeed: Double, waveHeight: Double,
        windDirection: String, tideType: String, updatedAt: Date, refreshedAt: Date? = nil
    ) {
        self.spotName = spotName
        self.verdict = verdict
        self.windSpeed = windSpeed
        self.waveHeight = waveHeight
        self.windDirection = windDirection
        self.tideType = tideType
        self.updatedAt = updatedAt
        self.refreshedAt = refreshedAt
    }

    /// What the widget shows before the app has saved anything: never a blank widget.
    public static let placeholder = WidgetFishingData(
        spotName: "Your spot", verdict: .caution, windSpeed: 0, waveHeight: 0,
        windDirection: "—", tideType: "—", updatedAt: Date(timeIntervalSince1970: 0))

    public func save(to defaults: some DefaultsSuite) throws(DefaultsError) {
        try defaults.set(self, forKey: Self.storageKey)
    }

    /// The saved data, or nil before the first save.
    public static func load(from defaults: some DefaultsSuite) throws(DefaultsError) -> WidgetFishingData? {
        try defaults.value(WidgetFishingData.self, forKey: storageKey)
    }

    // MARK: One payload per spot

    /// Where the data of the spot `id` is kept: a key per spot, so each widget instance reads its own.
    public static func storageKey(spot id: String) -> String { "\(storageKey).\(id)" }

    /// Saves the data for spot `id` and lists the spot (by `spotName`) in `FishingSpot.listKey`.
    public func save(to defaults: some DefaultsSuite, spot id: String) throws(DefaultsError) {
        try defaults.set(self, forKey: Self.storageKey(spot: id))
        var spots = try FishingSpot.saved(in: defaults).filter { $0.id != id }
        spots.append(FishingSpot(id: id, name: spotName))
        try defaults.set(spots, forKey: FishingSpot.listKey)
    }

    /// The data saved for spot `id`, or nil before the app has any.
    public static func load(from defaults: some DefaultsSuite, spot id: String) throws(DefaultsError) -> WidgetFishingData? {
        try defaults.value(WidgetFishingData.self, forKey: storageKey(spot: id))
    }
}

/// A spot the app has data for: what the widget offers when a user picks one.
public struct FishingSpot: Codable, Sendable, Hashable {
    public var id: String
    public var name: String

    public static let listKey = "widgetFishingSpots"

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The spots the app has saved data for, in the order it first saved them.
    public static func saved(in defaults: some DefaultsSuite) throws(DefaultsError) -> [FishingSpot] {
        try defaults.value([FishingSpot].self, forKey: listKey) ?? []
    }
}
