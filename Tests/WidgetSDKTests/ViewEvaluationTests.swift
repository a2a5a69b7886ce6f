import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// Views evaluated into the exact view tree the host receives.

/// The tree of a view in `family`, as an entry's view is evaluated.
func evaluate<V: View>(_ family: WidgetFamily = .systemSmall, @ViewBuilder _ view: () -> V) -> ViewTree {
    ViewEvaluation.tree(family: family) { view() }
}

private func text(_ string: String, _ modifiers: [ViewModifierNode] = []) -> ViewNode {
    ViewNode(.text(.verbatim(string)), modifiers: modifiers)
}

private func named(_ color: NamedColor, _ opacity: Double = 1) -> FillStyle {
    .color(.named(color, opacity: opacity))
}

@Suite struct ViewModifierEvaluationTests {
    @Test func modifiersAreListedInnermostFirst() {
        let tree = evaluate {
            Text("Hi").padding().background(Color.red).opacity(0.5)
        }
        #expect(tree.root == text("Hi", [
            .padding(EdgeInsetsSpec(all: 16)),
            .background(ViewNode(.fill(named(.red))), alignment: .center),
            .opacity(0.5),
        ]))
    }

    @Test func textKeepsItsOwnModifiersBeforeTheViewOnes() {
        let tree = evaluate {
            Text("7").font(.system(size: 48, weight: .heavy, design: .rounded)).bold().foregroundColor(.white).padding(8)
        }
        #expect(tree.root == text("7", [
            .font(.system(size: 48, weight: .heavy, design: .rounded)),
            .fontWeight(.bold),
            .foregroundStyle(named(.white)),
            .padding(EdgeInsetsSpec(all: 8)),
        ]))
    }

    @Test func nilArgumentsAddNoModifier() {
        let none: URL? = nil
        let tree = evaluate {
            Text("x").font(nil).foregroundColor(nil).widgetURL(none).bold(false).privacySensitive(false)
        }
        #expect(tree.root == text("x"))
    }

    @Test func paddingOnSomeEdges() {
        let tree = evaluate {
            Text("p").padding(.horizontal, 10).padding(.top).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        }
        #expect(tree.root.modifiers == [
            .padding(EdgeInsetsSpec(leading: 10, trailing: 10)),
            .padding(EdgeInsetsSpec(top: 16)),
            .padding(EdgeInsetsSpec(top: 1, leading: 2, bottom: 3, trailing: 4)),
        ])
    }

    @Test func framesFixedAndFlexible() {
        let tree = evaluate {
            Color.blue
                .frame(width: 40, height: 20, alignment: .topLeading)
                .frame(minWidth: 0, maxWidth: .infinity, alignment: .bottom)
                .fixedSize(horizontal: true, vertical: false)
                .layoutPriority(1)
        }
        #expect(tree.root == ViewNode(.fill(named(.blue)), modifiers: [
            .frame(FrameSpec(width: 40, height: 20, alignment: .topLeading)),
            .frame(FrameSpec(minWidth: 0, maxWidth: .infinity, alignment: .bottom)),
            .fixedSize(horizontal: true, vertical: false),
            .layoutPriority(1),
        ]))
    }

    @Test func imagesTheirSourcesAndScaling() {
        let tree = evaluate {
            Image("poster").resizable().scaledToFill()
            Image(systemName: "star.fill").aspectRatio(2, contentMode: .fit)
            Image(appGroup: "group.counter", path: "render/bg.png").scaledToFit()
        }
        #expect(tree.root == ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.image(.asset("poster")), modifiers: [.resizable, .aspectRatio(nil, contentMode: .fill)]),
            ViewNode(.image(.system("star.fill")), modifiers: [.aspectRatio(2, contentMode: .fit)]),
            ViewNode(.image(.appGroup(group: "group.counter", path: "render/bg.png")), modifiers: [.aspectRatio(nil, contentMode: .fit)]),
        ])))
    }

    @Test func textStyleModifiers() {
        let tree = evaluate {
            Text("t").lineLimit(2).multilineTextAlignment(.center).minimumScaleFactor(0.5).fontWeight(.semibold)
                .foregroundStyle(.secondary).font(.system(.title, design: .serif))
        }
        #expect(tree.root.modifiers == [
            .lineLimit(2), .multilineTextAlignment(.center), .minimumScaleFactor(0.5), .fontWeight(.semibold),
            .foregroundStyle(named(.secondary)), .font(.textStyle(.title, weight: nil, design: .serif)),
        ])
    }

    @Test func fontsByStyleSizeAndName() {
        #expect(Font.headline.spec == .textStyle(.headline, weight: nil, design: nil))
        #expect(Font.caption2.bold().spec == .textStyle(.caption2, weight: .bold, design: nil))
        #expect(Font.system(size: 12).weight(.light).spec == .system(size: 12, weight: .light, design: nil))
        #expect(Font.custom("Rubik Glitch", size: 48).bold().spec == .custom(name: "Rubik Glitch", size: 48))
    }

    @Test func layeringWithViewsShapesAndStyles() {
        let tree = evaluate {
            Text("l")
                .background(alignment: .leading) { Circle().fill(.red); Text("b") }
                .overlay(Capsule().stroke(.blue, lineWidth: 2))
                .background(.green, in: RoundedRectangle(cornerRadius: 4))
                .mask { Rectangle() }
                .clipShape(Ellipse())
                .cornerRadius(10)
        }
        #expect(tree.root.modifiers == [
            .background(ViewNode(.zStack(alignment: .leading, children: [
                ViewNode(.shape(.circle, fill: named(.red), stroke: nil)), text("b"),
            ])), alignment: .leading),
            .overlay(ViewNode(.shape(.capsule, fill: nil, stroke: StrokeStyleSpec(fill: named(.blue), lineWidth: 2))), alignment: .center),
            .background(ViewNode(.shape(.roundedRectangle(cornerRadius: 4), fill: named(.green), stroke: nil)), alignment: .center),
            .mask(ViewNode(.shape(.rectangle, fill: nil, stroke: nil)), alignment: .center),
            .clipShape(.ellipse),
            .clipShape(.roundedRectangle(cornerRadius: 10)),
        ])
    }

    @Test func colorsAndGradients() {
        let tree = evaluate {
            Color.black.opacity(0.5)
            Color(red: 1, green: 0.5, blue: 0, opacity: 0.8).opacity(0.5)
            Color(white: 0.25)
            LinearGradient(colors: [.red, .yellow, .blue], startPoint: .top, endPoint: .bottomTrailing)
        }
        let gradient = LinearGradientSpec(
            stops: [
                GradientStopSpec(color: .named(.red, opacity: 1), location: 0),
                GradientStopSpec(color: .named(.yellow, opacity: 1), location: 0.5),
                GradientStopSpec(color: .named(.blue, opacity: 1), location: 1),
            ],
            startPoint: UnitPointSpec(x: 0.5, y: 0), endPoint: UnitPointSpec(x: 1, y: 1))
        #expect(tree.root == ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.fill(named(.black, 0.5))),
            ViewNode(.fill(.color(.rgba(red: 1, green: 0.5, blue: 0, alpha: 0.4)))),
            ViewNode(.fill(.color(.rgba(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)))),
            ViewNode(.fill(.linearGradient(gradient))),
        ])))
    }

    @Test func hueSaturationBrightnessIsSRGB() {
        #expect(Color(hue: 0, saturation: 1, brightness: 1).spec == .rgba(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color(hue: 0.5, saturation: 1, brightness: 0.5).spec == .rgba(red: 0, green: 0.5, blue: 0.5, alpha: 1))
    }

    @Test func controls() throws {
        let url = try #require(URL(string: "https://example.com/a"))
        let tree = evaluate {
            ProgressView(value: 3, total: 10)
            ProgressView("Steps", value: 0.5)
            Gauge(value: 30, in: 0...100) { Text("g") } currentValueLabel: { Text("30") }
                .gaugeStyle(.accessoryCircular)
            Link("Open", destination: url)
        }
        #expect(tree.root == ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.progress(value: 3, total: 10, label: nil)),
            ViewNode(.progress(value: 0.5, total: 1, label: text("Steps"))),
            ViewNode(.gauge(GaugeSpec(value: 30, minimum: 0, maximum: 100, style: .accessoryCircular, label: text("g"), currentValueLabel: text("30")))),
            ViewNode(.link(url: "https://example.com/a", content: text("Open"))),
        ])))
    }

    @Test func aGaugeWithoutAStyleIsLinearCapacity() {
        let tree = evaluate { Gauge(value: 0.2) { EmptyView() } }
        #expect(tree.root == ViewNode(.gauge(GaugeSpec(value: 0.2))))
    }
}

@Suite struct ViewStructureEvaluationTests {
    @Test func stacksKeepTheirAlignmentAndSpacing() {
        let tree = evaluate {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                VStack(alignment: .leading) { Text("a"); Spacer(minLength: 2) }
                ZStack(alignment: .bottomTrailing) { Divider(); Spacer() }
            }
        }
        #expect(tree.root == ViewNode(.hStack(alignment: .firstTextBaseline, spacing: 4, children: [
            ViewNode(.vStack(alignment: .leading, spacing: nil, children: [text("a"), ViewNode(.spacer(minLength: 2))])),
            ViewNode(.zStack(alignment: .bottomTrailing, children: [ViewNode(.divider), ViewNode(.spacer(minLength: nil))])),
        ])))
    }

    @Test func severalViewsAtTheRootStackInAnImplicitVStack() {
        #expect(evaluate { Text("a"); Text("b") }.root
            == ViewNode(.vStack(alignment: .center, spacing: nil, children: [text("a"), text("b")])))
        #expect(evaluate { Text("only") }.root == text("only"))
        #expect(evaluate { EmptyView() }.root == ViewNode(.empty))
    }

    @Test func groupsForEachAndAnyViewFlattenIntoTheirParent() {
        struct Item: Identifiable {
            let id: Int
        }
        let tree = evaluate {
            VStack {
                Group {
                    Text("a")
                    Text("b")
                }
                .foregroundColor(.red)
                ForEach(["x", "y"], id: \.self) { Text($0) }
                ForEach(0..<2) { Text("\($0)") }
                ForEach([Item(id: 7)]) { Text("item \($0.id)") }
                AnyView(Text("any"))
                EmptyView().padding()
            }
        }
        let red = ViewModifierNode.foregroundStyle(named(.red))
        #expect(tree.root == ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            text("a", [red]), text("b", [red]), text("x"), text("y"), text("0"), text("1"), text("item 7"), text("any"),
        ])))
    }

    @Test func aModifierOnAMultiViewBodyAppliesToEachView() {
        struct Pair: View {
            var body: some View {
                Text("1")
                Text("2")
            }
        }
        let tree = evaluate { HStack { Pair().padding(4) } }
        #expect(tree.root == ViewNode(.hStack(alignment: .center, spacing: nil, children: [
            text("1", [.padding(EdgeInsetsSpec(all: 4))]), text("2", [.padding(EdgeInsetsSpec(all: 4))]),
        ])))
    }

    @Test(arguments: [0, 1, 2, 3])
    func ifElseAndSwitchPickOneBranch(value: Int) {
        let name: String? = value == 2 ? "two" : nil
        let tree = evaluate {
            VStack {
                if value == 0 { Text("zero") }
                if value.isMultiple(of: 2) { Text("even") } else { Divider() }
                if let name { Text(name) }
                switch value {
                case 0: Text("case 0")
                case 1: Spacer()
                default: EmptyView()
                }
            }
        }
        let expected: [ViewNode] = switch value {
        case 0: [text("zero"), text("even"), text("case 0")]
        case 1: [ViewNode(.divider), ViewNode(.spacer(minLength: nil))]
        case 2: [text("even"), text("two")]
        default: [ViewNode(.divider)]
        }
        #expect(tree.root == ViewNode(.vStack(alignment: .center, spacing: nil, children: expected)))
    }

    @Test func aBodyWithReturnStatementsErasesWithAnyView() {
        struct Either: View {
            let flag: Bool
            var body: some View {
                if flag {
                    return AnyView(Text("yes").bold())
                }
                return AnyView(Divider())
            }
        }
        #expect(evaluate { Either(flag: true) }.root == text("yes", [.fontWeight(.bold)]))
        #expect(evaluate { Either(flag: false) }.root == ViewNode(.divider))
    }

    @Test(arguments: DateStyleName.allCases)
    func textDatesStayDatesWithTheirStyle(style: DateStyleName) {
        let styles: [DateStyleName: Text.DateStyle] = [
            .time: .time, .date: .date, .relative: .relative, .offset: .offset, .timer: .timer,
        ]
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        let tree = evaluate { Text(date, style: styles[style]!) }
        #expect(tree.root == ViewNode(.text(.date(1_767_225_600, style: style))))
    }

    @Test func textVerbatimAndInterpolated() {
        let count = 42
        #expect(evaluate { Text("\(count) pillars") }.root == text("42 pillars"))
        #expect(evaluate { Text(verbatim: "%d") }.root == text("%d"))
        #expect(evaluate { Text("sub"[...]) }.root == text("sub"))
    }
}
