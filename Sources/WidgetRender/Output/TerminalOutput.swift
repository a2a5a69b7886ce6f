import Foundation

/// Draws `list` for a terminal in truecolor half blocks: each character cell is one pixel
/// wide and two high (`▀`, its foreground the upper pixel and its background the lower one).
/// `columns` is the width in cells; by default one cell is about 4 points. Transparent pixels
/// show the terminal's own background. Falls back to `plainText` if the image cannot be drawn.
public func terminalText(_ list: DisplayList, columns: Int? = nil, assets: BundleAssets = .empty, text: PangoTextMeasurer = .shared) -> String {
    let width = list.size.width
    let columns = max(1, columns ?? Int((width / TerminalCells.pointsPerColumn).rounded(.up)))
    guard width > 0, let image = try? Rasterizer.rasterize(list, scale: Double(columns) / width, painter: CairoPainter(assets: assets, text: text)) else {
        return plainText(list)
    }
    return TerminalCells.halfBlocks(image)
}

/// Whether the terminal described by `environment` draws 24-bit colour; if not, show
/// `plainText` rather than `terminalText`.
public func terminalSupportsTruecolor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    let term = environment["TERM"]?.lowercased() ?? ""
    return colorTerm == "truecolor" || colorTerm == "24bit" || term.contains("truecolor") || term.contains("24bit") || term.hasSuffix("-direct")
}

/// Turns pixels into half-block cells with ANSI truecolor escapes.
enum TerminalCells {
    static let pointsPerColumn = 4.0
    /// A pixel at most this transparent is the terminal's background.
    static let visibleAlpha: UInt8 = 128
    static let escape = "\u{1B}["

    static func halfBlocks(_ image: ImageSurface) -> String {
        var out = ""
        for row in 0..<(image.height + 1) / 2 {
            var foreground: RGBA8?
            var background: RGBA8?
            var backgroundIsDefault = true
            for x in 0..<image.width {
                let top = visible(image.pixel(x: x, y: 2 * row))
                let bottom = 2 * row + 1 < image.height ? visible(image.pixel(x: x, y: 2 * row + 1)) : nil
                let (glyph, fg, bg): (String, RGBA8?, RGBA8?) = switch (top, bottom) {
                case let (top?, bottom?): ("▀", top, bottom)
                case let (top?, nil): ("▀", top, nil)
                case let (nil, bottom?): ("▄", bottom, nil)
                case (nil, nil): (" ", nil, nil)
                }
                if let fg, fg != foreground {
                    out += "\(escape)38;2;\(fg.red);\(fg.green);\(fg.blue)m"
                    foreground = fg
                }
                if let bg {
                    if bg != background || backgroundIsDefault { out += "\(escape)48;2;\(bg.red);\(bg.green);\(bg.blue)m" }
                    background = bg
                    backgroundIsDefault = false
                } else if !backgroundIsDefault {
                    out += "\(escape)49m"
                    background = nil
                    backgroundIsDefault = true
                }
                out += glyph
            }
            out += "\(escape)0m\n"
        }
        return out
    }

    private static func visible(_ pixel: RGBA8) -> RGBA8? {
        pixel.alpha >= visibleAlpha ? pixel : nil
    }
}
