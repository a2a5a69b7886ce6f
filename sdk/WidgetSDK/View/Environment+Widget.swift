import WidgetPayload

/// WidgetKit's `WidgetRenderingMode`: how the system treats a widget's colours where it is
/// shown. Read it with `@Environment(\.widgetRenderingMode)`.
public struct WidgetRenderingMode: Sendable, Hashable, CustomStringConvertible {
    let name: RenderingModeName

    init(_ name: RenderingModeName) {
        self.name = name
    }

    /// Colours as the view gives them (the Home Screen, StandBy, CarPlay).
    public static let fullColor = WidgetRenderingMode(.fullColor)
    /// Two groups, each drawn in one colour: the accent group (`widgetAccentable()`) in the
    /// tint, the rest white; the background removed (the tinted Home Screen).
    public static let accented = WidgetRenderingMode(.accented)
    /// Desaturated into white of each colour's luminance over the wallpaper (the Lock Screen,
    /// where the accessory families are drawn).
    public static let vibrant = WidgetRenderingMode(.vibrant)

    public var description: String { name.rawValue }
}

extension EnvironmentValues {
    /// Whether the host draws the widget's container background: false in the accented and
    /// vibrant modes, which remove it. Reading it reads `widgetRenderingMode`.
    public var showsWidgetContainerBackground: Bool {
        widgetRenderingMode == .fullColor
    }

    /// Whether the widget is shown with a label under it (`widgetLabel`, watchOS and the Lock
    /// Screen's circular complications on a watch): never here, where no host draws one.
    public var showsWidgetLabel: Bool {
        false
    }

    /// The margins the host puts around the widget's content in this family (16 points for the
    /// system families, none for the accessory ones), to apply yourself to what a
    /// `contentMarginsDisabled()` widget draws edge to edge.
    public var widgetContentMargins: EdgeInsets {
        let length: Double = switch widgetFamily {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 16
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: 0
        }
        return EdgeInsets(top: length, leading: length, bottom: length, trailing: length)
    }
}

extension View {
    /// Puts the view in the accent group: in the accented rendering mode it is drawn in the
    /// tint (the rest in white), and in the vibrant mode as a layer of its own.
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        modifier(optional: accentable ? .widgetAccentable : nil)
    }
}
