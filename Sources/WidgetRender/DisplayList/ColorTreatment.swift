import WidgetPayload

/// What the accented and vibrant rendering modes do to a widget's colours, applied to the
/// content's display commands once layout is done (the backdrop the host draws is not
/// treated).
///
/// Vibrant (the Lock Screen): a colour becomes white, as opaque as it is bright, so black
/// vanishes and white stays. Accented (the tinted Home Screen): a colour keeps only its
/// opacity, in white, or in the tint inside the accent group (`widgetAccentable()`), as
/// WidgetKit draws views "as if they were template images".
public struct ColorTreatment: Sendable, Hashable {
    public var mode: RenderingModeName
    /// The accent group's colour in the accented mode.
    public var tint: RGBA

    public init(mode: RenderingModeName, tint: RGBA = ColorTreatment.defaultTint) {
        self.mode = mode
        self.tint = tint
    }

    /// A warm tint, as iOS's tinted Home Screen offers by default.
    public static let defaultTint = RGBA(red: 1, green: 0.78, blue: 0.42)

    /// The colour `color` is drawn in, inside the accent group or not.
    public func map(_ color: RGBA, accent: Bool) -> RGBA {
        switch mode {
        case .fullColor:
            return color
        case .vibrant:
            return RGBA(red: 1, green: 1, blue: 1, alpha: color.alpha * Self.luminance(color))
        case .accented:
            var drawn = accent ? tint : RGBA(red: 1, green: 1, blue: 1)
            drawn.alpha = color.alpha
            return drawn
        }
    }

    public func map(_ paint: Paint, accent: Bool) -> Paint {
        switch paint {
        case .color(let color):
            .color(map(color, accent: accent))
        case .linearGradient(let stops, let start, let end):
            .linearGradient(stops: stops.map { GradientStop(color: map($0.color, accent: accent), location: $0.location) },
                            start: start, end: end)
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            .radialGradient(stops: stops.map { GradientStop(color: map($0.color, accent: accent), location: $0.location) },
                            center: center, startRadius: startRadius, endRadius: endRadius)
        }
    }

    /// The commands with every paint treated, and images marked to be drawn treated.
    public func apply(to commands: [DisplayCommand]) -> [DisplayCommand] {
        guard mode != .fullColor else { return commands }
        var accentDepth = 0
        return commands.map { command in
            let accent = accentDepth > 0
            switch command {
            case .pushAccentGroup:
                accentDepth += 1
                return command
            case .popAccentGroup:
                accentDepth = max(0, accentDepth - 1)
                return command
            case .fill(let shape, let rect, let paint):
                return .fill(shape, rect, map(paint, accent: accent))
            case .stroke(let shape, let rect, let paint, let lineWidth, let line):
                return .stroke(shape, rect, map(paint, accent: accent), lineWidth: lineWidth, line: line)
            case .text(let string, let style, let frame, let paint):
                // Colour glyphs keep their own colours whatever the paint: in the vibrant mode
                // the whole text is whitened by its luminance, as an image is.
                if mode == .vibrant, Self.hasColorGlyphs(string) {
                    return .tintedText(string, style, frame: frame, paint: paint, tint: .luminanceToWhite)
                }
                return .text(string, style, frame: frame, paint: map(paint, accent: accent))
            case .symbol(let request, let frame, let paint):
                return .symbol(request.mappingPaints { map($0, accent: accent) }, frame: frame, paint: map(paint, accent: accent))
            case .arc(let center, let radius, let start, let end, let lineWidth, let paint):
                return .arc(center: center, radius: radius, startAngle: start, endAngle: end, lineWidth: lineWidth,
                            paint: map(paint, accent: accent))
            case .image(let source, let frame, let clip):
                let tint: ImageTint = mode == .vibrant ? .luminanceToWhite : .template(map(RGBA(red: 1, green: 1, blue: 1), accent: accent))
                return .tintedImage(source, frame: frame, clip: clip, tint: tint)
            default:
                return command
            }
        }
    }

    /// Whether `string` has characters drawn as colour glyphs: emoji, presented as emoji by
    /// default or by the emoji variation selector.
    static func hasColorGlyphs(_ string: String) -> Bool {
        string.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
    }

    /// Rec. 709 luma of the sRGB components, as SVG's `luminanceToAlpha` weighs them.
    static func luminance(_ color: RGBA) -> Double {
        min(1, max(0, 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue))
    }
}
