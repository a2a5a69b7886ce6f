import Testing
@testable import WidgetSDK
import WidgetPayload

// Button styles, ViewModifier, ShapeStyle.opacity, Color.gradient, the circular progress style
// and App Intents' parameter summaries, evaluated as SwiftUI's mean them.

private struct Card: ViewModifier {
    let padding: Double

    func body(content: Content) -> some View {
        content.padding(padding).background(Color.red)
    }
}

/// A custom style: the label over a capsule.
private struct PillStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.padding(4).background(Capsule().fill(Color.blue))
    }
}

private struct GoIntent: AppIntent {
    static let title: LocalizedStringResource = "Go"
    func perform() async throws -> some IntentResult { .result() }
}

private struct Forecast: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Forecast"
    @Parameter(title: "City", default: "Paris") var city: String
    @Parameter(title: "Details", default: false) var details: Bool
    @Parameter(title: "Days", default: 3) var days: Int

    static var parameterSummary: some ParameterSummary {
        When(\.$details, .equalTo, true) {
            Summary("Forecast for \(\.$city) in detail") {
                \.$days
            }
        } otherwise: {
            Summary("Forecast for \(\.$city)")
        }
    }
}

@Suite struct StyleSurfaceTests {
    @Test func builtInButtonStylesTravelAsAModifierOnTheButton() throws {
        let plain = evaluate { Button("Go", intent: GoIntent()).buttonStyle(.plain) }
        #expect(plain.root.modifiers == [.buttonStyle(.plain)])
        #expect(plain.lowestVersion == 4)
        // The nearest style wins; .automatic adds nothing.
        let nearest = evaluate {
            VStack { Button("Go", intent: GoIntent()).buttonStyle(.borderedProminent) }.buttonStyle(.borderless)
        }
        guard case .vStack(_, _, let children) = nearest.root.kind else { Issue.record("\(nearest.root.kind)"); return }
        #expect(children.first?.modifiers == [.buttonStyle(.borderedProminent)])
        #expect(evaluate { Button("Go", intent: GoIntent()).buttonStyle(.automatic) }.root.modifiers == [])
    }

    @Test func aCustomButtonStyleIsTheButtonsFaceDrawnPlain() throws {
        let tree = evaluate { Button("Go", intent: GoIntent()).buttonStyle(PillStyle()) }
        guard case .button(_, let face) = tree.root.kind else { Issue.record("\(tree.root.kind)"); return }
        #expect(face == ViewNode(.text(.verbatim("Go")), modifiers: [
            .padding(EdgeInsetsSpec(all: 4)),
            .background(ViewNode(.shape(.capsule, fill: .color(.named(.blue, opacity: 1)), stroke: nil)), alignment: .center),
        ]))
        #expect(tree.root.modifiers == [.buttonStyle(.plain)])
    }

    @Test func aViewModifierWrapsTheViewWithItsBody() {
        let tree = evaluate { Text("Hi").modifier(Card(padding: 6)) }
        #expect(tree.root == ViewNode(.text(.verbatim("Hi")), modifiers: [
            .padding(EdgeInsetsSpec(all: 6)),
            .background(ViewNode(.fill(.color(.named(.red, opacity: 1)))), alignment: .center),
        ]))
        #expect(evaluate { Text("Hi").modifier(EmptyModifier()) }.root == ViewNode(.text(.verbatim("Hi"))))
    }

    @Test func aShapeStylesOpacityMultipliesEveryColour() {
        let gradient = LinearGradient(colors: [.red, Color(red: 0, green: 0, blue: 1, opacity: 0.5)], startPoint: .top, endPoint: .bottom)
        guard case .linearGradient(let spec) = gradient.opacity(0.5)._fillStyle else { Issue.record("not a gradient"); return }
        #expect(spec.stops.map(\.color) == [.named(.red, opacity: 0.5), .rgba(red: 0, green: 0, blue: 1, alpha: 0.25)])
        #expect(HierarchicalShapeStyle.secondary.opacity(0.4)._fillStyle == .color(.named(.secondary, opacity: 0.4)))
    }

    @Test func aColoursGradientIsLighterAtTheTop() {
        guard let spec = ColorGradientShades.linearGradient(of: Color(red: 0.2, green: 0.4, blue: 0.6).spec) else {
            Issue.record("an sRGB colour is shaded in the SDK")
            return
        }
        #expect(spec.startPoint == UnitPointSpec(x: 0.5, y: 0) && spec.endPoint == UnitPointSpec(x: 0.5, y: 1))
        #expect(spec.stops.last?.color == .rgba(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        guard case .rgba(let red, let green, let blue, _)? = spec.stops.first?.color else { Issue.record("no top"); return }
        #expect(red > 0.2 && green > 0.4 && blue > 0.6)
    }

    @Test func aNamedColoursGradientTravelsAsTheColourForTheHostToShade() {
        // `.teal.gradient` drew flat teal before: the SDK cannot lighten a colour the host resolves.
        #expect(Color.teal.gradient._fillStyle == .colorGradient(.named(.teal, opacity: 1)))
        #expect(Color("Brand").gradient.opacity(0.5)._fillStyle == .colorGradient(.catalog("Brand", opacity: 0.5)))
        let gradient = FillStyle.colorGradient(.named(.teal, opacity: 1))
        let tree = evaluate {
            VStack {
                Rectangle().fill(.teal.gradient)
                Text("a").background(.teal.gradient).foregroundStyle(.teal.gradient)
            }
            .containerBackground(.teal.gradient, for: .widget)
        }
        #expect(tree.root.modifiers.contains(.containerBackground(ViewNode(.fill(gradient)))), "\(tree.root.modifiers)")
        guard case .vStack(_, _, let children) = tree.root.kind, children.count == 2 else { Issue.record("\(tree.root)"); return }
        #expect(children[0].kind == .shape(.rectangle, fill: gradient, stroke: nil))
        #expect(children[1].modifiers.contains(.foregroundStyle(gradient)), "\(children[1].modifiers)")
        #expect(children[1].modifiers.contains(.background(ViewNode(.fill(gradient)), alignment: .center)), "\(children[1].modifiers)")
        // The fill is version 6's: a host of version 5 refuses the tree rather than draw it wrong.
        #expect(tree.lowestVersion == 6)
        #expect(tree.features.contains(.colorGradient))
    }

    @Test func aCircularProgressViewIsARing() {
        let tree = evaluate { ProgressView(value: 0.25).progressViewStyle(.circular) }
        #expect(tree.root.kind == .gauge(GaugeSpec(value: 0.25, style: .accessoryCircularCapacity)))
    }

    @Test func viewThatFitsNamesTheAxesItChecks() {
        let tree = evaluate {
            ViewThatFits(in: .horizontal) {
                Text("Tomorrow at 9:41")
                Text("9:41")
            }
        }
        #expect(tree.root.kind == .viewThatFits(axes: .horizontal, children: [ViewNode(.text(.verbatim("Tomorrow at 9:41"))), ViewNode(.text(.verbatim("9:41")))]))
        #expect(tree.lowestVersion == 4)
        #expect(evaluate { ViewThatFits { Text("a") } }.root.kind == .viewThatFits(axes: .both, children: [ViewNode(.text(.verbatim("a")))]))
    }

    @Test func aGridHoldsItsRowsAndTheViewsThatSpanThem() {
        let tree = evaluate {
            Grid(alignment: .leading, horizontalSpacing: 4) {
                GridRow(alignment: .bottom) {
                    Text("Wind")
                    Text("3 m/s")
                }
                Divider()
            }
        }
        #expect(tree.root.kind == .grid(alignment: .leading, horizontalSpacing: 4, verticalSpacing: nil, rows: [
            ViewNode(.gridRow(alignment: .bottom, cells: [ViewNode(.text(.verbatim("Wind"))), ViewNode(.text(.verbatim("3 m/s")))])),
            ViewNode(.divider),
        ]))
        #expect(tree.lowestVersion == 4)
    }

    @Test func theSystemFillsLabelsAndBackgroundAreNamedForTheHost() {
        #expect(FillShapeStyle.fill.tertiary._fillStyle == .color(.named(.tertiaryFill, opacity: 1)))
        #expect(HierarchicalShapeStyle.quaternary._fillStyle == .color(.named(.quaternary, opacity: 1)))
        // iOS 16's fifth levels (mta-api-swiftui-widget's `.fill.quinary`): the fourth, fainter.
        #expect(evaluate { Text("Hi").foregroundStyle(.quinary) }.root.modifiers == [.foregroundStyle(.color(.named(.quaternary, opacity: 0.5)))])
        #expect(FillShapeStyle.fill.quinary._fillStyle == .color(.named(.quaternaryFill, opacity: 0.5)))
        // Xcode's widget template, and a tree that uses it is version 4.
        let tree = evaluate { Text("Hi").containerBackground(.fill.tertiary, for: .widget) }
        #expect(tree.root.modifiers == [.containerBackground(ViewNode(.fill(.color(.named(.tertiaryFill, opacity: 1)))))])
        #expect(tree.lowestVersion == 4)
        #expect(evaluate { Text("Hi").foregroundStyle(.secondary) }.lowestVersion == 1)
    }

    @Test func iOS17ShapeShorthandsAndStrokeBorder() {
        let clipped = evaluate { Text("Hi").clipShape(.rect(cornerRadius: 12)) }
        #expect(clipped.root.modifiers == [.clipShape(.roundedRectangle(cornerRadius: 12))])
        // strokeBorder keeps the whole line inside the frame: the outline inset by half its width.
        let border = evaluate { Circle().strokeBorder(Color.red, lineWidth: 4) }
        #expect(border.root == ViewNode(.shape(.circle, fill: nil, stroke: StrokeStyleSpec(fill: .color(.named(.red, opacity: 1)), lineWidth: 4)),
                                        modifiers: [.padding(EdgeInsetsSpec(all: 2))]))
        #expect((Angle.degrees(90) - .degrees(30)) * 2 == .degrees(120))
    }

    @Test func shapeOperationsTravelWithTheShapeThroughFillAndStroke() {
        let red = FillStyle.color(.named(.red, opacity: 1)), blue = FillStyle.color(.named(.blue, opacity: 1))
        // iOS 17: fill, then stroke over it.
        let both = evaluate { Circle().fill(Color.red).stroke(Color.blue, lineWidth: 2) }
        #expect(both.root.kind == .zStack(alignment: .center, children: [
            ViewNode(.shape(.circle, fill: red, stroke: nil)),
            ViewNode(.shape(.circle, fill: nil, stroke: StrokeStyleSpec(fill: blue, lineWidth: 2))),
        ]))
        let moved = evaluate { Rectangle().inset(by: 4).rotation(.degrees(45)).offset(x: 3).fill(Color.red) }
        #expect(moved.root == ViewNode(.shape(.rectangle, fill: red, stroke: nil), modifiers: [
            .padding(EdgeInsetsSpec(all: 4)), .rotationEffect(degrees: 45, anchor: UnitPointSpec(x: 0.5, y: 0.5)), .offset(x: 3, y: 0),
        ]))
        let trimmed = evaluate { Circle().scale(0.5).trim(from: 0, to: 0.5).stroke(lineWidth: 3) }
        #expect(trimmed.root == ViewNode(.shape(.trimmed(.circle, from: 0, to: 0.5), fill: nil, stroke: StrokeStyleSpec(fill: nil, lineWidth: 3)),
                                         modifiers: [.scaleEffect(x: 0.5, y: 0.5, anchor: UnitPointSpec(x: 0.5, y: 0.5))]))
    }

    @Test func anAccessoryBackgroundTakesTheFamilysShape() {
        #expect(evaluate(.accessoryCircular) { AccessoryWidgetBackground() }.root.kind
            == .shape(.circle, fill: .color(.named(.white, opacity: 0.18)), stroke: nil))
        #expect(evaluate(.accessoryRectangular) { AccessoryWidgetBackground() }.root.kind
            == .shape(.roundedRectangle(cornerRadius: 8), fill: .color(.named(.white, opacity: 0.18)), stroke: nil))
    }

    @Test func aParameterSummaryCompilesInsideItsIntentAndLeavesTheParametersAsTheyAre() {
        // The summary names the intent's own parameters by key path; it adds to the schema
        // (ParameterSummaryTests), and the parameters stay as declared.
        let schema = IntentSchema.schema(of: Forecast.self)
        #expect(schema.parameters.map(\.name) == ["city", "details", "days"])
        #expect(schema.summary?.parameterNames == ["details", "city", "days", "city"])
    }
}
