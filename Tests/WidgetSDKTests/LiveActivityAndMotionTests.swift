import Foundation
import SwiftUI
import Testing
import UIKit
@testable import WidgetSDK
import WidgetPayload

// What the next wave of real extensions met (docs/porting.md, "Other open-source extensions"):
// the Live Activity Xcode's template puts beside a widget, iOS 17's transitions, a parameter whose
// options code gives, a configuration intent declared an AppIntent without `perform()`, and
// `UIImage()`. This file imports Foundation, SwiftUI and UIKit, as such extensions do.

private struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutesLeft: Int
    }

    var courier: String
}

/// The Live Activity as Xcode's template writes it, with its regions and tints.
private struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            VStack {
                Text("\(context.attributes.courier): \(context.state.minutesLeft) min")
            }
            .activityBackgroundTint(Color.cyan)
            .activitySystemActionForegroundColor(Color.black)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text("Leading") }
                DynamicIslandExpandedRegion(.trailing) { Text("Trailing") }
                DynamicIslandExpandedRegion(.bottom) { Text("\(context.state.minutesLeft)") }
            } compactLeading: {
                Text("L")
            } compactTrailing: {
                Text("T")
            } minimal: {
                Text("M")
            }
            .widgetURL(URL(string: "https://example.com"))
            .keylineTint(Color.red)
        }
    }
}

private struct DeliveryEntry: TimelineEntry {
    let date: Date
}

private struct DeliveryProvider: TimelineProvider {
    func placeholder(in context: Context) -> DeliveryEntry { DeliveryEntry(date: context.now) }
    func getSnapshot(in context: Context, completion: @escaping (DeliveryEntry) -> Void) { completion(DeliveryEntry(date: context.now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<DeliveryEntry>) -> Void) {
        completion(Timeline(entries: [DeliveryEntry(date: context.now)], policy: .never))
    }
}

private struct DeliveryWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Delivery", provider: DeliveryProvider()) { _ in Text("On its way") }
    }
}

private struct DeliveryBundle: WidgetBundle {
    var body: some Widget {
        DeliveryWidget()
        DeliveryLiveActivity()
    }
}

/// An extension whose only widget is its Live Activity.
private struct OnlyLiveActivityBundle: WidgetBundle {
    var body: some Widget {
        DeliveryLiveActivity()
    }
}

extension DeliveryAttributes {
    fileprivate static var preview: DeliveryAttributes { DeliveryAttributes(courier: "Ana") }
}

#Preview("Notification", as: .content, using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState(minutesLeft: 12)
    DeliveryAttributes.ContentState(minutesLeft: 3)
}

/// Repository names the app saved, offered as a parameter's options.
private struct RepoOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] { ["apple/swift", "swiftlang/swift-testing"] }
    func defaultResult() async -> String? { "apple/swift" }
}

/// A configuration intent also declared an `AppIntent`, with no `perform()`, as
/// github-repowatcher-widget's `SelectSingleRepo`.
private struct SelectRepo: AppIntent, WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select Repo"
    @Parameter(title: "Repo", optionsProvider: RepoOptionsProvider()) var repo: String?
}

/// easytarget2000/ios-app-playground-2000's Live Activity indicator: a `@State` width a
/// geometry change sets, read by the bar drawn after it.
private struct Indicator: View {
    @State private var indicatorWidth: CGFloat = 200

    var body: some View {
        ZStack(alignment: .leading) {
            RoundedRectangle(cornerSize: CGSize(width: 25, height: 25))
                .onGeometryChange(for: CGFloat.self, of: { geometry in geometry.size.width }) { self.indicatorWidth = $0 }
            RoundedRectangle(cornerSize: CGSize(width: 25, height: 25))
                .frame(width: indicatorWidth / 2, height: 50)
        }
    }
}

@Suite struct LiveActivityAndMotionTests {
    @Test("a Live Activity listed in a WidgetBundle compiles and is not one of the bundle's kinds")
    func liveActivityIsLeftOut() throws {
        let widgets = try DeliveryBundle().body.exportedWidgets()
        #expect(widgets.map(\.kind) == ["Delivery"])
    }

    @Test("transitions, content transitions and animations leave the entry's view as it is")
    func motionChangesNothingDrawn() {
        let plain = evaluate { Text("42") }
        let moving = evaluate {
            Text("42")
                .contentTransition(.numericText())
                .transition(.push(from: .trailing))
                .animation(.easeInOut(duration: 0.3), value: 42)
        }
        #expect(moving.root == plain.root)
        #expect(evaluate { Text("7").transition(.opacity.combined(with: .scale)) }.root == evaluate { Text("7") }.root)
    }

    @Test("a parameter's options provider gives its options, and its default when a configuration gives none")
    func dynamicOptions() async throws {
        let options = try await EntityOptions.options(of: SelectRepo.self, parameter: "repo")
        #expect(options == [
            ParameterOption(value: "apple/swift", title: "apple/swift"),
            ParameterOption(value: "swiftlang/swift-testing", title: "swiftlang/swift-testing"),
        ])
        #expect(try await IntentDecoding.intent(SelectRepo.self, from: nil).repo == "apple/swift")
        let chosen = try await IntentDecoding.intent(SelectRepo.self, from: .object(["repo": .string("swiftlang/swift-testing")]))
        #expect(chosen.repo == "swiftlang/swift-testing")
    }

    @Test("a configuration intent declared an AppIntent performs nothing without its own perform()")
    func configurationIntentPerformsNothing() async throws {
        let result = try await SelectRepo().perform()
        #expect(result is PerformedIntentResult)
    }

    @Test("UIImage() is an empty image: a picture of no size, drawn as nothing")
    func emptyUIImage() throws {
        let tree = evaluate { Image(uiImage: UIImage(named: "") ?? UIImage()).resizable().frame(width: 42, height: 42) }
        guard case .image(.data(let bytes)) = tree.root.kind else {
            Issue.record("root is \(tree.root.kind)")
            return
        }
        #expect(ImageBytesFormat(sniffing: bytes) == .svg)
        let svg = String(decoding: bytes, as: UTF8.self)
        #expect(svg.contains(#"width="0""#) && svg.contains(#"height="0""#))
    }

    @Test("@State starts with its value, a write is read after it, and $value binds to it")
    func stateHoldsItsValue() {
        @State var count = 3
        #expect(count == 3)
        count = 4
        #expect(count == 4)
        let binding = $count
        binding.wrappedValue = 5
        #expect(count == 5)
        #expect(Binding.constant(1).wrappedValue == 1)
    }

    @Test("onGeometryChange tells its action the space offered, before the views after it are evaluated")
    func geometryChangeSetsState() {
        // systemSmall's content area is 138 points wide (GeometryReaderTests): the bar is half.
        let tree = evaluate(.systemSmall) { Indicator() }
        guard case .zStack(_, let children) = tree.root.kind, children.count == 2 else {
            Issue.record("root is \(tree.root.kind)")
            return
        }
        #expect(children[1].modifiers.contains(.frame(FrameSpec(width: 69, height: 50))))
        #expect(children[0].kind == .shape(.roundedRectangle(cornerRadius: 25), fill: nil, stroke: nil))
    }

    @Test("RoundedRectangle(cornerSize:) rounds its corners by that size; a corner of two sizes by the smaller")
    func roundedRectangleCornerSize() {
        #expect(RoundedRectangle(cornerSize: CGSize(width: 12, height: 12)) == RoundedRectangle(cornerRadius: 12))
        #expect(RoundedRectangle(cornerSize: CGSize(width: 20, height: 8)).cornerRadius == 8)
        #expect(RoundedRectangle(cornerRadius: 6).cornerSize == CGSize(width: 6, height: 6))
    }

    @Test("position(x:y:) centres the view at its ideal size on a point-sized frame moved to the point, in a frame that fills the offer")
    func positionIsComposedOfFrames() {
        let tree = evaluate { Text("•").position(x: 30, y: 40) }
        #expect(tree.root == ViewNode(.text(.verbatim("•")), modifiers: [
            .fixedSize(horizontal: true, vertical: true),
            .frame(FrameSpec(width: 0, height: 0)),
            .offset(x: 30, y: 40),
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)),
        ]))
        #expect(evaluate { Text("•").position(CGPoint(x: 30, y: 40)) }.root == tree.root)
        #expect(evaluate { Text("•").offset(CGSize(width: 3, height: 4)) }.root == evaluate { Text("•").offset(x: 3, y: 4) }.root)
    }

    @Test("onAppear and onDisappear leave a widget's view as it is, their actions not run")
    func appearanceActionsAreNotRun() {
        var ran = false
        let tree = evaluate { Text("a").onAppear { ran = true }.onDisappear { ran = true } }
        #expect(tree.root == evaluate { Text("a") }.root)
        #expect(!ran)
    }

    @Test("UIColor(Color) gives the components of a colour made of them, and answers false for a system colour")
    func uiColorComponents() {
        var red: CGFloat = -1, green: CGFloat = -1, blue: CGFloat = -1, alpha: CGFloat = -1
        #expect(UIColor(Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5)).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect([red, green, blue, alpha] == [0.2, 0.4, 0.6, 0.5])
        red = -1
        #expect(!UIColor(Color.red).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == -1)
    }

    @Test("fontDesign and lineSpacing are modifiers of the text, fontDesign also of one run; a tree with them is version 8")
    func textLayoutModifiers() {
        let tree = evaluate { Text("Well begun is half done").fontDesign(.serif).font(.title3).lineSpacing(4) }
        #expect(tree.root == ViewNode(.text(.verbatim("Well begun is half done")), modifiers: [
            .fontDesign(.serif), .font(.textStyle(.title3, weight: nil, design: nil)), .lineSpacing(4),
        ]))
        #expect(tree.lowestVersion == 8)
        #expect(evaluate { Text("a").lineSpacing(-3) }.root.modifiers == [.lineSpacing(0)])
        #expect(evaluate { Text("a").fontDesign(nil) }.root == evaluate { Text("a") }.root)
        #expect(evaluate { VStack { Text("a") }.fontDesign(.rounded) }.root.modifiers == [.fontDesign(.rounded)])
    }

    @Test("Alignment(horizontal:vertical:) is the named alignment, and gives its two parts back")
    func alignmentFromItsParts() {
        #expect(Alignment(horizontal: .center, vertical: .bottom) == .bottom)
        #expect(Alignment(horizontal: .leading, vertical: .top) == .topLeading)
        #expect(Alignment(horizontal: .trailing, vertical: .firstTextBaseline) == .topTrailing)
        #expect(Alignment.bottomTrailing.horizontal == .trailing && Alignment.bottomTrailing.vertical == .bottom)
        let tree = evaluate { ZStack(alignment: Alignment(horizontal: .center, vertical: .bottom)) { Text("a") } }
        #expect(tree.root == evaluate { ZStack(alignment: .bottom) { Text("a") } }.root)
    }

    @Test("A Live Activity is no kind, also as a bundle's @main widget; a bundle of Live Activities alone says why it has none")
    func liveActivityAloneIsNoKind() throws {
        #expect(try DeliveryLiveActivity().exportedWidgets().isEmpty)
        #expect(try OnlyLiveActivityBundle().body.exportedWidgets().isEmpty)
        #expect(WidgetExportError.emptyBundle(bundle: "Delivery").description.contains("a Live Activity is none"))
    }
}
