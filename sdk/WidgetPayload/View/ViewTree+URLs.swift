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
    /// This node's `widgetURL` (found as the renderer finds the one it draws: `first(where:)`)
    /// and its `Link` destinations, inside modifiers' views too.
    public var urls: ViewURLs {
        var links: [String] = []
        collectLinks(into: &links)
        var seen = Set<String>()
        return ViewURLs(widgetURL: first(where: \.widgetURL), links: links.filter { seen.insert($0).inserted })
    }

    private func collectLinks(into links: inout [String]) {
        if case .link(let url, _) = kind { links.append(url) }
        for modifier in modifiers {
            switch modifier {
            case .background(let content, _), .overlay(let content, _), .mask(let content, _), .containerBackground(let content):
                content.collectLinks(into: &links)
            default:
                continue
            }
        }
        for child in kind.children { child.collectLinks(into: &links) }
    }
}
