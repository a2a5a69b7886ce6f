import WidgetPayload

/// A widget with no user-configurable options, described by its kind, its provider and the view
/// that shows each entry.
///
///     StaticConfiguration(kind: "CounterWidget", provider: Provider()) { entry in
///         CounterWidgetView(entry: entry)
///     }
public struct StaticConfiguration<Provider: TimelineProvider, Content: View>: SupportedFamiliesModifier, Sendable {
    let kind: String
    let provider: Provider
    /// The entry view; nil for a widget that sends only its entries' content.
    let content: (@Sendable (Provider.Entry) -> Content)?
    public var _configurationTraits: _WidgetConfigurationTraits

    /// - Parameters:
    ///   - kind: Identifies the widget; unique among every bundle a host loads.
    ///   - provider: Supplies the widget's entries.
    ///   - content: The view that shows an entry, evaluated for each entry the provider gives
    ///     (placeholder, snapshot and timeline) in the family asked for.
    public init(kind: String, provider: Provider, @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        self.init(kind: kind, provider: provider, view: content)
    }

    private init(kind: String, provider: Provider, view: (@Sendable (Provider.Entry) -> Content)?) {
        self.kind = kind
        self.provider = provider
        self.content = view
        self._configurationTraits = _WidgetConfigurationTraits(displayName: kind)
    }

    /// The entry's view evaluated for `family`; nil for a widget without a view.
    func viewTree(for entry: Provider.Entry, family: WidgetFamily) -> ViewTree? {
        entryView(for: family)?(entry)
    }

    /// How each entry's view is evaluated for `family`; nil for a widget without a view.
    func entryView(for family: WidgetFamily) -> (@Sendable (Provider.Entry) -> ViewTree)? {
        guard let content else { return nil }
        let marginsDisabled = isContentMarginsDisabled
        return { entry in
            ViewEvaluation.tree(family: family, contentMarginsDisabled: marginsDisabled) { content(entry) }
        }
    }
}

extension StaticConfiguration where Content == EmptyView {
    /// A widget without a view: the host shows each entry's content, so the entry must be
    /// `Encodable`.
    public init(kind: String, provider: Provider) where Provider.Entry: Encodable {
        self.init(kind: kind, provider: provider, view: nil)
    }
}
