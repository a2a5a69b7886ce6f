import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// StrokeStyle, trim(from:to:), rotationEffect and ProgressViewStyle evaluated into the tree, and
// their wire form (tree version 3).

/// Wonderous's widget's progress style, as its source writes it.
private struct GaugeProgressStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        let fractionCompleted = configuration.fractionCompleted ?? 0
        return ZStack {
            Circle()
                .stroke(Color.gray, style: StrokeStyle(lineWidth: 2))
            Circle()
                .trim(from: 0, to: fractionCompleted)
                .stroke(Color.orange, style: StrokeStyle(lineWidth: 4, lineCap: .round))
                .rotationEffect(.degrees(90))
        }
    }
}

/// A style that shows its label and fraction, to check what the configuration carries.
private struct LabelledStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack {
            configuration.label
            Text("\(Int((configuration.fractionCompleted ?? -1) * 100))%")
            // A ProgressView inside a style draws as the host's bar, not as the style again.
            ProgressView(value: 0.5)
        }
    }
}

@Suite struct ShapeDrawingViewTests {
    private static let gray = FillStyle.color(.named(.gray, opacity: 1))
    private static let orange = FillStyle.color(.named(.orange, opacity: 1))

    @Test func wonderousGaugeStyleEvaluatesToATrimmedRotatedRing() throws {
        let tree = evaluate {
            ProgressView(value: 0.25).progressViewStyle(GaugeProgressStyle()).frame(width: 48, height: 48)
        }
        let ring = ViewNode(.shape(.circle, fill: nil, stroke: StrokeStyleSpec(fill: Self.gray, lineWidth: 2)))
        let arc = ViewNode(.shape(.trimmed(.circle, from: 0, to: 0.25), fill: nil,
                                  stroke: StrokeStyleSpec(fill: Self.orange, lineWidth: 4, lineCap: .round)),
                           modifiers: [.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0.5, y: 0.5))])
        #expect(tree.root == ViewNode(.zStack(alignment: .center, children: [ring, arc]), modifiers: [.frame(FrameSpec(width: 48, height: 48))]))
        #expect(tree.features == [.trim, .strokeStyle, .rotationEffect])
        #expect(tree.lowestVersion == 3)
        #expect(try ViewTree(json: tree.jsonValue) == tree)
    }

    @Test func aStyleSeesTheFractionAndLabelAndAppliesToProgressViewsInside() {
        let tree = evaluate {
            VStack {
                ProgressView("Loading", value: 3, total: 4)
                ProgressView(value: 9, total: 4)
            }
            .progressViewStyle(LabelledStyle())
        }
        guard case .vStack(_, _, let styled) = tree.root.kind, styled.count == 2 else { Issue.record("\(tree.root)"); return }
        let bar = ViewNode(.progress(value: 0.5, total: 1, label: nil))
        #expect(styled[0].kind == .vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.text(.verbatim("Loading"))), ViewNode(.text(.verbatim("75%"))), bar,
        ]))
        // The fraction is clamped to 0…1, as SwiftUI's bar fills.
        #expect(styled[1].kind == .vStack(alignment: .center, spacing: nil, children: [ViewNode(.text(.verbatim("100%"))), bar]))
        // Without a style, and with .linear, the host's bar.
        #expect(evaluate { ProgressView(value: 0.5) }.root == bar)
        #expect(evaluate { ProgressView(value: 2, total: 4).progressViewStyle(.linear) }.root == bar)
    }

    @Test func strokeStyleAndTrimReachTheTreeAsSwiftUISpellsThem() {
        let dashed = evaluate {
            Rectangle().stroke(style: StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .bevel, miterLimit: 2, dash: [5, 3], dashPhase: 1))
        }
        #expect(dashed.root.kind == .shape(.rectangle, fill: nil, stroke: StrokeStyleSpec(
            lineWidth: 3, lineCap: .square, lineJoin: .bevel, miterLimit: 2, dash: [5, 3], dashPhase: 1)))
        // stroke(_:lineWidth:) is unchanged and stays version 1.
        let plain = evaluate { Circle().stroke(Color.gray, lineWidth: 2) }
        #expect(plain.root.kind == .shape(.circle, fill: nil, stroke: StrokeStyleSpec(fill: Self.gray, lineWidth: 2)))
        #expect(plain.lowestVersion == 1)
        // A trim of a trim keeps that part of the kept part; fractions outside 0…1 are its ends.
        let twice = evaluate { Capsule().trim(from: 0.5, to: 1).trim(from: 0.5, to: 2).fill(Color.gray) }
        #expect(twice.root.kind == .shape(.trimmed(.capsule, from: 0.75, to: 1), fill: Self.gray, stroke: nil))
        let angle = Angle(radians: .pi)
        #expect(abs(angle.degrees - 180) < 1e-9 && Angle.degrees(90) < angle)
        let turned = evaluate { Text("A").rotationEffect(.radians(.pi / 2), anchor: .topLeading) }
        #expect(turned.root.modifiers == [.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0, y: 0))])
    }

    @Test func badStrokesTrimsAndRotationsAreRefusedAtTheirPath() throws {
        func refusal(_ document: String) throws -> ViewTreeError? {
            let json = try ViewTreeSamples.json(document)
            do { _ = try ViewTree(json: json); return nil } catch { return error }
        }
        let trim = try refusal(#"{"version": 3, "root": {"type": "shape", "shape": {"type": "circle", "trim": [0]}}}"#)
        #expect(trim == ViewTreeError(path: "view.root.shape.trim", problem: .wrongCount(expected: 2, found: 1)))
        let trimRange = try refusal(#"{"version": 3, "root": {"type": "shape", "shape": {"type": "circle", "trim": [0, 1.5]}}}"#)
        #expect(trimRange == ViewTreeError(path: "view.root.shape.trim.1", problem: .outOfRange(value: 1.5, range: "0…1")))
        let cap = try refusal(#"{"version": 3, "root": {"type": "shape", "shape": {"type": "rectangle"}, "stroke": {"lineWidth": 1, "lineCap": "flat"}}}"#)
        #expect(cap == ViewTreeError(path: "view.root.stroke.lineCap", problem: .unknownValue("flat", allowed: ["butt", "round", "square"])))
        let dash = try refusal(#"{"version": 3, "root": {"type": "shape", "shape": {"type": "rectangle"}, "stroke": {"lineWidth": 1, "dash": [2, -1]}}}"#)
        #expect(dash == ViewTreeError(path: "view.root.stroke.dash.1", problem: .outOfRange(value: -1, range: "≥ 0")))
        let degrees = try refusal(#"{"version": 3, "root": {"type": "empty", "modifiers": [{"type": "rotationEffect"}]}}"#)
        #expect(degrees == ViewTreeError(path: "view.root.modifiers.0", problem: .missingMember("degrees")))
        let anchor = try refusal(#"{"version": 3, "root": {"type": "empty", "modifiers": [{"type": "rotationEffect", "degrees": 5, "anchor": "center"}]}}"#)
        #expect(anchor == ViewTreeError(path: "view.root.modifiers.0.anchor", problem: .wrongType(expected: "an array", found: "a string")))
    }

    @Test func theGaugeRingExampleMeansWhatItSays() throws {
        let fixtures = Dictionary(uniqueKeysWithValues: try ViewTreeSamples.fixtures().map { ($0.name, $0.json) })
        let ring = try ViewTree(json: try #require(fixtures["gauge-ring.json"]))
        #expect(ring.version == 3)
        guard case .zStack(_, let children) = ring.root.kind, children.count == 2 else { Issue.record("\(ring.root)"); return }
        #expect(children[1].kind == .shape(.trimmed(.circle, from: 0, to: 0.65), fill: nil, stroke: StrokeStyleSpec(
            fill: .color(.named(.blue, opacity: 1)), lineWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 4, dash: [6, 2], dashPhase: 1)))
        #expect(children[1].modifiers == [.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0.5, y: 0.5))])
    }
}
