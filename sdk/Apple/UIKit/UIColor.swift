import Foundation
import WidgetSDK

/// UIKit's colour, for `Color(uiColor:)`: a fixed sRGB colour, or one of the system colours the
/// host resolves for its appearance.
public final class UIColor: Sendable, Equatable {
    /// The colour as a view draws it.
    let color: Color

    /// A SwiftUI colour as a UIKit one (iOS 14's `UIColor(_:)`).
    public init(_ color: Color) {
        self.color = color
    }

    /// The colour's sRGB components, as UIKit's `getRed(_:green:blue:alpha:)`: true with the
    /// components set for a colour made of them (`Color(red:green:blue:)`, `UIColor(white:alpha:)`
    /// and the like); false, leaving them as they are, for a system colour or a colour set of the
    /// catalog, which the host resolves for its appearance only when it draws.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard case .color(.rgba(let r, let g, let b, let a)) = color._fillStyle else { return false }
        red?.pointee = CGFloat(r)
        green?.pointee = CGFloat(g)
        blue?.pointee = CGFloat(b)
        alpha?.pointee = CGFloat(a)
        return true
    }

    /// Each component 0…1 (values outside are clamped, as sRGB cannot hold them here).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: Self.unit(red), green: Self.unit(green), blue: Self.unit(blue), opacity: Self.unit(alpha)))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(Color(white: Self.unit(white), opacity: Self.unit(alpha)))
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(Color(hue: Self.unit(hue), saturation: Self.unit(saturation), brightness: Self.unit(brightness), opacity: Self.unit(alpha)))
    }

    /// A colour set of the bundle's asset catalog, resolved by the host for the appearance it
    /// draws; a name the catalog lacks draws clear and `widgethost validate` reports it.
    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.init(Color(name))
    }

    /// The same colour with its opacity set to `alpha` times its own.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(color.opacity(Self.unit(alpha)))
    }

    public static func == (left: UIColor, right: UIColor) -> Bool { left.color == right.color }

    private static func unit(_ value: CGFloat) -> Double { min(max(Double(value), 0), 1) }

    public static var black: UIColor { UIColor(.black) }
    public static var white: UIColor { UIColor(.white) }
    public static var gray: UIColor { UIColor(.gray) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var clear: UIColor { UIColor(.clear) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    // The system colours adapt to the appearance, as SwiftUI's named colours do.
    public static var systemRed: UIColor { UIColor(.red) }
    public static var systemOrange: UIColor { UIColor(.orange) }
    public static var systemYellow: UIColor { UIColor(.yellow) }
    public static var systemGreen: UIColor { UIColor(.green) }
    public static var systemMint: UIColor { UIColor(.mint) }
    public static var systemTeal: UIColor { UIColor(.teal) }
    public static var systemCyan: UIColor { UIColor(.cyan) }
    public static var systemBlue: UIColor { UIColor(.blue) }
    public static var systemIndigo: UIColor { UIColor(.indigo) }
    public static var systemPurple: UIColor { UIColor(.purple) }
    public static var systemPink: UIColor { UIColor(.pink) }
    public static var systemBrown: UIColor { UIColor(.brown) }
    public static var systemGray: UIColor { UIColor(.gray) }
    public static var tintColor: UIColor { UIColor(.accentColor) }
    public static var label: UIColor { UIColor(.primary) }
    public static var secondaryLabel: UIColor { UIColor(.secondary) }
    public static var tertiaryLabel: UIColor { UIColor(Color(named: .tertiary)) }
    public static var quaternaryLabel: UIColor { UIColor(Color(named: .quaternary)) }
    public static var systemFill: UIColor { UIColor(Color(named: .fill)) }
    public static var secondarySystemFill: UIColor { UIColor(Color(named: .secondaryFill)) }
    public static var tertiarySystemFill: UIColor { UIColor(Color(named: .tertiaryFill)) }
    public static var quaternarySystemFill: UIColor { UIColor(Color(named: .quaternaryFill)) }
    public static var systemBackground: UIColor { UIColor(Color(named: .background)) }
    public static var secondarySystemBackground: UIColor { UIColor(Color(named: .secondaryBackground)) }
}

extension Color {
    /// A UIKit colour as a SwiftUI one.
    public init(uiColor: UIColor) {
        self = uiColor.color
    }

    /// The older spelling of `init(uiColor:)`.
    public init(_ color: UIColor) {
        self = color.color
    }
}
