/// One modifier on a `ViewNode`, SwiftUI's by name. Applied in list order, innermost first.
public enum ViewModifierNode: Sendable, Hashable {
    case font(FontSpec)
    /// `fontWeight(_:)` and `bold()`: changes the weight of the font in effect.
    case fontWeight(FontWeightName)
    /// `foregroundStyle(_:)` and `foregroundColor(_:)`.
    case foregroundStyle(FillStyle)
    case padding(EdgeInsetsSpec)
    case frame(FrameSpec)
    /// `fixedSize(horizontal:vertical:)`: the view takes its ideal size on those axes.
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    /// `background(_:alignment:)`: drawn behind, laid out in the view's frame.
    case background(ViewNode, alignment: AlignmentName)
    /// `overlay(_:alignment:)`: drawn in front, laid out in the view's frame.
    case overlay(ViewNode, alignment: AlignmentName)
    /// `mask(alignment:_:)`: the view shows where the mask is opaque.
    case mask(ViewNode, alignment: AlignmentName)
    /// `clipShape(_:)`; `cornerRadius(r)` is a clip to a rounded rectangle.
    case clipShape(ShapeName)
    case opacity(Double)
    /// `lineLimit(_:)`; nil lifts the limit.
    case lineLimit(Int?)
    case multilineTextAlignment(TextAlignmentName)
    case minimumScaleFactor(Double)
    /// `truncationMode(_:)`: where a text cut to fit loses its characters, marked with an
    /// ellipsis (tree version 4).
    case truncationMode(TruncationModeName)
    /// `Image.resizable()`: the image stretches to what it is offered.
    case resizable
    /// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()`.
    case aspectRatio(Double?, contentMode: ContentModeName)
    /// `containerBackground(_:for: .widget)`: the widget's background, drawn edge to edge
    /// behind the content margins (the first one in the tree wins).
    case containerBackground(ViewNode)
    /// `widgetURL(_:)`: what a tap anywhere on the widget opens (the first one wins).
    case widgetURL(String)
    /// `redacted(reason:)`: with `.placeholder`, text and images drawn as placeholder shapes;
    /// with `.privacy`, the `privacySensitive()` views inside; with `.invalidated`, the
    /// `invalidatableContent()` views inside drawn dimmed. Reasons other than placeholder alone
    /// are tree version 4.
    case redacted(RedactionReasonNames)
    /// `unredacted()`: no reason to redact applies inside (tree version 4).
    case unredacted
    /// `privacySensitive()`: redacted when the host draws without private data, or inside
    /// `redacted(reason: .privacy)`.
    case privacySensitive
    /// `widgetAccentable()`: the view is in the accent group, drawn as a layer of its own in the
    /// accented and vibrant rendering modes, in the tint when accented (tree version 4).
    case widgetAccentable
    /// `invalidatableContent()`: shown dimmed (or otherwise marked) while an intent performed on
    /// the widget has made it out of date and its new timeline is on its way (tree version 2).
    case invalidatableContent
    /// `rotationEffect(_:anchor:)`: the drawing turned clockwise by `degrees` around `anchor`
    /// of the view's frame; layout is unchanged (tree version 3).
    case rotationEffect(degrees: Double, anchor: UnitPointSpec)

    // Drawing effects (tree version 4): the view is laid out as it would be without them.

    /// `offset(x:y:)`: the drawing moved by `x` and `y` points.
    case offset(x: Double, y: Double)
    /// `scaleEffect(x:y:anchor:)`: the drawing scaled around `anchor` of the view's frame.
    case scaleEffect(x: Double, y: Double, anchor: UnitPointSpec)
    /// `shadow(color:radius:x:y:)`: the view's drawing, blurred by `radius` and filled with
    /// `color`, drawn behind it moved by `x` and `y`.
    case shadow(color: ColorSpec, radius: Double, x: Double, y: Double)
    /// `blur(radius:opaque:)`: the view drawn blurred by `radius` points.
    case blur(radius: Double)
    /// `buttonStyle(_:)` with one of SwiftUI's built-in styles: how the buttons inside are drawn
    /// (a custom style is evaluated by the SDK into the button's label, drawn `.plain`).
    case buttonStyle(ButtonStyleName)
    /// `tint(_:)`: the colour controls and indicators inside are drawn in (a `Button`'s
    /// prominent face, a `ProgressView`'s and a `Gauge`'s value, a `Toggle` that is on).
    case tint(FillStyle)

    // Text styles (tree version 4), SwiftUI's text modifiers beyond font, weight and colour.
    // Each is inherited like `font`; those with `isTextRunModifier` may also style one run.
    /// `italic()`.
    case italic
    /// `monospacedDigit()`: digits of one width, so changing numbers do not jiggle.
    case monospacedDigit
    /// `monospaced()`: the fixed-width variant of the font in effect, where it has one.
    case monospaced
    /// `fontWidth(_:)`.
    case fontWidth(FontWidthName)
    /// `kerning(_:)`: points added between characters.
    case kerning(Double)
    /// `tracking(_:)`: points added after each character; used instead of kerning when both are set.
    case tracking(Double)
    /// `baselineOffset(_:)`: points the text is raised (lowered when negative).
    case baselineOffset(Double)
    /// `underline(_:color:)`; nil colour: the text's own.
    case underline(color: ColorSpec?)
    /// `strikethrough(_:color:)`; nil colour: the text's own.
    case strikethrough(color: ColorSpec?)
    /// `textCase(_:)`: the text drawn in upper or lower case; nil as written.
    case textCase(TextCaseName?)

    // Symbols (tree version 7), inherited like the font (`SymbolStyling.swift`).
    /// `symbolRenderingMode(_:)`; nil: automatic.
    case symbolRenderingMode(SymbolRenderingModeName?)
    /// `symbolVariant(_:)`: the names of the symbols inside turned into these variants.
    case symbolVariant(SymbolVariantNames)
    /// `imageScale(_:)`: the symbols inside drawn smaller or larger than the font.
    case imageScale(ImageScaleName)
    /// `foregroundStyle(_:_:)` and `foregroundStyle(_:_:_:)` beyond the primary style, which
    /// comes as a `foregroundStyle` beside it: a palette symbol's secondary and tertiary layers.
    case secondaryForegroundStyles(secondary: FillStyle, tertiary: FillStyle?)
    /// `Image(systemName:variableValue:)`, on the image: how much of the symbol's variable
    /// layers are lit, 0…1.
    case symbolVariableValue(Double)

    // Text layout (tree version 8), inherited like the font.
    /// `fontDesign(_:)`: the design of the font in effect, where the font names none.
    case fontDesign(FontDesignName)
    /// `lineSpacing(_:)`: points added between the lines of a text.
    case lineSpacing(Double)

    // Images (tree version 9), on the image itself.
    /// `Image.renderingMode(_:)`: `template` draws the image's shape in the foreground style, as
    /// a symbol is drawn; `original` (the default for a bundle's own images) as it is.
    case imageRenderingMode(ImageRenderingModeName)
}

/// `EdgeInsets`: lengths in points.
public struct EdgeInsetsSpec: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all length: Double) {
        self.init(top: length, leading: length, bottom: length, trailing: length)
    }
}

/// `frame(width:height:alignment:)` and `frame(minWidth:idealWidth:maxWidth:…)`.
/// `.infinity` is written `"infinity"` on the wire.
public struct FrameSpec: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var idealWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var idealHeight: Double?
    public var maxHeight: Double?
    public var alignment: AlignmentName

    public init(
        width: Double? = nil, height: Double? = nil,
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: AlignmentName = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// A fixed frame (`width`/`height`) rather than a flexible one (min/ideal/max).
    public var isFixed: Bool {
        minWidth == nil && idealWidth == nil && maxWidth == nil && minHeight == nil && idealHeight == nil && maxHeight == nil
    }
}

/// SwiftUI's built-in button styles (`buttonStyle(_:)`).
public enum ButtonStyleName: String, Sendable, Hashable, CaseIterable {
    case automatic, bordered, borderedProminent, borderless, plain
}
