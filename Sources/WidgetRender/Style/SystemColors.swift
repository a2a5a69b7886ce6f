import WidgetPayload

/// Apple's system colours (iOS's UIColor values) for each appearance, so that `.red` in a widget
/// looks the same here as on a phone.
enum SystemColors {
    static func color(_ name: NamedColor, _ scheme: ColorSchemeName) -> RGBA {
        let dark = scheme == .dark
        switch name {
        case .primary: return dark ? RGBA(red: 1, green: 1, blue: 1) : RGBA(red: 0, green: 0, blue: 0)
        // secondaryLabel: a grey that keeps its contrast on either background.
        case .secondary: return dark ? rgb(235, 235, 245, alpha: 0.6) : rgb(60, 60, 67, alpha: 0.6)
        // The host has no app tint: the accent is the system blue, as in an untinted app.
        case .accentColor: return color(.blue, scheme)
        case .red: return dark ? rgb(255, 69, 58) : rgb(255, 59, 48)
        case .orange: return dark ? rgb(255, 159, 10) : rgb(255, 149, 0)
        case .yellow: return dark ? rgb(255, 214, 10) : rgb(255, 204, 0)
        case .green: return dark ? rgb(48, 209, 88) : rgb(52, 199, 89)
        case .mint: return dark ? rgb(99, 230, 226) : rgb(0, 199, 190)
        case .teal: return dark ? rgb(64, 200, 224) : rgb(48, 176, 199)
        case .cyan: return dark ? rgb(100, 210, 255) : rgb(50, 173, 230)
        case .blue: return dark ? rgb(10, 132, 255) : rgb(0, 122, 255)
        case .indigo: return dark ? rgb(94, 92, 230) : rgb(88, 86, 214)
        case .purple: return dark ? rgb(191, 90, 242) : rgb(175, 82, 222)
        case .pink: return dark ? rgb(255, 55, 95) : rgb(255, 45, 85)
        case .brown: return dark ? rgb(172, 142, 104) : rgb(162, 132, 94)
        case .gray: return rgb(142, 142, 147)
        case .white: return RGBA(red: 1, green: 1, blue: 1)
        case .black: return RGBA(red: 0, green: 0, blue: 0)
        case .clear: return RGBA(red: 0, green: 0, blue: 0, alpha: 0)
        // tertiaryLabel, quaternaryLabel; systemFill and its levels; systemBackground and
        // secondarySystemBackground.
        case .tertiary: return dark ? rgb(235, 235, 245, alpha: 0.3) : rgb(60, 60, 67, alpha: 0.3)
        case .quaternary: return dark ? rgb(235, 235, 245, alpha: 0.16) : rgb(60, 60, 67, alpha: 0.18)
        case .fill: return track(scheme)
        case .secondaryFill: return dark ? rgb(120, 120, 128, alpha: 0.32) : rgb(120, 120, 128, alpha: 0.16)
        case .tertiaryFill: return dark ? rgb(118, 118, 128, alpha: 0.24) : rgb(118, 118, 128, alpha: 0.12)
        case .quaternaryFill: return dark ? rgb(118, 118, 128, alpha: 0.18) : rgb(116, 116, 128, alpha: 0.08)
        case .background: return dark ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 1, green: 1, blue: 1)
        case .secondaryBackground: return dark ? rgb(28, 28, 30) : rgb(242, 242, 247)
        }
    }

    /// The widget's background when it declares no `containerBackground`
    /// (systemBackground: white, or iOS's dark widget grey).
    static func background(_ scheme: ColorSchemeName) -> RGBA {
        scheme == .dark ? RGBA(red: 0.11, green: 0.11, blue: 0.118) : RGBA(red: 1, green: 1, blue: 1)
    }

    /// `Divider`'s colour (UIColor.separator).
    static func separator(_ scheme: ColorSchemeName) -> RGBA {
        scheme == .dark ? rgb(84, 84, 88, alpha: 0.6) : rgb(60, 60, 67, alpha: 0.29)
    }

    /// The empty part of progress bars and gauges (UIColor.systemFill).
    static func track(_ scheme: ColorSchemeName) -> RGBA {
        scheme == .dark ? rgb(120, 120, 128, alpha: 0.36) : rgb(120, 120, 128, alpha: 0.2)
    }

    private static func rgb(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) -> RGBA {
        RGBA(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }
}
