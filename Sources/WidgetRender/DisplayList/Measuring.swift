import WidgetPayload

/// Measures text as the painter will draw it. The Pango implementation is the real one; layout
/// tests use a fixed-advance one so that frames are exact.
public protocol TextMeasuring: Sendable {
    /// The size `text` takes in `style`, wrapped at `width` (nil: one line per paragraph, never
    /// wrapped), cut to `style.lineLimit` lines and to `height` (nil: no bound) with an ellipsis
    /// at the end, at `style.scale`.
    func measure(_ text: String, style: TextStyle, width: Double?, height: Double?) -> TextMeasurement
}

public struct TextMeasurement: Sendable, Hashable {
    public var size: Size
    /// True when the text did not fit and was cut with an ellipsis.
    public var isTruncated: Bool
    /// From the top of the text's frame, for baseline alignment.
    public var firstBaseline: Double
    public var lastBaseline: Double

    public init(size: Size, isTruncated: Bool, firstBaseline: Double, lastBaseline: Double) {
        self.size = size
        self.isTruncated = isTruncated
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}

/// Tells the layout an image's natural size, in points, and whether it can be drawn at all.
public protocol ImageSizing: Sendable {
    /// nil when the image cannot be drawn: the layout then draws `missingImage` at a default
    /// size and the reason is in the renderer's diagnostics.
    func naturalSize(of source: ImageSource) -> Size?

    /// Whether the image is drawn as a template unless the view says otherwise: an asset
    /// catalog's "Render As: Template Image".
    func rendersAsTemplate(_ source: ImageSource) -> Bool
}

extension ImageSizing {
    public func rendersAsTemplate(_ source: ImageSource) -> Bool { false }
}
