/// UIKit's system colours, as a colour set names them (`"reference": "systemBlueColor"`, Xcode's
/// "System Colors" menu): each its iOS value in light and in dark, sRGB 0…255 and alpha. A
/// reference adapts to the appearance drawn, as on iOS.
enum SystemColorReferences {
    struct Shades {
        var light: CatalogColor
        var dark: CatalogColor
    }

    static func shades(_ name: String) -> Shades? {
        guard let (light, dark) = table[name] else { return nil }
        return Shades(light: color(light), dark: color(dark))
    }

    private typealias RGBA = (Double, Double, Double, Double)

    private static func color(_ rgba: RGBA) -> CatalogColor {
        CatalogColor(red: rgba.0 / 255, green: rgba.1 / 255, blue: rgba.2 / 255, alpha: rgba.3)
    }

    private static let black: RGBA = (0, 0, 0, 1)
    private static let white: RGBA = (255, 255, 255, 1)

    private static let table: [String: (RGBA, RGBA)] = [
        "systemRedColor": ((255, 59, 48, 1), (255, 69, 58, 1)),
        "systemOrangeColor": ((255, 149, 0, 1), (255, 159, 10, 1)),
        "systemYellowColor": ((255, 204, 0, 1), (255, 214, 10, 1)),
        "systemGreenColor": ((52, 199, 89, 1), (48, 209, 88, 1)),
        "systemMintColor": ((0, 199, 190, 1), (99, 230, 226, 1)),
        "systemTealColor": ((48, 176, 199, 1), (64, 200, 224, 1)),
        "systemCyanColor": ((50, 173, 230, 1), (100, 210, 255, 1)),
        "systemBlueColor": ((0, 122, 255, 1), (10, 132, 255, 1)),
        "systemIndigoColor": ((88, 86, 214, 1), (94, 92, 230, 1)),
        "systemPurpleColor": ((175, 82, 222, 1), (191, 90, 242, 1)),
        "systemPinkColor": ((255, 45, 85, 1), (255, 55, 95, 1)),
        "systemBrownColor": ((162, 132, 94, 1), (172, 142, 104, 1)),
        "systemGrayColor": ((142, 142, 147, 1), (142, 142, 147, 1)),
        "systemGray2Color": ((174, 174, 178, 1), (99, 99, 102, 1)),
        "systemGray3Color": ((199, 199, 204, 1), (72, 72, 74, 1)),
        "systemGray4Color": ((209, 209, 214, 1), (58, 58, 60, 1)),
        "systemGray5Color": ((229, 229, 234, 1), (44, 44, 46, 1)),
        "systemGray6Color": ((242, 242, 247, 1), (28, 28, 30, 1)),
        "labelColor": (black, white),
        "secondaryLabelColor": ((60, 60, 67, 0.6), (235, 235, 245, 0.6)),
        "tertiaryLabelColor": ((60, 60, 67, 0.3), (235, 235, 245, 0.3)),
        "quaternaryLabelColor": ((60, 60, 67, 0.18), (235, 235, 245, 0.16)),
        "placeholderTextColor": ((60, 60, 67, 0.3), (235, 235, 245, 0.3)),
        "linkColor": ((0, 122, 255, 1), (9, 132, 255, 1)),
        "separatorColor": ((60, 60, 67, 0.29), (84, 84, 88, 0.6)),
        "opaqueSeparatorColor": ((198, 198, 200, 1), (56, 56, 58, 1)),
        "systemFillColor": ((120, 120, 128, 0.2), (120, 120, 128, 0.36)),
        "secondarySystemFillColor": ((120, 120, 128, 0.16), (120, 120, 128, 0.32)),
        "tertiarySystemFillColor": ((118, 118, 128, 0.12), (118, 118, 128, 0.24)),
        "quaternarySystemFillColor": ((116, 116, 128, 0.08), (118, 118, 128, 0.18)),
        "systemBackgroundColor": (white, black),
        "secondarySystemBackgroundColor": ((242, 242, 247, 1), (28, 28, 30, 1)),
        "tertiarySystemBackgroundColor": (white, (44, 44, 46, 1)),
        "systemGroupedBackgroundColor": ((242, 242, 247, 1), black),
        "secondarySystemGroupedBackgroundColor": (white, (28, 28, 30, 1)),
        "tertiarySystemGroupedBackgroundColor": ((242, 242, 247, 1), (44, 44, 46, 1)),
        // The fixed ones: the same in both appearances.
        "darkTextColor": (black, black),
        "lightTextColor": ((255, 255, 255, 0.6), (255, 255, 255, 0.6)),
        "blackColor": (black, black),
        "whiteColor": (white, white),
        "clearColor": ((0, 0, 0, 0), (0, 0, 0, 0)),
        "grayColor": ((128, 128, 128, 1), (128, 128, 128, 1)),
        "darkGrayColor": ((85, 85, 85, 1), (85, 85, 85, 1)),
        "lightGrayColor": ((170, 170, 170, 1), (170, 170, 170, 1)),
        "redColor": ((255, 0, 0, 1), (255, 0, 0, 1)),
        "greenColor": ((0, 255, 0, 1), (0, 255, 0, 1)),
        "blueColor": ((0, 0, 255, 1), (0, 0, 255, 1)),
        "cyanColor": ((0, 255, 255, 1), (0, 255, 255, 1)),
        "yellowColor": ((255, 255, 0, 1), (255, 255, 0, 1)),
        "magentaColor": ((255, 0, 255, 1), (255, 0, 255, 1)),
        "orangeColor": ((255, 128, 0, 1), (255, 128, 0, 1)),
        "purpleColor": ((128, 0, 128, 1), (128, 0, 128, 1)),
        "brownColor": ((153, 102, 51, 1), (153, 102, 51, 1)),
    ]
}
