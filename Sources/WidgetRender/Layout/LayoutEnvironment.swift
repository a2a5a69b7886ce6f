import Foundation
import WidgetPayload

/// What a tree is laid out for: one family, one appearance, one moment.
public struct LayoutEnvironment: Sendable {
    public var family: WidgetFamily
    /// The canvas in points; the family's display size unless a host says otherwise.
    public var size: Size
    public var colorScheme: ColorSchemeName
    /// The moment drawn: counting dates (`Text(date, style: .relative)`) count from it.
    public var now: Date
    public var timeZone: TimeZone
    public var locale: Locale
    /// The placeholder is drawn redacted, as WidgetKit does.
    public var redactsPlaceholder: Bool
    /// Draw `privacySensitive()` views redacted.
    public var redactsPrivacySensitive: Bool
    /// The default spacing of stacks: iOS's for widgets; macOS's to compare with recordings
    /// made there.
    public var stackSpacing: StackSpacing = .iOS
    /// WidgetKit's rendering mode; nil draws the family's own (vibrant for the accessory
    /// families, on the Lock Screen; full colour for the system ones).
    public var renderingMode: RenderingModeName?
    /// The accent group's colour in the accented mode.
    public var tint: RGBA

    public init(
        family: WidgetFamily,
        size: Size? = nil,
        colorScheme: ColorSchemeName = .light,
        now: Date,
        timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_US_POSIX"),
        redactsPlaceholder: Bool = false,
        redactsPrivacySensitive: Bool = false,
        renderingMode: RenderingModeName? = nil,
        tint: RGBA = ColorTreatment.defaultTint
    ) {
        self.family = family
        let defaultSize = family.defaultDisplaySize
        self.size = size ?? Size(width: defaultSize.width, height: defaultSize.height)
        self.colorScheme = colorScheme
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.redactsPlaceholder = redactsPlaceholder
        self.redactsPrivacySensitive = redactsPrivacySensitive
        self.renderingMode = renderingMode
        self.tint = tint
    }

    /// The rendering mode drawn: the one asked for, else the family's.
    public var drawnRenderingMode: RenderingModeName {
        renderingMode ?? .default(for: family)
    }

    /// The appearance drawn: the one asked for in full colour; dark in the accented and vibrant
    /// modes, which draw on a dark backdrop.
    public var drawnColorScheme: ColorSchemeName {
        drawnRenderingMode.colorScheme(otherwise: colorScheme)
    }

    /// WidgetKit's content margins (iOS 17): 16 points for the system families, none for the
    /// accessory ones. `contentMarginsDisabled()` removes them.
    public var contentMargins: Double {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 16
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: 0
        }
    }

    /// The widget's own corner radius; the canvas outside it is transparent.
    public var cornerRadius: Double {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 22
        case .accessoryCircular: size.width / 2
        case .accessoryRectangular: 8
        case .accessoryInline: 0
        }
    }
}
