import FoundationEssentials
import WidgetPayload

/// What a provider knows about the widget it is asked for.
public struct TimelineProviderContext: Sendable {
    /// The family of the widget being shown.
    public let family: WidgetFamily

    /// The size, in points, the widget is displayed at.
    public let displaySize: DisplaySize

    /// True when the widget is shown in a gallery or preview: answer fast, with sample data if
    /// the real data is slow to get.
    public let isPreview: Bool

    /// The host's clock for this call (a widgethost addition). Date entries from it rather than
    /// from `Date()`, so that `widgethost timeline KIND --now DATE` replays a call exactly.
    public let now: Date

    /// The instance's configuration (`wk_context_t.configuration_json`, ABI 1.3): what an
    /// `AppIntentConfiguration` turns into its intent. Nil from an older host or for a static kind.
    var configuration: JSONValue?

    public init(family: WidgetFamily, displaySize: DisplaySize, isPreview: Bool, now: Date) {
        self.family = family
        self.displaySize = displaySize
        self.isPreview = isPreview
        self.now = now
    }
}

/// A width and height in points: WidgetKit's `CGSize`, which Linux has only in full Foundation.
public struct DisplaySize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
