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
    /// The URLs of the light tree and of every other root that differs (dark, accented,
    /// vibrant): a click on any drawing is a click on this widget. The widget URL is the light
    /// tree's (the one `GET /v1/widgets` reports), else the first other root's that has one.
    public var urls: ViewURLs {
        var widgetURL: String?
        var links: [String] = []
        var seen = Set<String>()
        for urls in roots.map(\.urls) {
            widgetURL = widgetURL ?? urls.widgetURL
            links += urls.links.filter { seen.insert($0).inserted }
        }
        return ViewURLs(widgetURL: widgetURL, links: links)
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
