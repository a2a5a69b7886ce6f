import Foundation

/// Colour components as Xcode spells them, and the conversion of each colour space Xcode offers
/// to the sRGB the renderer draws in.
extension RawColor {
    /// The colour in light, and in dark when it is a system colour that adapts (`reference`).
    func resolved() throws(CatalogContentsError.Problem) -> (color: CatalogColor, dark: CatalogColor?) {
        if let reference {
            guard let shades = SystemColorReferences.shades(reference) else {
                throw .unsupportedColor(detail: "the colour refers to \"\(reference.prefix(64))\", which is not one of UIKit's system colours; give it components instead")
            }
            return (shades.light, shades.dark == shades.light ? nil : shades.dark)
        }
        return (try fromComponents(), nil)
    }

    private func fromComponents() throws(CatalogContentsError.Problem) -> CatalogColor {
        guard let components else { throw .missingComponent("components") }
        let space = colorSpace ?? "srgb"
        let extended: Bool
        switch space {
        case "srgb", "display-p3", "gray-gamma-22": extended = false
        case "extended-srgb", "extended-linear-srgb", "extended-display-p3", "extended-gray": extended = true
        default: throw .unknownColorSpace(String(space.prefix(64)))
        }
        func value(_ name: String, _ component: RawComponent?) throws(CatalogContentsError.Problem) -> Double {
            guard let component else { throw .missingComponent(name) }
            guard let number = ColorComponent.parse(component.text, asFloat: component.isNumber, extended: extended) else {
                throw .badComponent(name: name, value: String(component.text.prefix(64)))
            }
            return number
        }
        // Alpha is never extended: it is a coverage, 0…1.
        let alpha = try components.alpha.map { (c) throws(CatalogContentsError.Problem) in
            guard let number = ColorComponent.parse(c.text, asFloat: c.isNumber, extended: false) else {
                throw .badComponent(name: "alpha", value: String(c.text.prefix(64)))
            }
            return number
        } ?? 1
        let rgb: (Double, Double, Double)
        switch space {
        case "gray-gamma-22", "extended-gray":
            let white = try value("white", components.white)
            let linear = ColorComponent.signedPow(white, 2.2)
            let encoded = ColorComponent.encodeSRGB(linear)
            rgb = (encoded, encoded, encoded)
        default:
            let red = try value("red", components.red)
            let green = try value("green", components.green)
            let blue = try value("blue", components.blue)
            switch space {
            case "display-p3", "extended-display-p3":
                rgb = ColorComponent.p3ToSRGB(red, green, blue)
            case "extended-linear-srgb":
                rgb = (ColorComponent.encodeSRGB(red), ColorComponent.encodeSRGB(green), ColorComponent.encodeSRGB(blue))
            default:
                rgb = (red, green, blue)
            }
        }
        // Extended colours outside sRGB are clamped: the renderer draws 8-bit sRGB.
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        return CatalogColor(red: clamp(rgb.0), green: clamp(rgb.1), blue: clamp(rgb.2), alpha: clamp(alpha))
    }
}

enum ColorComponent {
    /// Extended components may leave 0…1 (wide gamut, HDR); beyond this they are refused.
    static let extendedLimit = 16.0

    /// "0.500" (a float), "128" (an 8-bit integer) or "0x80" (a hex byte), as Xcode writes
    /// them depending on its input method. A JSON number is a float. nil when not one of those
    /// or out of range.
    static func parse(_ text: String, asFloat: Bool, extended: Bool) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 32 else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            guard (1...2).contains(digits.count), let byte = UInt8(digits, radix: 16) else { return nil }
            return Double(byte) / 255
        }
        if !asFloat, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let integer = Int(text), integer <= 255 else { return nil }
            return Double(integer) / 255
        }
        guard let number = Double(text), number.isFinite else { return nil }
        if extended { return abs(number) <= extendedLimit ? number : nil }
        return (0...1).contains(number) ? number : nil
    }

    /// The sRGB transfer function (Display P3 uses the same), decoding to linear light;
    /// mirrored for negative extended values.
    static func decodeSRGB(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    static func encodeSRGB(_ value: Double) -> Double {
        let magnitude = abs(value)
        let encoded = magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return value < 0 ? -encoded : encoded
    }

    static func signedPow(_ value: Double, _ exponent: Double) -> Double {
        value < 0 ? -pow(-value, exponent) : pow(value, exponent)
    }

    /// Display P3 to sRGB through linear light (both D65): the P3 → XYZ → sRGB matrix.
    static func p3ToSRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        let r = decodeSRGB(red), g = decodeSRGB(green), b = decodeSRGB(blue)
        let sr = 1.2249401 * r - 0.2249404 * g
        let sg = -0.0420569 * r + 1.0420571 * g
        let sb = -0.0196376 * r - 0.0786361 * g + 1.0982735 * b
        return (encodeSRGB(sr), encodeSRGB(sg), encodeSRGB(sb))
    }
}
