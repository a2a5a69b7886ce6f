/// One pixel as 8-bit sRGB components, not premultiplied.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From Cairo's ARGB32 word, whose colour is premultiplied by alpha.
    init(premultipliedARGB word: UInt32) {
        let alpha = UInt8(word >> 24)
        if alpha == 255 {
            self.init(red: UInt8(word >> 16 & 0xFF), green: UInt8(word >> 8 & 0xFF), blue: UInt8(word & 0xFF), alpha: 255)
            return
        }
        func channel(_ shift: UInt32) -> UInt8 {
            let value = UInt32((word >> shift) & 0xFF)
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
