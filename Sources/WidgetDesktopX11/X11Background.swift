import CXCB
import WidgetPayload

/// The colour behind the widgets, one per appearance: the first colours of the browser's /home
/// page's wallpaper (Sources/WidgetServer/Home/HomePage.swift), solid, so that the X11 home
/// screen and the browser's look alike and a widget's rounded corners show the same thing.
struct X11Background: Equatable {
    let red: Double, green: Double, blue: Double

    static let light = X11Background(red: 0x43 / 255.0, green: 0x64 / 255.0, blue: 0xF7 / 255.0)
    static let dark = X11Background(red: 0x0B / 255.0, green: 0x13 / 255.0, blue: 0x30 / 255.0)

    static func forAppearance(_ appearance: ColorSchemeName) -> X11Background {
        appearance == .dark ? .dark : .light
    }

    /// The colour as a pixel value of a TrueColor visual (the window's background pixel), from
    /// the visual's channel masks.
    func pixel(in visual: xcb_visualtype_t) -> UInt32 {
        func channel(_ value: Double, _ mask: UInt32) -> UInt32 {
            guard mask != 0 else { return 0 }
            let shift = UInt32(mask.trailingZeroBitCount)
            let maximum = mask >> shift
            return (UInt32((value * Double(maximum)).rounded()) << shift) & mask
        }
        return channel(red, visual.red_mask) | channel(green, visual.green_mask) | channel(blue, visual.blue_mask)
    }
}
