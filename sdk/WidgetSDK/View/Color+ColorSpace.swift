#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Color {
    /// The colour space of `Color(_:red:green:blue:opacity:)`: SwiftUI's `Color.RGBColorSpace`.
    /// The host draws in sRGB, so the other spaces are converted to it here.
    public enum RGBColorSpace: Sendable, Hashable {
        /// Components as they are drawn.
        case sRGB
        /// Components in linear light, brightened to sRGB's curve.
        case sRGBLinear
        /// Display P3's wider gamut, brought into sRGB; colours outside sRGB are clipped to it,
        /// as an sRGB screen shows them.
        case displayP3
    }

    /// A colour of `colorSpace`, each component 0…1.
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let (r, g, b) = Self.sRGB(colorSpace, red, green, blue)
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A grey of `colorSpace`, 0 black to 1 white.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    private static func sRGB(_ space: RGBColorSpace, _ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        switch space {
        case .sRGB:
            return (red, green, blue)
        case .sRGBLinear:
            return (encoded(red), encoded(green), encoded(blue))
        case .displayP3:
            // P3 shares sRGB's transfer curve; its primaries map to sRGB's by this matrix, in
            // linear light.
            let (r, g, b) = (decoded(red), decoded(green), decoded(blue))
            let clip = { (value: Double) in min(max(value, 0), 1) }
            return (
                encoded(clip(1.2249 * r - 0.2247 * g)),
                encoded(clip(-0.0420 * r + 1.0419 * g)),
                encoded(clip(-0.0197 * r - 0.0786 * g + 1.0979 * b))
            )
        }
    }

    /// Linear light to sRGB's curve.
    private static func encoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// sRGB's curve to linear light.
    private static func decoded(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
}
