import SwiftUI
import Testing
import WidgetPayload

// `truncationMode(_:)` as a widget writes it under SwiftUI's names, evaluated into the tree, and
// its wire form (tree version 4).

@Suite struct TruncationModeTests {
    @Test func theModifierIsSwiftUIsAndLandsOnTheView() {
        let mode: Text.TruncationMode = .middle
        let tree = evaluate {
            VStack {
                Text("/Users/me/Documents/report.pdf").lineLimit(1).truncationMode(mode)
                Text("Head").truncationMode(.head)
            }.truncationMode(.tail)
        }
        #expect(tree.root.modifiers == [.truncationMode(.tail)])
        #expect(tree.root.kind.children.map(\.modifiers) == [[.lineLimit(1), .truncationMode(.middle)], [.truncationMode(.head)]])
        #expect(tree.features == [.truncationMode])
        #expect(tree.lowestVersion == 4)
        #expect(Text.TruncationMode.allCases == [.head, .middle, .tail])
    }

    @Test func theWireSpellsTheModeByName() throws {
        for mode in TruncationModeName.allCases {
            let tree = ViewTree(root: ViewNode(.text(.verbatim("a")), modifiers: [.truncationMode(mode)]))
            #expect(tree.version == 4)
            let json = tree.jsonValue
            guard case .object(let document) = json, case .object(let root)? = document["root"],
                  case .array(let modifiers)? = root["modifiers"] else {
                Issue.record("no modifiers in \(json)")
                continue
            }
            #expect(modifiers == [.object(["type": .string("truncationMode"), "mode": .string(mode.rawValue)])])
            #expect(try ViewTree(json: json) == tree)
        }
        let written = try ViewTreeSamples.json(#"{"version": 4, "root": {"type": "text", "text": "a", "modifiers": [{"type": "truncationMode", "mode": "head"}]}}"#)
        #expect(try ViewTree(json: written).root.modifiers == [.truncationMode(.head)])
    }

    @Test func aMissingOrUnknownModeIsRefusedAtItsPath() throws {
        func refusal(_ document: String) throws -> ViewTreeError? {
            let json = try ViewTreeSamples.json(document)
            do { _ = try ViewTree(json: json); return nil } catch { return error }
        }
        let missing = try refusal(#"{"version": 4, "root": {"type": "text", "text": "a", "modifiers": [{"type": "truncationMode"}]}}"#)
        #expect(missing == ViewTreeError(path: "view.root.modifiers.0", problem: .missingMember("mode")))
        let unknown = try refusal(#"{"version": 4, "root": {"type": "text", "text": "a", "modifiers": [{"type": "truncationMode", "mode": "start"}]}}"#)
        #expect(unknown == ViewTreeError(path: "view.root.modifiers.0.mode", problem: .unknownValue("start", allowed: ["head", "middle", "tail"])))
    }
}
