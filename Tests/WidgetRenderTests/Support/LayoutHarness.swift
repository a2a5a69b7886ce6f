import Foundation
import WidgetPayload
@testable import WidgetRender

/// Lays trees out with the fixed-advance measurer: by default on a 200 × 100 canvas of the
/// accessoryRectangular family (no margins, no system background) in full colour (not the
/// family's vibrant), every text at 10 points (5 wide per character, 12 tall, baseline 8).
enum LayoutHarness {
    static let images = FixedImageSizer(sizes: ["poster": Size(width: 100, height: 50), "icon": Size(width: 24, height: 24)])
    static let engine = LayoutEngine(measurer: FixedAdvanceMeasurer(), images: images)
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func layout(
        _ root: ViewNode, family: WidgetFamily = .accessoryRectangular, size: Size? = Size(width: 200, height: 100),
        colorScheme: ColorSchemeName = .light, marginsDisabled: Bool = false,
        redactsPlaceholder: Bool = false, redactsPrivacySensitive: Bool = false,
        renderingMode: RenderingModeName? = .fullColor
    ) -> DisplayList {
        var root = root
        root.modifiers.append(.font(.system(size: 10, weight: nil, design: nil)))
        let environment = LayoutEnvironment(
            family: family, size: size, colorScheme: colorScheme, now: now, timeZone: TimeZone(identifier: "UTC")!,
            redactsPlaceholder: redactsPlaceholder, redactsPrivacySensitive: redactsPrivacySensitive,
            renderingMode: renderingMode
        )
        return engine.layout(ViewTree(root: root, contentMarginsDisabled: marginsDisabled), in: environment)
    }
}

/// Short spellings for the trees tests build.
func text(_ string: String, _ modifiers: ViewModifierNode...) -> ViewNode {
    ViewNode(.text(.verbatim(string)), modifiers: modifiers)
}

func vstack(alignment: HorizontalAlignmentName = .center, spacing: Double? = nil, _ children: ViewNode...) -> ViewNode {
    ViewNode(.vStack(alignment: alignment, spacing: spacing, children: children))
}

func hstack(alignment: VerticalAlignmentName = .center, spacing: Double? = nil, _ children: ViewNode...) -> ViewNode {
    ViewNode(.hStack(alignment: alignment, spacing: spacing, children: children))
}

func color(_ name: NamedColor, _ modifiers: ViewModifierNode...) -> ViewNode {
    ViewNode(.fill(.color(.named(name, opacity: 1))), modifiers: modifiers)
}

let spacer = ViewNode(.spacer(minLength: nil))

extension ViewNode {
    func with(_ modifiers: ViewModifierNode...) -> ViewNode {
        ViewNode(kind, modifiers: self.modifiers + modifiers)
    }
}

extension DisplayList {
    /// Every text drawn, in order.
    var texts: [(string: String, style: TextStyle, frame: Rect, paint: Paint)] {
        commands.compactMap {
            if case .text(let string, let style, let frame, let paint) = $0 { return (string, style, frame, paint) }
            return nil
        }
    }

    func frame(ofText string: String) -> Rect? {
        texts.first { $0.string == string }?.frame
    }

    /// Every fill drawn, in order.
    var fills: [(shape: DrawShape, frame: Rect, paint: Paint)] {
        commands.compactMap {
            if case .fill(let shape, let frame, let paint) = $0 { return (shape, frame, paint) }
            return nil
        }
    }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

func named(_ name: NamedColor, _ scheme: ColorSchemeName = .light) -> Paint {
    .color(PaintResolver(colorScheme: scheme).rgba(.named(name, opacity: 1)))
}

/// Equal within rounding: for frames built from 1.2 × and 0.6 × a size.
func close(_ a: Rect?, _ b: Rect) -> Bool {
    guard let a else { return false }
    return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
}
