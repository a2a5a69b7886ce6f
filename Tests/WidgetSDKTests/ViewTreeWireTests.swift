import Foundation
import Testing
import WidgetPayload

// The view tree on the wire (docs/view-tree.md): model → JSON → model, the document's shape, and
// the example trees that sdk/view-tree.schema.json is checked against.

@Suite struct ViewTreeWireTests {
    static let nodeTypes: Set<String> = [
        "empty", "text", "image", "vstack", "hstack", "zstack", "spacer", "divider", "fill", "shape",
        "progress", "gauge", "link", "button", "toggle", "viewThatFits", "grid", "gridRow", "canvas",
    ]
    static let modifierTypes: Set<String> = [
        "font", "fontWeight", "foregroundStyle", "padding", "frame", "fixedSize", "layoutPriority",
        "background", "overlay", "mask", "clipShape", "opacity", "lineLimit", "multilineTextAlignment",
        "minimumScaleFactor", "resizable", "aspectRatio", "containerBackground", "widgetURL", "redacted",
        "privacySensitive", "invalidatableContent", "rotationEffect", "unredacted", "widgetAccentable",
        "offset", "scaleEffect", "shadow", "blur", "tint", "buttonStyle", "truncationMode",
        "italic", "monospacedDigit", "monospaced", "fontWidth", "kerning", "tracking", "baselineOffset",
        "underline", "strikethrough", "textCase",
        "symbolRenderingMode", "symbolVariant", "imageScale", "secondaryForegroundStyles", "symbolVariableValue",
        "fontDesign", "lineSpacing", "imageRenderingMode",
    ]
    static let shapeTypes: Set<String> = ["rectangle", "roundedRectangle", "circle", "ellipse", "capsule", "containerRelative", "path"]

    @Test("The schema's highest version is the one the SDK writes and the host reads")
    func schemaVersionIsCurrent() throws {
        let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("sdk/view-tree.schema.json")
        let schema = try JSONReader().read(Array(try Data(contentsOf: schemaFile)))
        let version = schema["properties"]?["version"]?["maximum"]
        #expect(version == .integer(Int64(ViewTree.currentVersion)), "sdk/view-tree.schema.json's version maximum")
    }

    @Test func everyNodeAndModifierComesBackAsWritten() throws {
        let tree = ViewTreeSamples.everything
        let json = tree.jsonValue
        // The sample must keep covering the page: a type added there and not here fails this.
        #expect(ViewTreeSamples.types(in: json) == Self.nodeTypes.union(Self.modifierTypes).union(Self.shapeTypes))
        #expect(try ViewTree(json: json) == tree)
    }

    @Test func theBytesReadBackAsTheSameValue() throws {
        // Whole numbers are .integer and the rest .number, as JSONReader reads the written text,
        // so the document survives the wire unchanged, not just the tree.
        let json = ViewTreeSamples.everything.jsonValue
        let read = try JSONReader().read(try JSONWriter.bytes(of: json))
        #expect(read == json)
        #expect(try ViewTree(json: read) == ViewTreeSamples.everything)
    }

    @Test func defaultsAreLeftOut() throws {
        let tree = ViewTree(root: ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.text(.verbatim("Hi")), modifiers: [
                .padding(EdgeInsetsSpec(top: 4)),
                .fixedSize(horizontal: true, vertical: true),
                .background(ViewNode(.fill(.color(.named(.red, opacity: 1)))), alignment: .center),
            ]),
            ViewNode(.progress(value: 0.5, total: 1, label: nil)),
            ViewNode(.gauge(GaugeSpec(value: 0.5))),
        ])))
        let expected = try ViewTreeSamples.json(#"""
            {"version": 1, "root": {"type": "vstack", "children": [
                {"type": "text", "text": "Hi", "modifiers": [
                    {"type": "padding", "top": 4},
                    {"type": "fixedSize"},
                    {"type": "background", "content": {"type": "fill", "style": {"color": {"named": "red"}}}}
                ]},
                {"type": "progress", "value": 0.5},
                {"type": "gauge", "value": 0.5}
            ]}}
            """#)
        #expect(tree.jsonValue == expected)
    }

    @Test func membersAwayFromTheirDefaultAreWritten() throws {
        let node = ViewNode(.empty, modifiers: [
            .frame(FrameSpec(width: 10, maxHeight: .infinity, alignment: .top)),
            .fixedSize(horizontal: false, vertical: true),
            .lineLimit(nil),
            .font(.system(size: 12.5, weight: nil, design: .monospaced)),
        ])
        let expected = try ViewTreeSamples.json(#"""
            {"version": 1, "contentMarginsDisabled": true, "root": {"type": "empty", "modifiers": [
                {"type": "frame", "width": 10, "maxHeight": "infinity", "alignment": "top"},
                {"type": "fixedSize", "horizontal": false},
                {"type": "lineLimit", "lines": null},
                {"type": "font", "font": {"size": 12.5, "design": "monospaced"}}
            ]}}
            """#)
        #expect(ViewTree(root: node, contentMarginsDisabled: true).jsonValue == expected)
    }

    @Test func aMemberSpelledWithItsDefaultReadsAsLeftOut() throws {
        let spelled = try ViewTreeSamples.json(#"""
            {"version": 1, "contentMarginsDisabled": false, "root": {"type": "zstack", "alignment": "center", "children": [],
             "modifiers": [{"type": "padding", "top": 0, "leading": 0.0}, {"type": "fixedSize", "horizontal": true, "vertical": true}]}}
            """#)
        let tree = ViewTree(root: ViewNode(.zStack(alignment: .center, children: []), modifiers: [
            .padding(EdgeInsetsSpec()), .fixedSize(horizontal: true, vertical: true),
        ]))
        #expect(try ViewTree(json: spelled) == tree)
    }

    @Test func unknownMembersAreIgnored() throws {
        let json = try ViewTreeSamples.json(#"""
            {"version": 1, "extra": [1], "root": {"type": "text", "text": "Hi", "colour": "red",
             "modifiers": [{"type": "opacity", "value": 0.5, "animated": true}]}}
            """#)
        #expect(try ViewTree(json: json) == ViewTree(root: ViewNode(.text(.verbatim("Hi")), modifiers: [.opacity(0.5)])))
    }

    @Test func wholeNumbersWrittenWithAFractionStillReadAsIntegers() throws {
        let json = try ViewTreeSamples.json(#"{"version": 1.0, "root": {"type": "empty", "modifiers": [{"type": "lineLimit", "lines": 3.0}]}}"#)
        #expect(try ViewTree(json: json) == ViewTree(root: ViewNode(.empty, modifiers: [.lineLimit(3)])))
    }

    @Test func theExampleTreesDecode() throws {
        let fixtures = try ViewTreeSamples.fixtures()
        #expect(fixtures.map(\.name) == ["catalog-colors.json", "color-gradient.json", "controls.json", "dark-variant.json", "every-modifier.json", "gauge-ring.json", "paths-canvas.json", "rendering-modes.json", "stack-image-gauge.json", "text-card.json", "text-runs.json"])
        for fixture in fixtures {
            let tree = try ViewTree(json: fixture.json)
            // Decoding then encoding loses nothing a second decode would see.
            #expect(try ViewTree(json: tree.jsonValue) == tree, "\(fixture.name)")
        }
        let everyModifier = try #require(fixtures.first { $0.name == "every-modifier.json" })
        #expect(Self.modifierTypes.isSubset(of: ViewTreeSamples.types(in: everyModifier.json)))
    }

    @Test func theExampleTreesMeanWhatTheySay() throws {
        let fixtures = Dictionary(uniqueKeysWithValues: try ViewTreeSamples.fixtures().map { ($0.name, $0.json) })
        let dark = try ViewTree(json: try #require(fixtures["dark-variant.json"]))
        #expect(dark.contentMarginsDisabled)
        #expect(dark.root(for: .light) != dark.root(for: .dark))
        guard case .zStack(_, let children) = dark.root.kind else { Issue.record("root is \(dark.root.kind)"); return }
        #expect(children.first?.kind == .image(.appGroup(group: "group.com.example.counter", path: "background.png")))

        let card = try ViewTree(json: try #require(fixtures["text-card.json"]))
        guard case .vStack(.leading, 4, let rows) = card.root.kind else { Issue.record("root is \(card.root.kind)"); return }
        #expect(rows.map(\.kind).last == .text(.date(1_767_225_600, style: .relative)))
        #expect(card.root.modifiers.first == .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))

        let controls = try ViewTree(json: try #require(fixtures["controls.json"]))
        #expect(controls.version == 2)
        guard case .vStack(_, 6, let views) = controls.root.kind, views.count == 3 else { Issue.record("root is \(controls.root.kind)"); return }
        #expect(views[0].modifiers == [.invalidatableContent])
        #expect(views[1].kind == .button(action: ControlAction(intent: "IncrementCountIntent", parameters: ["amount": .integer(2)]),
                                         label: ViewNode(.image(.system("plus")))))
        #expect(views[2].kind == .toggle(isOn: true, action: ControlAction(intent: "SetLightIntent", parameters: ["room": .string("kitchen"), "value": .bool(false)]),
                                         label: ViewNode(.text(.verbatim("Kitchen light")))))

        let modes = try ViewTree(json: try #require(fixtures["rendering-modes.json"]))
        #expect(modes.version == 4)
        #expect(modes.root(for: .light, mode: .fullColor) == modes.root)
        #expect(modes.root(for: .light, mode: .accented) == modes.accented)
        #expect(modes.root(for: .dark, mode: .vibrant).modifiers == [.redacted(.privacy)])
    }

    @Test func aTreeIsWrittenAsTheLowestVersionThatHoldsIt() throws {
        let plain = ViewTree(root: ViewNode(.text(.verbatim("Hi"))))
        #expect(plain.jsonValue["version"] == .integer(1))
        let dimmed = ViewTree(root: ViewNode(.text(.verbatim("Hi")), modifiers: [.invalidatableContent]))
        #expect(dimmed.jsonValue["version"] == .integer(2))
        // A control deep inside a background still needs version 2.
        let button = ViewNode(.button(action: ControlAction(intent: "Go"), label: ViewNode(.empty)))
        let nested = ViewTree(root: ViewNode(.empty, modifiers: [.background(ViewNode(.vStack(alignment: .center, spacing: nil, children: [button])), alignment: .center)]))
        #expect(nested.jsonValue["version"] == .integer(2))
        // A catalog colour needs version 3 (the extension's asset catalog).
        let catalog = ViewTree(root: ViewNode(.fill(.color(.catalog("WidgetBackground", opacity: 1)))))
        #expect(catalog.jsonValue["version"] == .integer(3))
        // `Color.gradient` needs version 6, where the host shades the colour it resolves.
        let gradient = ViewTree(root: ViewNode(.fill(.colorGradient(.named(.teal, opacity: 1)))))
        #expect(gradient.jsonValue["version"] == .integer(6))
        #expect(gradient.jsonValue["root"]?["style"] == .object(["colorGradient": .object(["named": .string("teal")])]))
        // A host reads every version up to its own; one newer is refused with both versions named.
        var future = try ViewTreeSamples.json(#"{"version": \#(ViewTree.currentVersion + 1), "root": {"type": "empty"}}"#)
        #expect(throws: ViewTreeError.self) { try ViewTree(json: future) }
        future = try ViewTreeSamples.json(#"{"version": 2, "root": {"type": "button", "intent": "Go", "label": {"type": "empty"}}}"#)
        #expect(try ViewTree(json: future).root.kind == .button(action: ControlAction(intent: "Go"), label: ViewNode(.empty)))
    }

    @Test func aControlWithoutItsIntentIsRefusedAtItsPath() throws {
        let json = try ViewTreeSamples.json(#"{"version": 2, "root": {"type": "vstack", "children": [{"type": "button", "label": {"type": "empty"}}]}}"#)
        #expect(throws: ViewTreeError.self) { try ViewTree(json: json) }
        do {
            _ = try ViewTree(json: json)
        } catch {
            #expect("\(error)".contains("intent"), "\(error)")
            #expect("\(error)".contains("children"), "\(error)")
        }
    }
}
