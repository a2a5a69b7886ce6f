import FoundationEssentials

// Live Activities (iOS 16.1): a widget extension's `ActivityConfiguration`, with the Lock Screen
// view and the Dynamic Island's regions. Linux has no Lock Screen and no Dynamic Island, and an
// app starts a Live Activity itself (ActivityKit's `Activity.request`), never the host: such a
// widget compiles as written and is not one of the bundle's kinds (a `WidgetBundle` leaves it
// out, as iOS's widget gallery does).

/// What a Live Activity shows: its fixed attributes and the `ContentState` that changes
/// (ActivityKit's `ActivityAttributes`).
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// What an activity's views are given: its attributes and current state.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    /// Whether the state is older than the stale date the app gave.
    public let isStale: Bool
    public let activityID: String
}

/// A Live Activity's configuration: its Lock Screen (and banner) view and its Dynamic Island.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfigurationModifiers, _LiveActivityConfiguration {
    /// Set by the modifiers, as a widget's are, and read by nothing: a Live Activity is not a kind.
    public var _configurationTraits = _WidgetConfigurationTraits(displayName: "")

    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {}

    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> Self { self }
}

/// A configuration a `WidgetBundle` leaves out of the bundle's kinds: a Live Activity's.
public protocol _LiveActivityConfiguration {}

/// The sizes a Live Activity comes in beyond the iPhone's (iOS 18: the Watch's Smart Stack).
public enum ActivityFamily: Sendable, Hashable {
    case small, medium
}

/// A Live Activity's presentations in the Dynamic Island.
public enum DynamicIslandMode: Sendable, Hashable {
    case compact, expanded, minimal
}

/// What a Live Activity's `#Preview` shows: the Lock Screen view or a Dynamic Island mode.
public enum ActivityPreviewViewKind: Sendable, Hashable {
    case content
    case dynamicIsland(DynamicIslandMode)
}

/// A Live Activity's Dynamic Island: the expanded regions and the compact and minimal views.
public struct DynamicIsland {
    public init<CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedRegions,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {}

    /// The tint of the island's border.
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }
    /// What a tap on the island opens.
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
    /// The margins around the island's content in `mode`.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?, for mode: DynamicIslandMode) -> DynamicIsland { self }
}

/// Where an expanded region sits in the Dynamic Island.
public struct DynamicIslandExpandedRegionPosition: Sendable, Hashable {
    let name: String

    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// A part of the expanded Dynamic Island.
public protocol DynamicIslandExpandedContent {}

/// One region of the expanded Dynamic Island and its views.
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandExpandedContent {
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {}

    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?) -> Self { self }
}

/// The regions an expanded Dynamic Island lists.
public struct DynamicIslandExpandedRegions {
    init() {}
}

/// Builds the expanded Dynamic Island from its regions, with `if` and `#available`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildExpression<Region: DynamicIslandExpandedContent>(_ region: Region) -> DynamicIslandExpandedRegions {
        DynamicIslandExpandedRegions()
    }

    public static func buildBlock(_ regions: DynamicIslandExpandedRegions...) -> DynamicIslandExpandedRegions {
        DynamicIslandExpandedRegions()
    }

    public static func buildOptional(_ regions: DynamicIslandExpandedRegions?) -> DynamicIslandExpandedRegions {
        DynamicIslandExpandedRegions()
    }

    public static func buildEither(first regions: DynamicIslandExpandedRegions) -> DynamicIslandExpandedRegions { regions }

    public static func buildEither(second regions: DynamicIslandExpandedRegions) -> DynamicIslandExpandedRegions { regions }

    public static func buildLimitedAvailability(_ regions: DynamicIslandExpandedRegions) -> DynamicIslandExpandedRegions { regions }
}

extension View {
    /// The background of a Live Activity's Lock Screen view.
    public func activityBackgroundTint(_ color: Color?) -> some View { self }

    /// The colour of the system's buttons beside a Live Activity's Lock Screen view.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}
