import CPangoCairo
import Foundation

/// One symbol: its name and how to draw it in the unit square.
struct SymbolShape: Sendable {
    let name: String
    let draw: @Sendable (SymbolPen) -> Void
}

/// The symbols' outlines. Coordinates are in the unit square, y down; filled symbols
/// (`.fill`) are solid, the others are stroked at SF Symbols' regular weight.
enum SymbolShapes {
    static let byName: [String: SymbolShape] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    static let all: [SymbolShape] = [
        SymbolShape(name: "star.fill") { pen in
            pen.polygon((0..<10).map { index in
                let radius = index.isMultiple(of: 2) ? 0.48 : 0.2
                let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
                return (0.5 + radius * cos(angle), 0.54 + radius * sin(angle))
            })
            pen.fill()
        },
        SymbolShape(name: "heart.fill") { pen in
            let c = pen.cairo
            cairo_move_to(c, 0.5, 0.88)
            cairo_curve_to(c, 0.2, 0.66, 0.06, 0.5, 0.06, 0.33)
            cairo_curve_to(c, 0.06, 0.19, 0.17, 0.1, 0.29, 0.1)
            cairo_curve_to(c, 0.39, 0.1, 0.46, 0.16, 0.5, 0.25)
            cairo_curve_to(c, 0.54, 0.16, 0.61, 0.1, 0.71, 0.1)
            cairo_curve_to(c, 0.83, 0.1, 0.94, 0.19, 0.94, 0.33)
            cairo_curve_to(c, 0.94, 0.5, 0.8, 0.66, 0.5, 0.88)
            cairo_close_path(c)
            pen.fill()
        },
        SymbolShape(name: "plus") { pen in
            pen.polyline([(0.5, 0.14), (0.5, 0.86)])
            pen.polyline([(0.14, 0.5), (0.86, 0.5)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "minus") { pen in
            pen.polyline([(0.14, 0.5), (0.86, 0.5)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "checkmark") { pen in
            pen.polyline([(0.16, 0.54), (0.4, 0.78), (0.86, 0.22)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "xmark") { pen in
            pen.polyline([(0.2, 0.2), (0.8, 0.8)])
            pen.polyline([(0.8, 0.2), (0.2, 0.8)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "circle.fill") { pen in
            pen.circle(0.5, 0.5, 0.45)
            pen.fill()
        },
        SymbolShape(name: "sun.max.fill") { pen in
            pen.circle(0.5, 0.5, 0.21)
            pen.fill()
            for index in 0..<8 {
                let angle = Double(index) * Double.pi / 4
                pen.polyline([(0.5 + 0.31 * cos(angle), 0.5 + 0.31 * sin(angle)), (0.5 + 0.45 * cos(angle), 0.5 + 0.45 * sin(angle))])
            }
            pen.stroke(0.08)
        },
        SymbolShape(name: "moon.fill") { pen in
            pen.crescent(0.46, 0.54, 0.38, minus: 0.7, 0.34, 0.3)
            pen.fill()
        },
        SymbolShape(name: "cloud.fill") { pen in
            cloud(pen, dy: 0)
        },
        SymbolShape(name: "cloud.rain.fill") { pen in
            cloud(pen, dy: -0.14)
            for x in [0.34, 0.52, 0.7] { pen.polyline([(x, 0.74), (x - 0.05, 0.88)]) }
            pen.stroke(0.07)
        },
        SymbolShape(name: "wind") { pen in
            let c = pen.cairo
            cairo_move_to(c, 0.08, 0.38)
            cairo_line_to(c, 0.62, 0.38)
            cairo_arc_negative(c, 0.62, 0.27, 0.11, Double.pi / 2, -Double.pi)
            cairo_new_sub_path(c)
            cairo_move_to(c, 0.08, 0.55)
            cairo_line_to(c, 0.8, 0.55)
            cairo_arc_negative(c, 0.8, 0.44, 0.11, Double.pi / 2, -Double.pi)
            cairo_new_sub_path(c)
            cairo_move_to(c, 0.08, 0.72)
            cairo_line_to(c, 0.54, 0.72)
            cairo_arc(c, 0.54, 0.83, 0.11, -Double.pi / 2, Double.pi)
            pen.stroke(0.08)
        },
        SymbolShape(name: "drop.fill") { pen in
            let c = pen.cairo
            cairo_move_to(c, 0.5, 0.06)
            cairo_curve_to(c, 0.5, 0.06, 0.2, 0.44, 0.2, 0.62)
            cairo_arc_negative(c, 0.5, 0.62, 0.3, Double.pi, 0)
            cairo_curve_to(c, 0.8, 0.44, 0.5, 0.06, 0.5, 0.06)
            cairo_close_path(c)
            pen.fill()
        },
        SymbolShape(name: "water.waves") { pen in
            for y in [0.3, 0.5, 0.7] { pen.wave(0.08, 0.92, y: y, amplitude: 0.06, periods: 2) }
            pen.stroke(0.07)
        },
        SymbolShape(name: "thermometer") { pen in
            pen.rect(0.4, 0.06, 0.2, 0.62, radius: 0.1)
            pen.stroke(0.07)
            pen.circle(0.5, 0.76, 0.16)
            pen.fill()
            pen.polyline([(0.5, 0.4), (0.5, 0.7)])
            pen.stroke(0.08)
        },
        SymbolShape(name: "clock") { pen in
            pen.circle(0.5, 0.5, 0.42)
            pen.stroke(0.08)
            pen.polyline([(0.5, 0.24), (0.5, 0.5), (0.67, 0.6)])
            pen.stroke(0.08)
        },
        SymbolShape(name: "calendar") { pen in
            let c = pen.cairo
            pen.rect(0.1, 0.16, 0.8, 0.74, radius: 0.1)
            cairo_save(c)
            cairo_clip_preserve(c)
            cairo_new_path(c)
            cairo_rectangle(c, 0.1, 0.16, 0.8, 0.18)
            pen.fill()
            cairo_restore(c)
            pen.rect(0.1, 0.16, 0.8, 0.74, radius: 0.1)
            pen.stroke(0.07)
            for row in [0.48, 0.66] {
                for column in [0.25, 0.45, 0.65] { pen.rect(column, row, 0.1, 0.1, radius: 0.02) }
            }
            pen.fill()
            pen.polyline([(0.32, 0.06), (0.32, 0.22)])
            pen.polyline([(0.68, 0.06), (0.68, 0.22)])
            pen.stroke(0.07)
        },
        SymbolShape(name: "film") { pen in
            pen.rect(0.14, 0.08, 0.72, 0.84, radius: 0.06)
            pen.rect(0.31, 0.14, 0.38, 0.72, radius: 0.02)
            for index in 0..<5 {
                let y = 0.15 + Double(index) * 0.15
                pen.rect(0.18, y, 0.08, 0.08, radius: 0.015)
                pen.rect(0.74, y, 0.08, 0.08, radius: 0.015)
            }
            pen.fillWithHoles()
        },
        SymbolShape(name: "bolt.fill") { pen in
            pen.polygon([(0.6, 0.04), (0.2, 0.56), (0.46, 0.56), (0.4, 0.96), (0.8, 0.42), (0.54, 0.42)])
            pen.fill()
        },
        SymbolShape(name: "location.fill") { pen in
            pen.polygon([(0.88, 0.12), (0.1, 0.48), (0.47, 0.53), (0.52, 0.9)])
            pen.fill()
        },
        SymbolShape(name: "flag.fill") { pen in
            let c = pen.cairo
            pen.polyline([(0.2, 0.08), (0.2, 0.94)])
            pen.stroke(0.08)
            cairo_move_to(c, 0.2, 0.12)
            cairo_curve_to(c, 0.4, 0.04, 0.6, 0.2, 0.84, 0.12)
            cairo_line_to(c, 0.84, 0.56)
            cairo_curve_to(c, 0.6, 0.64, 0.4, 0.48, 0.2, 0.56)
            cairo_close_path(c)
            pen.fill()
        },
        SymbolShape(name: "fish") { pen in
            pen.ellipse(0.44, 0.5, 0.32, 0.2)
            pen.polygon([(0.75, 0.5), (0.94, 0.32), (0.94, 0.68)])
            pen.stroke(0.07)
            pen.circle(0.26, 0.46, 0.045)
            pen.fill()
        },
        SymbolShape(name: "arrow.up") { pen in
            pen.polyline([(0.5, 0.88), (0.5, 0.14)])
            pen.polyline([(0.2, 0.42), (0.5, 0.12), (0.8, 0.42)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "arrow.down") { pen in
            pen.polyline([(0.5, 0.12), (0.5, 0.86)])
            pen.polyline([(0.2, 0.58), (0.5, 0.88), (0.8, 0.58)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "arrow.clockwise") { pen in
            // A circle open at its upper right, drawn clockwise, the head at its end (the top)
            // pointing on round: a refresh.
            let c = pen.cairo
            let (x, y, r) = (0.5, 0.55, 0.33)
            let end = 280.0 * .pi / 180
            cairo_new_sub_path(c)
            cairo_arc(c, x, y, r, -40.0 * .pi / 180, end)
            pen.stroke(0.1)
            let (tipX, tipY) = (x + r * cos(end), y + r * sin(end))
            pen.polyline([(tipX - 0.13, tipY - 0.13), (tipX + 0.01, tipY), (tipX - 0.13, tipY + 0.13)])
            pen.stroke(0.1)
        },
        SymbolShape(name: "bell.fill") { pen in
            let c = pen.cairo
            cairo_move_to(c, 0.12, 0.76)
            cairo_curve_to(c, 0.2, 0.66, 0.22, 0.6, 0.22, 0.46)
            cairo_curve_to(c, 0.22, 0.26, 0.34, 0.16, 0.5, 0.16)
            cairo_curve_to(c, 0.66, 0.16, 0.78, 0.26, 0.78, 0.46)
            cairo_curve_to(c, 0.78, 0.6, 0.8, 0.66, 0.88, 0.76)
            cairo_close_path(c)
            pen.circle(0.5, 0.12, 0.05)
            pen.circle(0.5, 0.84, 0.09)
            pen.fill()
        },
    ]

    /// What an unknown name draws: a rounded box with a question mark.
    static let unknown = SymbolShape(name: "?") { pen in
        let c = pen.cairo
        pen.rect(0.14, 0.14, 0.72, 0.72, radius: 0.12)
        pen.stroke(0.07)
        cairo_new_sub_path(c)
        cairo_arc(c, 0.5, 0.4, 0.12, Double.pi, 2.5 * Double.pi)
        cairo_line_to(c, 0.5, 0.6)
        pen.stroke(0.07)
        pen.circle(0.5, 0.71, 0.045)
        pen.fill()
    }

    /// A cloud of three puffs on a flat base, moved up by `dy` to make room for rain.
    private static func cloud(_ pen: SymbolPen, dy: Double) {
        pen.circle(0.32, 0.6 + dy, 0.18)
        pen.circle(0.54, 0.46 + dy, 0.24)
        pen.circle(0.74, 0.6 + dy, 0.16)
        pen.rect(0.14, 0.56 + dy, 0.76, 0.22, radius: 0.11)
        pen.fill()
    }
}
