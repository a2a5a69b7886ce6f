/// How close a frame of ours must be to SwiftUI's to count as the same.
///
/// Frames without text: half a point. The recording was made on a 2× display, where SwiftUI puts
/// frames on whole pixels; ours are exact, so a correct frame is within half a point.
///
/// Frames with text (and the root, when text sizes it) also carry the difference of the fonts:
/// SwiftUI drew SF Pro, we draw Inter (or the fallback). Across the text, each of our lines may
/// differ from SwiftUI's by the difference of the line heights (SF Pro's 15.51 points at 13,
/// rounded up by SwiftUI to the pixel: 16; Inter's is measured), and a stack of lines adds them
/// up; along the text, every width (and every position centred or pushed by a width) may differ
/// by the difference of the advance widths, `advanceShare` of the widest text.
enum ParityTolerance {
    static let pixel = 0.5

    /// SF Pro's ascender and descender (units per em 2048), macOS's body size and display scale.
    static let sfAscender = 1950.0, sfDescender = 494.0, sfUnitsPerEm = 2048.0
    static let bodySize = 13.0
    static let displayScale = 2.0

    /// SwiftUI's height for one 13-point line: SF Pro's line, rounded up to the pixel.
    static var recordedLineHeight: Double {
        let line = bodySize * (sfAscender + sfDescender) / sfUnitsPerEm
        return (line * displayScale).rounded(.up) / displayScale
    }

    /// Inter's advances run up to 6% wider than SF Pro Text's at 13 points (SF Pro Text is
    /// tracked tighter at text sizes); DejaVu Sans, the fallback, runs wider still and fails.
    static let advanceShare = 0.06

    /// The allowance on each axis for a scenario's text frames, given its text (lines and the
    /// widest recorded text) and our height for one line.
    static func text(lines: Int, widestText: Double, ourLineHeight: Double) -> (x: Double, y: Double) {
        let lineDrift = abs(recordedLineHeight - ourLineHeight)
        return (pixel + advanceShare * widestText, pixel + lineDrift * Double(lines))
    }
}
