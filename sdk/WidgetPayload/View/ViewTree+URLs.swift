/// The URLs a view tree can open: its `widgetURL` (a tap anywhere on the widget) and its `Link`
/// destinations (a tap on the link's content). A host opens only these: a client asking to open
/// any other URL is refused, so the API cannot be used to launch arbitrary URLs.
public struct ViewURLs: Sendable, Hashable {
    /// The first `widgetURL` in the tree (WidgetKit honours one; the first is the one drawn).
    public var widgetURL: String?
    /// Every `Link` destination, in the order written, without repeats.
    public var links: [String]

    public init(widgetURL: String? = nil, links: [String] = []) {
        self.widgetURL = widgetURL
        self.links = links
    }

    /// The widget URL, then the links; each once.
    public var all: [String] {
        var seen = Set<String>()
        return ([widgetURL].compactMap { $0 } + links).filter { seen.insert($0).inserted }
    }

    public func contains(_ url: String) -> Bool { widgetURL == url || links.contains(url) }
}

extension ViewTree {
    /// The URLs of the light tree and, when the view differs in dark, of the dark one too: a
    /// click on either appearance's drawing is a click on this widget. The widget URL is the
    /// light tree's (the one `GET /v1/widgets` reports), else the dark one's.
    public var urls: ViewURLs {
        let light = root.urls
        guard let dark else { return light }
        let darkURLs = dark.urls
        var seen = Set(light.links)
        return ViewURLs(
            widgetURL: light.widgetURL ?? darkURLs.widgetURL,
            links: light.links + darkURLs.links.filter { seen.insert($0).inserted })
    }
}

extension ViewNode {
    /// This node's `widgetURL` and `Link` destinations.
    ///
    /// The widget URL is searched in the renderer's order (WidgetRender's `first(where:)`, which
    /// places the widget-wide link region): a node's own modifiers innermost first, then the
    /// views inside its background, overlay and mask modifiers, then its children depth first
    /// in the order written. The two must agree, or the state would name a URL the drawing does
    /// not open.
    public var urls: ViewURLs {
        var links: [String] = []
        collectLinks(into: &links)
        var seen = Set<String>()
        return ViewURLs(widgetURL: firstWidgetURL(), links: links.filter { seen.insert($0).inserted })
    }

    private func firstWidgetURL() -> String? {
        for modifier in modifiers {
            if case .widgetURL(let url) = modifier { return url }
        }
        for content in modifierContents(withContainerBackground: false) {
            if let url = content.firstWidgetURL() { return url }
        }
        for child in childViews {
            if let url = child.firstWidgetURL() { return url }
        }
        return nil
    }

    private func collectLinks(into links: inout [String]) {
        if case .link(let url, _) = kind { links.append(url) }
        for content in modifierContents(withContainerBackground: true) { content.collectLinks(into: &links) }
        for child in childViews { child.collectLinks(into: &links) }
    }

    /// The views inside this node's modifiers, which are drawn and so can hold links too. The
    /// renderer does not look for the widget URL inside a container background, so neither does
    /// `firstWidgetURL`.
    private func modifierContents(withContainerBackground: Bool) -> [ViewNode] {
        modifiers.compactMap { modifier in
            switch modifier {
            case .background(let content, _), .overlay(let content, _), .mask(let content, _): content
            case .containerBackground(let content): withContainerBackground ? content : nil
            default: nil
            }
        }
    }

    /// The views inside this one, in the order written.
    private var childViews: [ViewNode] {
        switch kind {
        case .empty, .text, .image, .spacer, .divider, .fill, .shape: []
        case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children): children
        case .progress(_, _, let label): label.map { [$0] } ?? []
        case .gauge(let gauge): [gauge.label, gauge.currentValueLabel].compactMap { $0 }
        case .link(_, let content): [content]
        }
    }
}
