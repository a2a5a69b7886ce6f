/// How `Color.gradient` (SwiftUI's `AnyGradient` of one colour, the FILL `colorGradient`) is
/// drawn: a subtle top-to-bottom gradient, from the colour lightened toward white to the colour
/// itself, as iOS draws `.fill(.teal.gradient)`. One definition for the host, which shades the
/// colour it resolves, and for the SDK's canvas, which can shade only exact sRGB.
public enum ColorGradientShades {
    /// How far the top colour is mixed toward white, in sRGB: iOS's top is a visibly lighter
    /// shade of the same hue, never white. An approximation of Apple's (which is not published):
    /// about a sixth of the way, as its gradients look beside the flat colour.
    public static let lightening = 0.16

    /// Top centre to bottom centre, as SwiftUI draws any `AnyGradient`.
    public static let startPoint = UnitPointSpec(x: 0.5, y: 0)
    public static let endPoint = UnitPointSpec(x: 0.5, y: 1)

    /// The top colour's components for a colour's (each 0…1); the opacity is the colour's own.
    public static func top(red: Double, green: Double, blue: Double) -> (red: Double, green: Double, blue: Double) {
        func lightened(_ component: Double) -> Double { component + (1 - component) * lightening }
        return (lightened(red), lightened(green), lightened(blue))
    }

    /// The gradient as a linear one, when the colour is exact sRGB; nil for a colour only the host
    /// can resolve (named, catalog).
    public static func linearGradient(of color: ColorSpec) -> LinearGradientSpec? {
        guard case .rgba(let red, let green, let blue, let alpha) = color else { return nil }
        let top = top(red: red, green: green, blue: blue)
        return LinearGradientSpec(
            stops: [GradientStopSpec(color: .rgba(red: top.red, green: top.green, blue: top.blue, alpha: alpha), location: 0),
                    GradientStopSpec(color: color, location: 1)],
            startPoint: startPoint, endPoint: endPoint)
    }
}
