import WidgetPayload

/// What the layout engine hands the painter: drawing commands in painter's order, in points,
/// with every style already resolved for one appearance. The painter (Cairo) needs no view
/// knowledge, and layout tests can read exact frames from it.
public struct DisplayList: Sendable, Hashable {
    /// The canvas in points: the family's display size.
    public var size: Size
    public var commands: [DisplayCommand]
    /// Links and the widget URL, with the frames a click opens them from. The first
    /// `widgetURL` in the tree covers the whole widget.
    public var links: [LinkRegion]
    /// Buttons and toggles, with the frames a click performs their action from. A click inside
    /// a control performs it rather than opening a link under it.
    public var controls: [ControlRegion]
    /// The frames of `invalidatableContent()`: what a host dims while an intent's reload is on
    /// its way.
    public var invalidatableFrames: [Rect]
    /// The appearance laid out: the painter picks asset catalog images' variants by it.
    public var colorScheme: ColorSchemeName = .light
    /// The rendering mode laid out: its colours are already in the commands (`ColorTreatment`).
    public var renderingMode: RenderingModeName = .fullColor

    public init(size: Size, commands: [DisplayCommand] = [], links: [LinkRegion] = [],
                controls: [ControlRegion] = [], invalidatableFrames: [Rect] = []) {
        self.size = size
        self.commands = commands
        self.links = links
        self.controls = controls
        self.invalidatableFrames = invalidatableFrames
    }
}

/// A drawn `Button(intent:)` or `Toggle(isOn:intent:)`: where it is and what a click performs.
public struct ControlRegion: Sendable, Hashable {
    public enum Control: Sendable, Hashable {
        case button
        case toggle(isOn: Bool)
    }

    public var control: Control
    public var action: ControlAction
    public var frame: Rect

    public init(control: Control, action: ControlAction, frame: Rect) {
        self.control = control
        self.action = action
        self.frame = frame
    }
}

public struct LinkRegion: Sendable, Hashable {
    public var url: String
    public var frame: Rect
    /// The `widgetURL`, over the whole widget, rather than a `Link`.
    public var isWidgetURL: Bool

    public init(url: String, frame: Rect, isWidgetURL: Bool = false) {
        self.url = url
        self.frame = frame
        self.isWidgetURL = isWidgetURL
    }
}

/// One drawing step. Push/pop commands nest; every push has its pop.
public enum DisplayCommand: Sendable, Hashable {
    case fill(DrawShape, Rect, Paint)
    case stroke(DrawShape, Rect, Paint, lineWidth: Double, line: StrokeLine = StrokeLine())
    /// Text laid out in `frame` exactly as `TextMeasuring.measure` measured it with the same
    /// style, width and scale (wrapping, line limit, ellipsis).
    case text(String, TextStyle, frame: Rect, paint: Paint)
    /// An image scaled to fill `frame` (the layout has applied the content mode; `clip` is the
    /// visible part when the image overflows, as with `scaledToFill`).
    case image(ImageSource, frame: Rect, clip: Rect?)
    /// An SF Symbols name drawn from the vendored glyphs (`SystemSymbol`), fitted into `frame`;
    /// `paint` is its primary level.
    case symbol(SymbolRequest, frame: Rect, paint: Paint)
    /// A grey box where an image could not be drawn (missing, too large, unreadable).
    case missingImage(frame: Rect)
    case pushClip(DrawShape, Rect)
    case popClip
    /// Everything until the matching `popOpacity` is drawn as one layer at this opacity.
    case pushOpacity(Double)
    case popOpacity
    /// `rotationEffect`: everything until the matching `popRotation` is drawn turned by
    /// `radians` (clockwise on screen, y pointing down) around `center`.
    case pushRotation(radians: Double, center: Point)
    case popRotation
    /// `offset` and `scaleEffect`: everything until the matching `popTransform` is drawn scaled
    /// by `scaleX`, `scaleY` around `center`, then moved by `dx`, `dy`.
    case pushTransform(scaleX: Double, scaleY: Double, center: Point, dx: Double, dy: Double)
    case popTransform
    /// `shadow`: everything until the matching `popShadow` is drawn over its own shape, blurred
    /// by `radius`, filled with `color` and moved by `dx`, `dy`.
    case pushShadow(color: RGBA, radius: Double, dx: Double, dy: Double)
    case popShadow
    /// `blur`: everything until the matching `popBlur` is drawn blurred by `radius`.
    case pushBlur(radius: Double)
    case popBlur
    /// `mask`: draws the content between `beginMaskedContent` and `beginMask` only where the
    /// commands between `beginMask` and `endMask` are opaque.
    case beginMaskedContent
    case beginMask
    case endMask
    /// A stroked circular arc (gauge rings), with round caps. Angles in radians from the
    /// positive x axis, increasing clockwise on screen (y points down, as Cairo's `cairo_arc`);
    /// drawn from `startAngle` to `endAngle`, which is larger.
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, lineWidth: Double, paint: Paint)
    /// `widgetAccentable()`: everything until the matching `popAccentGroup` is the accent group,
    /// drawn as a layer of its own.
    case pushAccentGroup
    case popAccentGroup
    /// An image drawn through a rendering mode's treatment rather than in its own colours
    /// (`ColorTreatment`): desaturated to white, or one solid colour where it is opaque.
    case tintedImage(ImageSource, frame: Rect, clip: Rect?, tint: ImageTint)
    /// Text drawn in `paint` and then treated as a whole, as an image is: text with colour
    /// glyphs (emoji), which `paint` alone does not colour, in the vibrant mode.
    case tintedText(String, TextStyle, frame: Rect, paint: Paint, tint: ImageTint)
    /// A `Canvas`'s transforms: everything until the matching `popAffine` is drawn through
    /// `transform` (from the drawing's coordinates to those outside), strokes' widths included.
    case pushAffine(AffineSpec)
    case popAffine
}

extension DisplayCommand {
    /// The text this command draws, treated or not: what reading order and an SVG's searchable
    /// layer take.
    var drawnText: (string: String, style: TextStyle, frame: Rect)? {
        switch self {
        case .text(let string, let style, let frame, _), .tintedText(let string, let style, let frame, _, _): (string, style, frame)
        default: nil
        }
    }
}

/// How the accented and vibrant rendering modes draw an image.
public enum ImageTint: Sendable, Hashable {
    /// Vibrant: white, as opaque as each pixel is bright (its luminance times its alpha).
    case luminanceToWhite
    /// Accented: the colour, wherever the image is opaque (its alpha only, as a template image).
    case template(RGBA)
}

public indirect enum DrawShape: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case ellipse
    case capsule
    /// The part of the shape's outline between two fractions of its length (`trim(from:to:)`).
    case trimmed(DrawShape, from: Double, to: Double)
    /// A `Path` or custom `Shape`'s outline: scaled from its reference size to the rectangle
    /// it is drawn in, or without one drawn at its own coordinates from the rectangle's origin.
    case path(PathShape)
}

/// How a stroke's line is drawn beyond its width: SwiftUI's `StrokeStyle` caps, joins and dashes.
public struct StrokeLine: Sendable, Hashable {
    public var cap: LineCapName
    public var join: LineJoinName
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public init(cap: LineCapName = .butt, join: LineJoinName = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A resolved colour: sRGB components in 0…1.
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A resolved paint: a colour, or a gradient in the coordinates it is drawn in (the canvas's,
/// or inside a `pushAffine` those of the drawing).
public enum Paint: Sendable, Hashable {
    case color(RGBA)
    case linearGradient(stops: [GradientStop], start: Point, end: Point)
    /// Circles around `center`, the first stop at `startRadius` and the last at `endRadius` (a
    /// `Canvas`'s `radialGradient` shading).
    case radialGradient(stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double)

    /// Every colour the paint holds.
    public var colors: [RGBA] {
        switch self {
        case .color(let color): [color]
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _): stops.map(\.color)
        }
    }
}

public struct GradientStop: Sendable, Hashable {
    public var color: RGBA
    public var location: Double

    public init(color: RGBA, location: Double) {
        self.color = color
        self.location = location
    }
}

/// A resolved text style: what Pango needs to measure and draw a run the same way twice.
public struct TextStyle: Sendable, Hashable {
    /// A fontconfig family ("DejaVu Sans", or a family the bundle ships).
    public var family: String
    /// Points, before `scale`.
    public var size: Double
    public var weight: FontWeightName
    public var design: FontDesignName
    public var alignment: TextAlignmentName
    /// nil: as many lines as the height allows.
    public var lineLimit: Int?
    /// The factor the layout chose between `minimumScaleFactor` and 1.
    public var scale: Double
    /// Where a text cut to fit loses its characters (`truncationMode`): Pango's ellipsis at the
    /// start, the middle or the end of the last line kept.
    public var truncationMode: TruncationModeName = .tail

    // The text styles of tree version 4: the whole text's, unless it has `runs`.
    public var italic = false
    public var width: FontWidthName = .standard
    /// Tabular figures (`monospacedDigit()`).
    public var monospacedDigit = false
    /// Points added after each character (`tracking`, or else `kerning`), before `scale`.
    public var tracking = 0.0
    /// Points the text is raised, before `scale`.
    public var baselineOffset = 0.0
    /// Points between lines (`lineSpacing`, tree version 8), before `scale`.
    public var lineSpacing = 0.0
    public var underline: Line?
    public var strikethrough: Line?
    /// The parts of a concatenated text (`Text + Text`), in order, covering the whole string; each
    /// drawn in its own style's font and styles (not its alignment, line limit or scale, which
    /// are the text's). Empty: the whole text in this style.
    public var runs: [Run] = []

    /// An underline or strikethrough; nil colour: the text's.
    public struct Line: Sendable, Hashable {
        public var color: RGBA?

        public init(color: RGBA? = nil) {
            self.color = color
        }
    }

    /// One part of a concatenated text: `length` UTF-8 bytes of the string in `style`, coloured
    /// `color` (nil: the text's paint).
    public struct Run: Sendable, Hashable {
        public var length: Int
        public var style: TextStyle
        public var color: RGBA?

        public init(length: Int, style: TextStyle, color: RGBA? = nil) {
            self.length = length
            self.style = style
            self.color = color
        }
    }

    public init(family: String, size: Double, weight: FontWeightName = .regular, design: FontDesignName = .default,
                alignment: TextAlignmentName = .leading, lineLimit: Int? = nil, scale: Double = 1) {
        self.family = family
        self.size = size
        self.weight = weight
        self.design = design
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.scale = scale
    }
}
