import CPangoCairo
import Foundation

/// An SVG path's `d` attribute, read once into absolute moves, lines and cubic curves (quadratic
/// curves and arcs become cubics), so a glyph is replayed onto Cairo as plain path operations:
/// the SVG output then holds plain paths every reader draws.
struct SVGPathData: Sendable {
    enum Segment: Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    let segments: [Segment]

    /// Adds the path to `cairo`'s current path.
    func replay(on cairo: OpaquePointer) {
        for segment in segments {
            switch segment {
            case .move(let x, let y): cairo_move_to(cairo, x, y)
            case .line(let x, let y): cairo_line_to(cairo, x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cairo, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(cairo)
            }
        }
    }

    /// Reads `d`; what it cannot read ends the path there (a vendored glyph is checked by tests).
    init(_ d: String) {
        var reader = Reader(Array(d.utf8))
        var segments: [Segment] = []
        var current = (x: 0.0, y: 0.0), start = current
        var lastControl: (x: Double, y: Double)?
        var command: UInt8 = 0
        while true {
            reader.skipSeparators()
            if let letter = reader.commandLetter() {
                command = letter
            } else if reader.atEnd || command == 0 {
                break
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : (x: 0.0, y: 0.0)
            let upper = relative ? command - 32 : command
            var nextControl: (x: Double, y: Double)?
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"):
                guard let x = reader.number(), let y = reader.number() else { break }
                let point = (x: base.x + x, y: base.y + y)
                if upper == UInt8(ascii: "T") {
                    let control = Self.reflect(lastControl, about: current)
                    segments.append(Self.cubic(from: current, quadratic: control, to: point))
                    nextControl = control
                } else if upper == UInt8(ascii: "M") {
                    segments.append(.move(point.x, point.y))
                    start = point
                    command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")  // Further pairs are lines.
                } else {
                    segments.append(.line(point.x, point.y))
                }
                current = point
            case UInt8(ascii: "H"):
                guard let x = reader.number() else { break }
                current.x = base.x + x
                segments.append(.line(current.x, current.y))
            case UInt8(ascii: "V"):
                guard let y = reader.number() else { break }
                current.y = base.y + y
                segments.append(.line(current.x, current.y))
            case UInt8(ascii: "C"), UInt8(ascii: "S"):
                var first: (x: Double, y: Double)
                if upper == UInt8(ascii: "C") {
                    guard let x1 = reader.number(), let y1 = reader.number() else { break }
                    first = (base.x + x1, base.y + y1)
                } else {
                    first = Self.reflect(lastControl, about: current)
                }
                guard let x2 = reader.number(), let y2 = reader.number(), let x = reader.number(), let y = reader.number() else { break }
                let second = (x: base.x + x2, y: base.y + y2)
                current = (base.x + x, base.y + y)
                segments.append(.curve(first.x, first.y, second.x, second.y, current.x, current.y))
                nextControl = second
            case UInt8(ascii: "Q"):
                guard let x1 = reader.number(), let y1 = reader.number(), let x = reader.number(), let y = reader.number() else { break }
                let control = (x: base.x + x1, y: base.y + y1)
                let point = (x: base.x + x, y: base.y + y)
                segments.append(Self.cubic(from: current, quadratic: control, to: point))
                current = point
                nextControl = control
            case UInt8(ascii: "A"):
                guard let rx = reader.number(), let ry = reader.number(), let rotation = reader.number(),
                      let large = reader.flag(), let sweep = reader.flag(),
                      let x = reader.number(), let y = reader.number() else { break }
                let point = (x: base.x + x, y: base.y + y)
                segments += SVGArc(from: current, to: point, radii: (rx, ry), rotation: rotation, largeArc: large, sweep: sweep).curves()
                current = point
            case UInt8(ascii: "Z"):
                segments.append(.close)
                current = start
            default:
                break
            }
            lastControl = nextControl
            if reader.position == reader.lastPosition { break }  // Nothing read: malformed.
            reader.lastPosition = reader.position
        }
        self.segments = segments
    }

    private static func reflect(_ control: (x: Double, y: Double)?, about point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        guard let control else { return point }
        return (2 * point.x - control.x, 2 * point.y - control.y)
    }

    private static func cubic(from start: (x: Double, y: Double), quadratic control: (x: Double, y: Double),
                              to end: (x: Double, y: Double)) -> Segment {
        .curve(start.x + 2 / 3 * (control.x - start.x), start.y + 2 / 3 * (control.y - start.y),
               end.x + 2 / 3 * (control.x - end.x), end.y + 2 / 3 * (control.y - end.y), end.x, end.y)
    }

    /// Numbers and command letters out of path data's compact syntax ("8,8,0,0,1-1.5.5").
    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var lastPosition = -1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position >= bytes.count }

        mutating func skipSeparators() {
            while position < bytes.count, [UInt8(ascii: " "), UInt8(ascii: ","), 9, 10, 13].contains(bytes[position]) { position += 1 }
        }

        mutating func commandLetter() -> UInt8? {
            guard position < bytes.count else { return nil }
            let byte = bytes[position] | 0x20
            guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z"), byte != UInt8(ascii: "e") else { return nil }
            position += 1
            return bytes[position - 1]
        }

        /// An arc's flag: one digit, which may touch the next number.
        mutating func flag() -> Bool? {
            skipSeparators()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1") else { return nil }
            position += 1
            return bytes[position - 1] == UInt8(ascii: "1")
        }

        mutating func number() -> Double? {
            skipSeparators()
            let start = position
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            var seenDot = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    position += 1
                } else if byte == UInt8(ascii: "."), !seenDot {
                    seenDot = true
                    position += 1
                } else if byte | 0x20 == UInt8(ascii: "e") {
                    position += 1
                    if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
                } else {
                    break
                }
            }
            guard position > start, let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
                position = start
                return nil
            }
            return value
        }
    }
}
