/// Why a display list could not be turned into an image.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Cairo reported a failure: its status text and what was being done.
    case cairo(String, while: String)
    /// zlib refused to compress the PNG's pixels (its status code).
    case compression(Int32)
    /// A scale outside 1…`maxScale`.
    case badScale(Double)
    /// A canvas with no area or more pixels than `maxCanvasPixels` at the asked scale.
    case badCanvas(width: Double, height: Double, scale: Double)

    /// The largest scale an output takes.
    public static let maxScale = 8.0
    /// The most pixels an output image may have (64 megapixels).
    public static let maxCanvasPixels = 64_000_000

    public var description: String {
        switch self {
        case .cairo(let status, let doing): "render: Cairo failed while \(doing): \(status)"
        case .compression(let status): "render: zlib failed to compress the PNG (status \(status)); report this as a bug"
        case .badScale(let scale): "render: scale \(scale) is outside 1…\(Int(Self.maxScale)); use 1, 2 or 3"
        case .badCanvas(let width, let height, let scale):
            "render: a \(width)×\(height) point canvas at \(scale)× has no area or too many pixels; check the family's display size"
        }
    }
}
