import Testing
import WidgetPayload
@testable import WidgetRender

/// `ViewTree.urls` (WidgetPayload) names the URL the server reports and accepts; the renderer
/// places the link regions a click hits. They must name the same widget URL and the same links.
@Suite("View URLs agree with the drawn link regions")
struct ViewURLsTests {
    private func agree(_ root: ViewNode, sourceLocation: SourceLocation = #_sourceLocation) {
        let urls = ViewTree(root: root).urls
        let list = LayoutHarness.layout(root, family: .systemMedium, size: nil)
        if let widgetURL = urls.widgetURL {
            #expect(list.links.first?.url == widgetURL, "the widget-wide region is the tree's widget URL", sourceLocation: sourceLocation)
            #expect(Set(list.links.dropFirst().map(\.url)) == Set(urls.links), sourceLocation: sourceLocation)
        } else {
            #expect(Set(list.links.map(\.url)) == Set(urls.links), sourceLocation: sourceLocation)
        }
    }

    @Test("A node's own modifiers come before its children, and the first written child wins")
    func order() {
        let tree = vstack(
            text("a", .widgetURL("app://first-child")),
            text("b", .widgetURL("app://second-child"))
        ).with(.padding(EdgeInsetsSpec(top: 1, leading: 1, bottom: 1, trailing: 1)))
        #expect(ViewTree(root: tree).urls.widgetURL == "app://first-child")
        agree(tree)
        let outer = tree.with(.widgetURL("app://outer"))
        #expect(ViewTree(root: outer).urls.widgetURL == "app://outer")
        agree(outer)
    }

    @Test("An overlay's widget URL comes before the children's; a container background's is not looked for")
    func modifierContents() {
        let overlaid = vstack(text("a", .widgetURL("app://child")))
            .with(.overlay(text("o", .widgetURL("app://overlay")), alignment: .center))
        #expect(ViewTree(root: overlaid).urls.widgetURL == "app://overlay")
        agree(overlaid)
        let backed = vstack(text("a", .widgetURL("app://child")))
            .with(.containerBackground(color(.blue, .widgetURL("app://background"))))
        #expect(ViewTree(root: backed).urls.widgetURL == "app://child")
        agree(backed)
    }

    @Test("Links are every Link destination, nested ones too, each once; a tree without any has none")
    func links() {
        let tree = hstack(
            ViewNode(.link(url: "app://one", content: text("1"))),
            vstack(ViewNode(.link(url: "app://two", content: ViewNode(.link(url: "app://three", content: text("3")))))),
            ViewNode(.link(url: "app://one", content: text("again")))
        ).with(.widgetURL("app://widget"))
        let urls = ViewTree(root: tree).urls
        #expect(urls.links == ["app://one", "app://two", "app://three"])
        #expect(urls.all == ["app://widget", "app://one", "app://two", "app://three"])
        #expect(urls.contains("app://three") && urls.contains("app://widget") && !urls.contains("app://four"))
        #expect(ViewTree(root: text("plain")).urls == ViewURLs())
    }

    @Test("A dark tree's links count too; the widget URL is the light tree's")
    func dark() {
        let tree = ViewTree(
            root: text("l", .widgetURL("app://light")),
            dark: vstack(ViewNode(.link(url: "app://dark-link", content: text("d")))).with(.widgetURL("app://dark")))
        #expect(tree.urls.widgetURL == "app://light")
        #expect(tree.urls.links == ["app://dark-link"])
    }
}
