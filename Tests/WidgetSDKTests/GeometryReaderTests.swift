import SwiftUI
import Testing
@testable import WidgetSDK
import WidgetPayload

/// `GeometryReader` is told the space the host will offer it: the content area, less padding,
/// inside fixed frames, the whole widget in a container background; its content is placed at
/// the top leading corner of all that space.
@Suite struct GeometryReaderTests {
    /// The texts of a tree, in order.
    private func texts(_ node: ViewNode) -> [String] {
        var found: [String] = []
        if case .text(.verbatim(let text)) = node.kind { found.append(text) }
        for modifier in node.modifiers {
            switch modifier {
            case .background(let content, _), .overlay(let content, _), .containerBackground(let content): found += texts(content)
            default: break
            }
        }
        for child in node.kind.children { found += texts(child) }
        return found
    }

    private func size(_ proxy: GeometryProxy) -> String {
        "\(Int(proxy.size.width))x\(Int(proxy.size.height))"
    }

    @Test func atTheRootItIsTheContentArea() {
        // systemSmall is 170 points square, less WidgetKit's 16-point margins.
        #expect(texts(evaluate(.systemSmall) { GeometryReader { Text(size($0)) } }.root) == ["138x138"])
        #expect(texts(evaluate(.systemMedium) { GeometryReader { Text(size($0)) } }.root) == ["332x138"])
        // Accessory families have no margins.
        #expect(texts(evaluate(.accessoryCircular) { GeometryReader { Text(size($0)) } }.root) == ["76x76"])
    }

    @Test func paddingAndFixedFramesNarrowIt() {
        let tree = evaluate(.systemSmall) {
            VStack {
                GeometryReader { Text(size($0)) }.padding(10)
                GeometryReader { Text(size($0)) }.frame(width: 50)
                GeometryReader { Text(size($0)) }.frame(width: 40, height: 30).padding(.horizontal, 4)
            }
        }
        #expect(texts(tree.root) == ["118x118", "50x138", "40x30"])
    }

    @Test func aContainerBackgroundHasTheWholeWidget() {
        let tree = evaluate(.systemSmall) {
            Text("front").containerBackground(for: .widget) { GeometryReader { Text(size($0)) } }
        }
        #expect(texts(tree.root) == ["front", "170x170"])
    }

    @Test func itTakesAllItIsOfferedAndPlacesItsContentTopLeading() {
        let tree = evaluate(.systemSmall) { GeometryReader { _ in Text("a") } }
        #expect(tree.root.kind == .zStack(alignment: .topLeading, children: [ViewNode(.text(.verbatim("a")))]))
        #expect(tree.root.modifiers == [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))])
    }

    @Test func theProxyHasNoSafeAreaAndItsFrameStartsAtTheOrigin() {
        var frame = CGRect.null
        _ = evaluate(.systemSmall) {
            GeometryReader { proxy in
                let _ = frame = proxy.frame(in: .local)
                Text("\(proxy.safeAreaInsets.top)")
            }
        }
        #expect(frame == CGRect(x: 0, y: 0, width: 138, height: 138))
    }
    /// The tree ViewGoldenTests draws as `geometryReader`: the proxy's size made into a caption,
    /// a capsule half the width and bars sharing the width and height.
    @Test func theGoldenImagesTree() {
        let tree = evaluate(.systemMedium) {
            GeometryReader { proxy in
                VStack(alignment: .leading, spacing: 4) {
                    Text("\(Int(proxy.size.width)) × \(Int(proxy.size.height))").font(.caption)
                    Capsule().fill(.orange).frame(width: proxy.size.width / 2, height: 6).widgetAccentable()
                    HStack(alignment: .bottom, spacing: 4) {
                        ForEach([0.3, 0.6, 1, 0.8, 0.45, 0.2, 0.7], id: \.self) { share in
                            RoundedRectangle(cornerRadius: 3).fill(.blue)
                                .frame(width: (proxy.size.width - 24) / 7, height: share * (proxy.size.height - 40))
                        }
                    }
                }
            }
        }
        let bars = [0.3, 0.6, 1, 0.8, 0.45, 0.2, 0.7].map { share in
            ViewNode(.shape(.roundedRectangle(cornerRadius: 3), fill: .color(.named(.blue, opacity: 1)), stroke: nil),
                     modifiers: [.frame(FrameSpec(width: 44, height: share * 98))])
        }
        let content = ViewNode(.vStack(alignment: .leading, spacing: 4, children: [
            ViewNode(.text(.verbatim("332 × 138")), modifiers: [.font(.textStyle(.caption, weight: nil, design: nil))]),
            ViewNode(.shape(.capsule, fill: .color(.named(.orange, opacity: 1)), stroke: nil), modifiers: [.frame(FrameSpec(width: 166, height: 6)), .widgetAccentable]),
            ViewNode(.hStack(alignment: .bottom, spacing: 4, children: bars)),
        ]))
        #expect(tree.root == ViewNode(.zStack(alignment: .topLeading, children: [content]),
                                      modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))]))
    }
}
