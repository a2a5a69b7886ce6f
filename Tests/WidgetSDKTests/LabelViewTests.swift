import Testing
@testable import WidgetSDK
import WidgetPayload

// Label and its styles evaluated into the tree: what iOS draws, an HStack of icon and title.

/// A style that adds to the one in effect outside it, through `Label(configuration)`.
private struct TintedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        Label(configuration).foregroundStyle(Color.red)
    }
}

/// A style of its own: the title over the icon.
private struct StackedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon
            configuration.title.font(.caption)
        }
    }
}

@Suite struct LabelViewTests {
    private static let icon = ViewNode(.image(.system("cloud.rain.fill")))
    private static let title = ViewNode(.text(.verbatim("Rain")))
    private static let pair = ViewNode(.hStack(alignment: .center, spacing: nil, children: [icon, title]))

    @Test func aLabelIsItsIconThenItsTitle() {
        #expect(evaluate { Label("Rain", systemImage: "cloud.rain.fill") }.root == Self.pair)
        #expect(evaluate { Label("Rain", systemImage: "cloud.rain.fill").labelStyle(.titleAndIcon) }.root == Self.pair)
        #expect(evaluate { Label("Rain", systemImage: "cloud.rain.fill").labelStyle(.automatic) }.root == Self.pair)
        let built = evaluate { Label { Text("Rain").bold() } icon: { Image("drop") } }
        #expect(built.root == ViewNode(.hStack(alignment: .center, spacing: nil, children: [
            ViewNode(.image(.asset("drop"))), ViewNode(.text(.verbatim("Rain")), modifiers: [.fontWeight(.bold)]),
        ])))
        #expect(evaluate { Label("Rain", image: "drop") }.root.kind == .hStack(alignment: .center, spacing: nil, children: [
            ViewNode(.image(.asset("drop"))), Self.title,
        ]))
    }

    @Test func theNearestStyleWins() {
        let tree = evaluate {
            VStack {
                Label("Rain", systemImage: "cloud.rain.fill")
                Label("Rain", systemImage: "cloud.rain.fill").labelStyle(.titleOnly)
            }
            .labelStyle(.iconOnly)
        }
        #expect(tree.root.kind == .vStack(alignment: .center, spacing: nil, children: [Self.icon, Self.title]))
    }

    @Test func aCustomStyleGetsTheConfigurationAndCanDrawTheOuterStyle() {
        let stacked = evaluate { Label("Rain", systemImage: "cloud.rain.fill").labelStyle(StackedLabelStyle()) }
        #expect(stacked.root == ViewNode(.vStack(alignment: .center, spacing: 2, children: [
            Self.icon, ViewNode(.text(.verbatim("Rain")), modifiers: [.font(.textStyle(.caption, weight: nil, design: nil))]),
        ])))
        // Label(configuration) inside TintedLabelStyle draws as the style outside it: icon only.
        let tinted = evaluate {
            Label("Rain", systemImage: "cloud.rain.fill").labelStyle(TintedLabelStyle()).labelStyle(.iconOnly)
        }
        #expect(tinted.root == ViewNode(.image(.system("cloud.rain.fill")), modifiers: [.foregroundStyle(.color(.named(.red, opacity: 1)))]))
        // With nothing outside it, the default: icon and title.
        let alone = evaluate { Label("Rain", systemImage: "cloud.rain.fill").labelStyle(TintedLabelStyle()) }
        #expect(alone.root == ViewNode(Self.pair.kind, modifiers: [.foregroundStyle(.color(.named(.red, opacity: 1)))]))
    }
}
