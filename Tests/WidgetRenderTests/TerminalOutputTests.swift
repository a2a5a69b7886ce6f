import Testing
import WidgetPayload
import WidgetRender

@Suite("Drawing a widget in the terminal")
struct TerminalOutputTests {
    let medium = DisplayList(size: Size(width: 364, height: 170), commands: [
        .fill(.rectangle, Rect(x: 0, y: 0, width: 364, height: 170), .color(PaintFixture.red)),
    ])

    @Test("half blocks in truecolor, one row for two pixels, about 4 points a column")
    func halfBlocks() {
        let out = terminalText(medium)
        #expect(out.contains("\u{1B}[38;2;255;0;0m"))
        #expect(out.contains("\u{1B}[48;2;255;0;0m"))
        #expect(out.contains("▀"))
        let rows = out.split(separator: "\n")
        // 91 columns: 0.25 pixel per point, 43 pixels high, 22 rows.
        #expect(rows.count == 22)
        #expect(rows.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }

    @Test("the caller chooses the width in columns")
    func columns() {
        let out = terminalText(medium, columns: 40)
        let rows = out.split(separator: "\n")
        #expect(rows.count == 10)
        #expect(rows[0].filter { $0 == "▀" }.count == 40)
    }

    @Test("transparent pixels show the terminal's background")
    func transparent() {
        let list = DisplayList(size: Size(width: 8, height: 8), commands: [
            .fill(.rectangle, Rect(x: 0, y: 4, width: 8, height: 4), .color(PaintFixture.blue)),
        ])
        let rows = terminalText(list, columns: 8).split(separator: "\n")
        #expect(rows.count == 4)
        #expect(!rows[0].contains("38;2"), "the top half is empty")
        #expect(rows[3].contains("\u{1B}[38;2;0;0;255m"))
    }

    @Test("plain text lists the texts in reading order in a box")
    func plain() {
        let list = DisplayList(size: Size(width: 200, height: 100), commands: [
            .text("Wind 3 m/s", PaintFixture.body, frame: Rect(x: 100, y: 60, width: 80, height: 20), paint: .color(PaintFixture.red)),
            .text("🟢 Go fish", PaintFixture.body, frame: Rect(x: 10, y: 10, width: 80, height: 20), paint: .color(PaintFixture.red)),
            .text("Waves", PaintFixture.body, frame: Rect(x: 10, y: 62, width: 80, height: 20), paint: .color(PaintFixture.red)),
        ])
        let lines = plainText(list).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("┌") && lines[4].hasPrefix("└"))
        #expect(lines[1].contains("🟢 Go fish"))
        #expect(lines[2].contains("Waves"))
        #expect(lines[3].contains("Wind 3 m/s"))
        // Every row of the box is as wide on screen (the emoji takes two columns).
        #expect(lines[1].count + 1 == lines[2].count)
    }

    @Test("truecolor is read from the environment")
    func detection() {
        #expect(terminalSupportsTruecolor(environment: ["COLORTERM": "truecolor"]))
        #expect(terminalSupportsTruecolor(environment: ["COLORTERM": "24bit", "TERM": "xterm"]))
        #expect(!terminalSupportsTruecolor(environment: ["TERM": "xterm-256color"]))
        #expect(!terminalSupportsTruecolor(environment: [:]))
    }
}
