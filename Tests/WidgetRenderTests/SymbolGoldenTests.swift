import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// Contact sheets of the 400 symbols widget code uses most (`scripts/sf-symbols/ranked.txt`, in
/// its order, row by row), in each rendering mode, compared with golden images in
/// `Tests/Fixtures/Golden/Symbols/` (GoldenFolder); and a sheet of the variants, weights,
/// scales and variable values.
@Suite("Symbol golden images")
struct SymbolGoldenTests {
    static let folder = GoldenFolder("Symbols")
    static let columns = 25
    static let perPage = 200

    /// One page of the ranked names, as extra-large widgets hold 25 a row.
    static func sheet(_ names: ArraySlice<String>, modifiers: [ViewModifierNode]) -> ViewNode {
        let rows = stride(from: names.startIndex, to: names.endIndex, by: columns).map { start in
            let cells = names[start..<min(start + columns, names.endIndex)].map { name in
                ViewNode(.image(.system(name)), modifiers: [.frame(FrameSpec(width: 26, height: 26))])
            }
            return ViewNode(.gridRow(alignment: nil, cells: cells))
        }
        return ViewNode(.grid(alignment: .center, horizontalSpacing: 0, verticalSpacing: 10, rows: rows),
                        modifiers: [.font(.system(size: 19, weight: nil, design: nil))] + modifiers)
    }

    static let modes: [(String, [ViewModifierNode])] = [
        ("monochrome", [.foregroundStyle(.color(.named(.indigo, opacity: 1)))]),
        ("hierarchical", [.symbolRenderingMode(.hierarchical), .foregroundStyle(.color(.named(.indigo, opacity: 1)))]),
        ("palette", [.symbolRenderingMode(.palette), .foregroundStyle(.color(.named(.indigo, opacity: 1))),
                     .secondaryForegroundStyles(secondary: .color(.named(.orange, opacity: 1)), tertiary: nil)]),
        ("multicolor", [.symbolRenderingMode(.multicolor)]),
    ]

    @Test("the 400 ranked names in every rendering mode", arguments: [0, 1])
    func rankedSheets(page: Int) throws {
        let names = SymbolTests.rankedNames
        try #require(names.count == 400)
        let slice = names[page * Self.perPage..<min((page + 1) * Self.perPage, names.count)]
        for (mode, modifiers) in Self.modes {
            try Self.folder.check("ranked-\(page + 1)-\(mode)", root: Self.sheet(slice, modifiers: modifiers), family: .systemExtraLarge)
        }
    }

    /// Rows: a symbol in each weight; the scales; symbolVariant; variable values of wifi,
    /// speaker and signal bars; a slash made and one Phosphor draws; palette with three styles.
    @Test("variants, weights, scales and variable values")
    func variants() throws {
        func symbol(_ name: String, _ modifiers: [ViewModifierNode] = []) -> ViewNode {
            ViewNode(.image(.system(name)), modifiers: modifiers)
        }
        func row(_ cells: [ViewNode]) -> ViewNode {
            ViewNode(.hStack(alignment: .center, spacing: 14, children: cells))
        }
        let weights: [FontWeightName] = [.ultraLight, .light, .regular, .semibold, .black]
        let weightRow = row(weights.map { symbol("gearshape", [.fontWeight($0)]) } + weights.map { symbol("heart", [.fontWeight($0)]) })
        let scaleRow = row([ImageScaleName.small, .medium, .large].flatMap { scale in
            [symbol("bell", [.imageScale(scale)]), symbol("calendar", [.imageScale(scale)])]
        })
        let variantRow = row([
            symbol("heart", [.symbolVariant(.fill)]), symbol("bell", [.symbolVariant(.slash)]),
            symbol("person", [.symbolVariant([.circle, .fill])]), symbol("plus", [.symbolVariant(.square)]),
            symbol("star.fill", [.symbolVariant([])]), symbol("trash.slash"), symbol("wifi.slash"), symbol("bell.badge"),
            symbol("calendar.badge.plus"), symbol("mic.slash.circle.fill"),
        ])
        let values = [0.0, 0.34, 0.67, 1]
        let variableRow = row(["wifi", "speaker.wave.3", "cellularbars"].flatMap { name in
            values.map { symbol(name, [.symbolVariableValue($0)]) }
        })
        let paletteRow = row([
            symbol("checkmark.circle.fill"), symbol("cloud.sun"), symbol("exclamationmark.triangle.fill"), symbol("battery.100"),
        ].map { ViewNode($0.kind, modifiers: [.symbolRenderingMode(.palette)]) })
        let root = ViewNode(.vStack(alignment: .leading, spacing: 12, children: [weightRow, scaleRow, variantRow, variableRow, paletteRow]),
                            modifiers: [
                                .font(.system(size: 24, weight: nil, design: nil)),
                                .foregroundStyle(.color(.named(.blue, opacity: 1))),
                                .secondaryForegroundStyles(secondary: .color(.named(.orange, opacity: 1)), tertiary: .color(.named(.green, opacity: 1))),
                            ])
        try Self.folder.check("variants", root: root, family: .systemExtraLarge)
    }
}
