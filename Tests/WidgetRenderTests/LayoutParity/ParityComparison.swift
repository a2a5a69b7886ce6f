import Foundation
import WidgetPayload
@testable import WidgetRender

/// A scenario laid out by our engine as SwiftUI's hosting view lays out its root: offered the
/// container, sized by the root view, drawn from the top-left corner.
struct ParityLayout {
    var rootSize: Size
    var texts: [Rect]
    var shapes: [Rect]

    /// macOS's body font: `Text` without a font is 13 points there.
    static let font = ViewModifierNode.font(.system(size: ParityTolerance.bodySize, weight: nil, design: nil))

    init(_ node: ViewNode, in container: Size) {
        var environment = LayoutEnvironment(family: .accessoryRectangular, size: container, now: Date(timeIntervalSince1970: 0))
        environment.stackSpacing = .macOS
        let context = LayoutContext(
            measurer: PangoTextMeasurer.shared, images: FixedImageSizer(sizes: [:]),
            paints: PaintResolver(colorScheme: .light), environment: environment
        )
        guard let root = LayoutTreeBuilder(context: context).box(for: node.with(Self.font), in: ViewEnvironment()) else {
            self.init(rootSize: Size(width: 0, height: 0), texts: [], shapes: [])
            return
        }
        let offer = ProposedSize(container)
        let size = root.size(for: offer)
        var list = DisplayListBuilder()
        root.place(in: Rect(origin: Point(x: 0, y: 0), size: size), proposal: offer, into: &list)
        let drawn = list.list(size: size, widgetURL: nil)
        self.init(
            rootSize: size,
            texts: drawn.texts.map(\.frame),
            shapes: drawn.fills.map(\.frame)
        )
    }

    init(rootSize: Size, texts: [Rect], shapes: [Rect]) {
        self.rootSize = rootSize
        self.texts = texts
        self.shapes = shapes
    }

    /// Our height for one line of 13-point text.
    static var lineHeight: Double {
        let style = FontResolver.style(.system(size: ParityTolerance.bodySize, weight: nil, design: nil), weight: nil)
        return PangoTextMeasurer.shared.measure("Hg", style: style, width: nil, height: nil).size.height
    }
}

/// One recorded frame beside ours.
struct FrameComparison: CustomStringConvertible {
    var label: String
    var isText: Bool
    var recorded: Rect
    var ours: Rect?
    var tolerance: (x: Double, y: Double)

    var matches: Bool {
        guard let deviation else { return false }
        return deviation.x <= tolerance.x && deviation.y <= tolerance.y
    }

    /// The largest difference along each axis (origin or length), nil when we drew no frame.
    var deviation: (x: Double, y: Double)? {
        guard let ours else { return nil }
        return (max(abs(ours.minX - recorded.minX), abs(ours.width - recorded.width)),
                max(abs(ours.minY - recorded.minY), abs(ours.height - recorded.height)))
    }

    var description: String {
        let theirs = "\(recorded.minX), \(recorded.minY), \(recorded.width) × \(recorded.height)"
        guard let ours else { return "\(label): SwiftUI \(theirs), ours missing" }
        let mine = String(format: "%.2f, %.2f, %.2f × %.2f", ours.minX, ours.minY, ours.width, ours.height)
        return "\(label): SwiftUI \(theirs), ours \(mine)\(matches ? "" : " ✗")"
    }
}

/// A scenario's frames compared: the root, then its shapes and texts in drawing order.
struct ScenarioComparison {
    var name: String
    var frames: [FrameComparison]
    /// Frames we drew that SwiftUI did not.
    var extraFrames: Int

    var matchedFrames: Int { frames.filter(\.matches).count }
    var matches: Bool { extraFrames == 0 && frames.allSatisfy(\.matches) }

    init(_ fixture: ParityFixture, _ ours: ParityLayout, ourLineHeight: Double) {
        name = fixture.scenario
        let lines = fixture.texts.reduce(0) { $0 + Int(($1.height / ParityTolerance.recordedLineHeight).rounded()) }
        let text = ParityTolerance.text(lines: lines, widestText: fixture.texts.map(\.width).max() ?? 0, ourLineHeight: ourLineHeight)
        let shape = (x: ParityTolerance.pixel, y: ParityTolerance.pixel)
        let root = Rect(origin: Point(x: 0, y: 0), size: ours.rootSize)
        var frames = [FrameComparison(label: "root", isText: lines > 0, recorded: fixture.root.frame, ours: root, tolerance: lines > 0 ? text : shape)]
        for (index, layer) in fixture.shapes.enumerated() {
            frames.append(FrameComparison(label: "shape \(index)", isText: false, recorded: layer.frame,
                                          ours: ours.shapes.indices.contains(index) ? ours.shapes[index] : nil, tolerance: shape))
        }
        for (index, layer) in fixture.texts.enumerated() {
            frames.append(FrameComparison(label: "text \(index)", isText: true, recorded: layer.frame,
                                          ours: ours.texts.indices.contains(index) ? ours.texts[index] : nil, tolerance: text))
        }
        self.frames = frames
        extraFrames = max(0, ours.shapes.count - fixture.shapes.count) + max(0, ours.texts.count - fixture.texts.count)
    }
}

/// How close a frame of ours must be to SwiftUI's to count as the same.
///
/// Frames without text: half a point. The recording was made on a 2× display, where SwiftUI puts
/// frames on whole pixels; ours are exact, so a correct frame is within half a point.
///
/// Frames with text (and the root, when text sizes it) also carry the difference of the fonts:
/// SwiftUI drew SF Pro, we draw Inter (or the fallback). Across the text, each of our lines may
/// differ from SwiftUI's by the difference of the line heights (SF Pro's 15.51 points at 13,
/// rounded up by SwiftUI to the pixel: 16; Inter's is measured), and a stack of lines adds them
/// up; along the text, every width (and every position centred or pushed by a width) may differ
/// by the difference of the advance widths, `advanceShare` of the widest text.
enum ParityTolerance {
    static let pixel = 0.5

    /// SF Pro's ascender and descender (units per em 2048), macOS's body size and display scale.
    static let sfAscender = 1950.0, sfDescender = 494.0, sfUnitsPerEm = 2048.0
    static let bodySize = 13.0
    static let displayScale = 2.0

    /// SwiftUI's height for one 13-point line: SF Pro's line, rounded up to the pixel.
    static var recordedLineHeight: Double {
        let line = bodySize * (sfAscender + sfDescender) / sfUnitsPerEm
        return (line * displayScale).rounded(.up) / displayScale
    }

    /// Inter's advances run up to 6% wider than SF Pro Text's at 13 points (SF Pro Text is
    /// tracked tighter at text sizes); DejaVu Sans, the fallback, runs wider still and fails.
    static let advanceShare = 0.06

    /// The allowance on each axis for a scenario's text frames, given its text (lines and the
    /// widest recorded text) and our height for one line.
    static func text(lines: Int, widestText: Double, ourLineHeight: Double) -> (x: Double, y: Double) {
        let lineDrift = abs(recordedLineHeight - ourLineHeight)
        return (pixel + advanceShare * widestText, pixel + lineDrift * Double(lines))
    }
}
