// `#Preview`, as Xcode's canvas reads it. Each expands (sdk/Macros/WidgetPreviewMacros) into a
// type conforming to `_PreviewRegistry`, which the SDK finds in the bundle's metadata as Xcode
// finds Apple's; its entries are what `widgethost preview` and the gallery show for the kind
// (`wk_widget_t.previews`, ABI 1.6). The signatures are WidgetKit's and SwiftUI's, without
// `@MainActor`: here views are evaluated on whichever thread the host calls on.

/// A widget in a family, drawn with the entries `timeline` lists:
///
///     #Preview(as: .systemSmall) {
///         CounterWidget()
///     } timeline: {
///         CountEntry(date: .now, count: 7)
///         CountEntry(date: .now, count: 42)
///     }
@freestanding(declaration)
public macro Preview<Content: Widget, Entry: TimelineEntry>(
    _ name: String? = nil,
    as family: WidgetFamily,
    widget: @escaping @Sendable () -> Content,
    @PreviewTimelineBuilder timeline: @escaping @Sendable () async -> [Entry]
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A widget in a family, drawn with the timeline its provider gives.
@freestanding(declaration)
public macro Preview<Content: Widget, Provider: TimelineProvider>(
    _ name: String? = nil,
    as family: WidgetFamily,
    widget: @escaping @Sendable () -> Content,
    timelineProvider: @escaping @Sendable () -> Provider
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A configurable widget in a family, drawn with the timeline its provider gives for `intent`.
@freestanding(declaration)
public macro Preview<Content: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil,
    as family: WidgetFamily,
    using intent: Provider.Intent,
    widget: @escaping @Sendable () -> Content,
    timelineProvider: @escaping @Sendable () -> Provider
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A Live Activity's view (`.content`) or Dynamic Island with each content state: it compiles,
/// and is not shown, as the activity is not one of the bundle's kinds.
@freestanding(declaration)
public macro Preview<Attributes: ActivityAttributes, Content: Widget>(
    _ name: String? = nil,
    as viewKind: ActivityPreviewViewKind,
    using attributes: Attributes,
    widget: @escaping @Sendable () -> Content,
    @ActivityPreviewContentStateBuilder<Attributes> contentStates: @escaping @Sendable () async -> [Attributes.ContentState]
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A view (SwiftUI's `#Preview`): it compiles, and the host's tools show widgets only.
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil,
    traits: PreviewTrait...,
    @ViewBuilder body: @escaping @Sendable () -> any View
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// The entries of a widget's `#Preview`, one expression each, with `if` and `for` as in a
/// result builder.
@resultBuilder
public enum PreviewTimelineBuilder {
    public static func buildExpression<Entry: TimelineEntry>(_ entry: Entry) -> [Entry] {
        [entry]
    }

    public static func buildExpression<Entry: TimelineEntry>(_ entries: [Entry]) -> [Entry] {
        entries
    }

    public static func buildBlock<Entry: TimelineEntry>(_ parts: [Entry]...) -> [Entry] {
        parts.flatMap { $0 }
    }

    public static func buildOptional<Entry: TimelineEntry>(_ part: [Entry]?) -> [Entry] {
        part ?? []
    }

    public static func buildEither<Entry: TimelineEntry>(first: [Entry]) -> [Entry] {
        first
    }

    public static func buildEither<Entry: TimelineEntry>(second: [Entry]) -> [Entry] {
        second
    }

    public static func buildArray<Entry: TimelineEntry>(_ parts: [[Entry]]) -> [Entry] {
        parts.flatMap { $0 }
    }
}

/// How Xcode's canvas lays out a view's `#Preview`; the host's tools do not show view previews,
/// so traits are accepted and change nothing.
public struct PreviewTrait: Sendable {
    let name: String

    public static let defaultLayout = PreviewTrait(name: "defaultLayout")
    public static let sizeThatFitsLayout = PreviewTrait(name: "sizeThatFitsLayout")
    public static let portrait = PreviewTrait(name: "portrait")
    public static let portraitUpsideDown = PreviewTrait(name: "portraitUpsideDown")
    public static let landscapeLeft = PreviewTrait(name: "landscapeLeft")
    public static let landscapeRight = PreviewTrait(name: "landscapeRight")

    public static func fixedLayout(width: Double, height: Double) -> PreviewTrait {
        PreviewTrait(name: "fixedLayout")
    }
}

/// The content states of a Live Activity's `#Preview`, one expression each.
@resultBuilder
public enum ActivityPreviewContentStateBuilder<Attributes: ActivityAttributes> {
    public static func buildExpression(_ state: Attributes.ContentState) -> [Attributes.ContentState] {
        [state]
    }

    public static func buildBlock(_ states: [Attributes.ContentState]...) -> [Attributes.ContentState] {
        states.flatMap { $0 }
    }
}
