import SwiftUI
import Testing
import WidgetPayload

// The symbol modifiers as a widget writes them under SwiftUI's names (`symbolRenderingMode`,
// `symbolVariant`, `imageScale`, `foregroundStyle(_:_:)`, `Image(systemName:variableValue:)`),
// evaluated into the tree, and their wire form (tree version 7).

@Suite struct SymbolModifierTests {
    @Test func theModifiersAreSwiftUIsAndLandOnTheViews() {
        let tree = evaluate {
            HStack {
                Image(systemName: "wifi", variableValue: 0.5)
                Image(systemName: "speaker.wave.3", variableValue: 1.7).resizable()
                Image(systemName: "bell").symbolVariant(.slash.circle.fill)
            }
            .symbolRenderingMode(.palette)
            .foregroundStyle(.blue, .orange)
            .imageScale(.large)
        }
        #expect(tree.root.modifiers == [
            .symbolRenderingMode(.palette),
            .foregroundStyle(.color(.named(.blue, opacity: 1))),
            .secondaryForegroundStyles(secondary: .color(.named(.orange, opacity: 1)), tertiary: nil),
            .imageScale(.large),
        ])
        #expect(tree.root.kind.children.map(\.modifiers) == [
            [.symbolVariableValue(0.5)], [.resizable, .symbolVariableValue(1)], [.symbolVariant([.slash, .circle, .fill])],
        ])
        #expect(tree.features == [.symbolStyles])
        #expect(tree.lowestVersion == 7)
    }

    @Test func noVariableValueAndNoneWriteWhatSwiftUIMeans() {
        let tree = evaluate {
            VStack {
                Image(systemName: "wifi", variableValue: nil)
                Image(systemName: "star.fill").symbolVariant(.none).symbolRenderingMode(nil)
                Image(systemName: "leaf").foregroundStyle(.green, .mint, .teal)
            }
        }
        #expect(tree.root.kind.children.map(\.modifiers) == [
            [],
            [.symbolVariant([]), .symbolRenderingMode(nil)],
            [.foregroundStyle(.color(.named(.green, opacity: 1))),
             .secondaryForegroundStyles(secondary: .color(.named(.mint, opacity: 1)), tertiary: .color(.named(.teal, opacity: 1)))],
        ])
        let chained = evaluate { Image(systemName: "sun.max.fill").symbolRenderingMode(.multicolor).resizable() }
        #expect(chained.root.modifiers == [.resizable, .symbolRenderingMode(.multicolor)])
        #expect(SymbolVariants.circle.fill.contains(.fill))
        #expect(!SymbolVariants.none.contains(.fill))
    }

    @Test func variantsNameTheSymbolAsSwiftUIDoes() {
        #expect(SymbolVariantNames.fill.applied(to: "heart") == "heart.fill")
        #expect(SymbolVariantNames.fill.applied(to: "heart.fill") == "heart.fill")
        #expect(SymbolVariantNames([.circle, .fill]).applied(to: "person") == "person.circle.fill")
        #expect(SymbolVariantNames([.slash, .circle, .fill]).applied(to: "mic") == "mic.slash.circle.fill")
        #expect(SymbolVariantNames([]).applied(to: "star.fill") == "star")
        #expect(SymbolVariantNames.fill.applied(to: "square.and.arrow.up") == "square.and.arrow.up.fill")
        #expect(SymbolVariantNames.fill.applied(to: "circle") == "circle.fill")
    }

    @Test func theWireSpellsEachModifier() throws {
        let written = try ViewTreeSamples.json(#"""
            {"version": 7, "root": {"type": "image", "system": "wifi", "modifiers": [
                {"type": "symbolVariableValue", "value": 0.25},
                {"type": "symbolRenderingMode", "mode": null},
                {"type": "symbolVariant", "variants": ["fill", "circle"]},
                {"type": "imageScale", "scale": "small"},
                {"type": "secondaryForegroundStyles", "secondary": {"color": {"named": "red"}}}
            ]}}
            """#)
        let tree = try ViewTree(json: written)
        #expect(tree.root.modifiers == [
            .symbolVariableValue(0.25), .symbolRenderingMode(nil), .symbolVariant([.circle, .fill]), .imageScale(.small),
            .secondaryForegroundStyles(secondary: .color(.named(.red, opacity: 1)), tertiary: nil),
        ])
        #expect(try ViewTree(json: tree.jsonValue) == tree)
        let unknown = try ViewTreeSamples.json(#"{"version": 7, "root": {"type": "empty", "modifiers": [{"type": "symbolVariant", "variants": ["filled"]}]}}"#)
        #expect(throws: ViewTreeError.self) { try ViewTree(json: unknown) }
        let outOfRange = try ViewTreeSamples.json(#"{"version": 7, "root": {"type": "empty", "modifiers": [{"type": "symbolVariableValue", "value": 2}]}}"#)
        #expect(throws: ViewTreeError.self) { try ViewTree(json: outOfRange) }
    }

    @Test("Image.renderingMode(_:): a bundle's image as a template is written for the host; a symbol as original is multicolor")
    func imageRenderingMode() {
        let tree = evaluate {
            VStack {
                Image("glyph").renderingMode(.template).resizable()
                Image("photo").renderingMode(.original)
                Image(systemName: "cloud.sun.fill").renderingMode(.original)
                Image(systemName: "star").renderingMode(.template)
            }
        }
        #expect(tree.root.kind.children.map(\.modifiers) == [
            [.resizable, .imageRenderingMode(.template)], [.imageRenderingMode(.original)], [.symbolRenderingMode(.multicolor)], [],
        ])
        #expect(tree.features == [.imageRenderingMode, .symbolStyles])
        #expect(tree.lowestVersion == 9)
    }
}
