import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

// Path, custom Shapes and Canvas evaluated into the tree (tree version 5): what the SDK records,
// at which reference size, and that the SDK's own shapes are written as before.

/// A shape of the widget's own, as a Strava-style widget writes one: a wave across its rect.
private struct Wave: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.minX, y: rect.midY))
            path.addQuadCurve(to: CGPoint(x: rect.midX, y: rect.midY), control: CGPoint(x: rect.width / 4, y: rect.minY))
            path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.midY), control: CGPoint(x: rect.width * 3 / 4, y: rect.maxY))
        }
    }
}

private func point(_ x: Double, _ y: Double) -> PointSpec { PointSpec(x: x, y: y) }

@Suite struct PathCanvasViewTests {
    private static let red = FillStyle.color(.named(.red, opacity: 1))

    @Test func aPathIsAShapeDrawnAtItsOwnCoordinates() throws {
        let tree = evaluate {
            Path { path in
                path.move(to: CGPoint(x: 0, y: 0))
                path.addLine(to: CGPoint(x: 20, y: 10))
                path.addCurve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 25, y: 20), control2: CGPoint(x: 35, y: 20))
                path.closeSubpath()
            }
            .stroke(Color.red, style: StrokeStyle(lineWidth: 2, dash: [4, 2]))
        }
        let elements: [PathElement] = [
            .move(to: point(0, 0)), .line(to: point(20, 10)),
            .curve(to: point(40, 0), control1: point(25, 20), control2: point(35, 20)), .closeSubpath,
        ]
        #expect(tree.root == ViewNode(.shape(.path(PathShape(elements: elements)), fill: nil,
                                             stroke: StrokeStyleSpec(fill: Self.red, lineWidth: 2, dash: [4, 2]))))
        #expect(tree.features == [.paths, .strokeStyle])
        #expect(tree.lowestVersion == 5)
        #expect(tree.jsonValue.objectMember("version") == .integer(5))
    }

    @Test func aPathKnowsItsBoundsAndCurrentPoint() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil && path.boundingRect.isNull)
        path.addLines([CGPoint(x: 5, y: 5), CGPoint(x: 15, y: -5)])
        #expect(path.currentPoint == CGPoint(x: 15, y: -5))
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 30))
        #expect(path.boundingRect == CGRect(x: 0, y: -5, width: 15, height: 35))
        // A closed rectangle leaves the current point where it began.
        #expect(path.currentPoint == CGPoint(x: 0, y: 0))
    }

    @Test("A rounded rectangle with a radius of its own at each corner rounds only those (iOS 17's cornerRadii)")
    func unevenCornerRadii() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let path = Path(roundedRect: rect, cornerRadii: RectangleCornerRadii(topLeading: 10, bottomTrailing: 80))
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements.first == .move(to: CGPoint(x: 10, y: 0)))
        // Two corners round, each a quarter-turn cubic; the bottom-trailing radius is held to
        // half the shorter side.
        let curves = elements.compactMap { if case .curve(let end, _, _) = $0 { end } else { nil } }
        #expect(curves == [CGPoint(x: 75, y: 50), CGPoint(x: 10, y: 0)])
        #expect(path.boundingRect == rect)
        #expect(elements.last == .closeSubpath)
    }

    @Test("A clip keeps its shape's moves: a moved shape clips as the mask it is in SwiftUI")
    func clipShapeKeepsItsMoves() throws {
        let plain = evaluate { Color.red.frame(width: 100, height: 100).clipShape(Circle()) }
        #expect(plain.root.modifiers.last == .clipShape(.circle), "a shape without moves keeps its name")
        let moved = evaluate { Color.red.frame(width: 100, height: 100).clipShape(Circle().inset(by: 5).offset(x: 10, y: 0)) }
        let opaque = FillStyle.color(.rgba(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(moved.root.modifiers.last == .mask(
            ViewNode(.shape(.circle, fill: opaque, stroke: nil), modifiers: [.padding(EdgeInsetsSpec(all: 5)), .offset(x: 10, y: 0)]),
            alignment: .center))
        // A background's shape is a node of its own, so it keeps its moves as modifiers.
        let background = evaluate { Text("a").background(Color.blue, in: Capsule().rotation(.degrees(90))) }
        guard case .background(let node, _)? = background.root.modifiers.first else {
            Issue.record("no background: \(background.root.modifiers)")
            return
        }
        #expect(node.modifiers == [.rotationEffect(degrees: 90, anchor: UnitPointSpec(x: 0.5, y: 0.5))])
    }

    @Test func arcsAndEllipsesBecomeCubicsOnTheCircle() throws {
        var path = Path()
        // Clockwise on screen from the right to the bottom: SwiftUI's clockwise: false.
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        #expect(path.elements.first == .move(to: point(60, 50)))
        guard case .curve(let end, let control1, _)? = path.elements.last else { Issue.record("\(path.elements)"); return }
        #expect(abs(end.x - 50) < 1e-9 && abs(end.y - 60) < 1e-9)
        #expect(abs(control1.x - 60) < 1e-9 && control1.y > 50)
        #expect(path.elements.count == 2)
        // The other way round is three quarters of the circle.
        var other = Path()
        other.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
        #expect(other.elements.count == 4)
        // An ellipse: four quarter curves from its rightmost point, closed.
        let ellipse = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(ellipse.elements.first == .move(to: point(40, 10)))
        #expect(ellipse.elements.count == 6 && ellipse.elements.last == .closeSubpath)
        #expect(ellipse.boundingRect == CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func aCustomShapeIsItsPathAtTheOfferedSize() throws {
        let tree = evaluate {
            Wave().fill(.red).frame(width: 100, height: 40)
        }
        let elements: [PathElement] = [
            .move(to: point(0, 20)), .quadCurve(to: point(50, 20), control: point(25, 0)),
            .quadCurve(to: point(100, 20), control: point(75, 40)),
        ]
        let wave = ShapeName.path(PathShape(elements: elements, referenceSize: SizeSpec(width: 100, height: 40)))
        #expect(tree.root == ViewNode(.shape(wave, fill: Self.red, stroke: nil), modifiers: [.frame(FrameSpec(width: 100, height: 40))]))
        #expect(tree.lowestVersion == 5)
    }

    @Test func aCustomShapeTakesTheShapeModifiers() throws {
        // Unframed, the shape is made at the widget's content area: systemSmall less its margins.
        let tree = evaluate {
            VStack {
                Wave().stroke(lineWidth: 3)
                Wave().trim(from: 0, to: 0.5).stroke(style: StrokeStyle(lineWidth: 2, lineCap: .round))
                Text("x").clipShape(Wave()).padding(10)
            }
        }
        guard case .vStack(_, _, let views) = tree.root.kind, views.count == 3 else { Issue.record("\(tree.root)"); return }
        guard case .shape(.path(let stroked), nil, let stroke?) = views[0].kind else { Issue.record("\(views[0])"); return }
        let area = EnvironmentValues.OfferedSize(family: .systemSmall, contentMarginsDisabled: false)
        #expect(stroked.referenceSize == SizeSpec(width: area.width, height: area.height))
        #expect(stroke.lineWidth == 3)
        guard case .shape(.trimmed(.path(let trimmed), 0, 0.5), nil, _) = views[1].kind else { Issue.record("\(views[1])"); return }
        #expect(trimmed == stroked)
        // A clip is made where the modifier is evaluated: inside the padding.
        guard case .clipShape(.path(let clip))? = views[2].modifiers.first else { Issue.record("\(views[2])"); return }
        #expect(clip.referenceSize == SizeSpec(width: area.width - 20, height: area.height - 20))
    }

    @Test func theSDKsOwnShapesAreWrittenAsBeforeAndHaveAPath() {
        let tree = evaluate { Circle().fill(.red) }
        #expect(tree.root == ViewNode(.shape(.circle, fill: Self.red, stroke: nil)))
        #expect(tree.lowestVersion == 1)
        let circle = Circle().path(in: CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(circle.boundingRect == CGRect(x: 0, y: 5, width: 10, height: 10))
        let capsule = Capsule().path(in: CGRect(x: 0, y: 0, width: 30, height: 10))
        #expect(capsule.elements.first == .move(to: point(5, 0)))
    }

    @Test func aCanvasRecordsItsDrawingWithTheContextsState() throws {
        let tree = evaluate {
            Canvas { context, size in
                let ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
                context.fill(ring, with: .color(.orange))
                context.drawLayer { layer in
                    layer.opacity = 0.5
                    layer.translateBy(x: size.width / 2, y: 0)
                    layer.clip(to: Path(CGRect(x: 0, y: 0, width: 10, height: 10)))
                    layer.stroke(ring, with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 20, y: 0)),
                                 lineWidth: 2)
                }
                context.rotate(by: .degrees(90))
                context.draw(Text("5 km"), at: CGPoint(x: 10, y: 10), anchor: .topLeading)
            }
            .frame(width: 100, height: 50)
        }
        guard case .canvas(let drawing) = tree.root.kind else { Issue.record("\(tree.root)"); return }
        #expect(drawing.size == SizeSpec(width: 100, height: 50))
        #expect(drawing.operations.count == 3)
        let ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20)).wireElements
        #expect(drawing.operations[0] == CanvasOperation(.fill(ring, .color(.named(.orange, opacity: 1)), evenOdd: false)))
        let layered = drawing.operations[1]
        #expect(layered.opacity == 0.5)
        #expect(layered.transform == AffineSpec(tx: 50))
        // The clip is kept in the canvas's coordinates: moved by the translation in effect.
        #expect(layered.clips.first?.elements.first == .move(to: point(50, 0)))
        guard case .stroke(_, .linearGradient(let stops, let start, let end), let stroke) = layered.drawing else { Issue.record("\(layered)"); return }
        #expect(stops.map(\.color) == [.named(.red, opacity: 1), .named(.blue, opacity: 1)])
        #expect(start == point(0, 0) && end == point(20, 0) && stroke.lineWidth == 2)
        // The layer's state ended with it: the text has only the rotation.
        let text = drawing.operations[2]
        #expect(text.drawing == .view(ViewNode(.text(.verbatim("5 km"))), at: point(10, 10), anchor: UnitPointSpec(x: 0, y: 0)))
        #expect(text.opacity == 1 && text.clips.isEmpty)
        #expect(abs(text.transform.b - 1) < 1e-12 && abs(text.transform.c + 1) < 1e-12)
        #expect(tree.features == [.canvas])
        #expect(tree.lowestVersion == 5)
        // On the wire and back.
        #expect(try ViewTree(json: tree.jsonValue) == tree)
    }
}

extension JSONValue {
    fileprivate func objectMember(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
