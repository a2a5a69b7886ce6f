import FoundationEssentials
import WidgetPayload

/// The type each `#Preview` expands into, as Apple's `PreviewRegistry`: found in the bundle's
/// metadata (`PreviewCatalog`). Not written by hand.
public protocol _PreviewRegistry: SendableMetatype {
    static var fileID: String { get }
    static var line: Int { get }
    static var preview: _PreviewDeclaration { get }
}

/// What one `#Preview` declares, made by its expansion from the macro's own arguments: its
/// initializers mirror the macro's signatures (PreviewMacros.swift). Not written by hand.
public struct _PreviewDeclaration: Sendable {
    /// The name the preview was given, if any.
    let name: String?
    let subject: Subject

    enum Subject: Sendable {
        /// A widget's entries in `family`, for the kind `widget` evaluates to.
        case widget(family: WidgetFamily, widget: @Sendable () -> any Widget, entries: @Sendable (any ExportableConfiguration, TimelineProviderContext) async -> ProviderReply)
        /// A view: compiled, never shown by the host's tools.
        case view
    }

    public init<Content: Widget, Entry: TimelineEntry>(
        _ name: String? = nil,
        as family: WidgetFamily,
        widget: @escaping @Sendable () -> Content,
        @PreviewTimelineBuilder timeline: @escaping @Sendable () async -> [Entry]
    ) {
        self.name = name
        subject = .widget(family: family, widget: widget) { configuration, context in
            configuration.previewReply(for: Timeline(entries: await timeline(), policy: .never), in: context)
        }
    }

    public init<Content: Widget, Provider: TimelineProvider>(
        _ name: String? = nil,
        as family: WidgetFamily,
        widget: @escaping @Sendable () -> Content,
        timelineProvider: @escaping @Sendable () -> Provider
    ) {
        self.name = name
        subject = .widget(family: family, widget: widget) { configuration, context in
            let provider = timelineProvider()
            let timeline = await withCheckedContinuation { continuation in
                provider.getTimeline(in: context) { continuation.resume(returning: $0) }
            }
            return configuration.previewReply(for: timeline, in: context)
        }
    }

    public init<Content: Widget, Provider: AppIntentTimelineProvider>(
        _ name: String? = nil,
        as family: WidgetFamily,
        using intent: Provider.Intent,
        widget: @escaping @Sendable () -> Content,
        timelineProvider: @escaping @Sendable () -> Provider
    ) {
        self.name = name
        subject = .widget(family: family, widget: widget) { configuration, context in
            let timeline = await timelineProvider().timeline(for: intent, in: context)
            return configuration.previewReply(for: timeline, in: context)
        }
    }

    public init<Attributes: ActivityAttributes, Content: Widget>(
        _ name: String? = nil,
        as viewKind: ActivityPreviewViewKind,
        using attributes: Attributes,
        widget: @escaping @Sendable () -> Content,
        @ActivityPreviewContentStateBuilder<Attributes> contentStates: @escaping @Sendable () async -> [Attributes.ContentState]
    ) {
        self.name = name
        subject = .view
    }

    public init(_ name: String? = nil, traits: PreviewTrait..., @ViewBuilder body: @escaping @Sendable () -> any View) {
        self.name = name
        subject = .view
    }
}
