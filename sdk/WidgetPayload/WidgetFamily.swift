/// The sizes and shapes a widget can take, named as WidgetKit names them. The raw value is the
/// spelling used across the ABI (`context.h`) and on the command line.
public enum WidgetFamily: String, CaseIterable, Codable, Sendable, Hashable {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline

    /// The size, in points, a host displays this family at unless told otherwise: an iPhone's
    /// sizes, and an iPad's for systemExtraLarge, which phones do not have.
    public var defaultDisplaySize: (width: Double, height: Double) {
        switch self {
        case .systemSmall: (170, 170)
        case .systemMedium: (364, 170)
        case .systemLarge: (364, 382)
        case .systemExtraLarge: (715, 330)
        case .accessoryCircular: (76, 76)
        case .accessoryRectangular: (172, 76)
        case .accessoryInline: (257, 26)
        }
    }
}
