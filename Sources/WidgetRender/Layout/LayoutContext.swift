import Foundation
import WidgetPayload

/// What boxes need beyond their own view: measurers, paints and the moment drawn.
struct LayoutContext {
    let measurer: any TextMeasuring
    let images: any ImageSizing
    let paints: PaintResolver
    let environment: LayoutEnvironment

    /// The placeholder fill for redacted text and images: the foreground, faint.
    func redactionPaint(_ foreground: FillStyle?) -> Paint {
        var color = paints.representativeColor(foreground)
        color.alpha *= Redaction.opacity
        return .color(color)
    }
}

/// How redacted content looks (WidgetKit's placeholder): rounded bars in the foreground colour.
enum Redaction {
    static let opacity = 0.18
    /// A bar's height as a share of the line it replaces.
    static let barHeight = 0.6

    static func shape(height: Double) -> DrawShape {
        .roundedRectangle(cornerRadius: min(4, height / 2))
    }
}
