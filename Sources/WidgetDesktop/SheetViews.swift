import WidgetHome
import WidgetPayload

/// The sheets as view trees, the payload widgets send (docs/view-tree.md), so WidgetRender lays
/// them out and draws them as it draws any widget, light and dark from the same tree (named
/// colours resolve per appearance), looking as `/home`'s sheets do. Every target is a `link`
/// whose URL is `SheetTarget.url`: the laid-out links are where a click lands.
enum SheetViews {
    /// The tree for `sheet`. `typing`: whether key presses reach the home screen; a focused field
    /// says "click here to type" when they do not. `summaryLines`: Edit Widget's summary sentence broken into lines,
    /// each the indices of its `summaryTokens` (`SheetRenderer` measures them); nil, one line.
    static func tree(for sheet: HomeSheet, typing: Bool = true, summaryLines: [[Int]]? = nil) -> JSONValue {
        let root: J =
            switch sheet {
            case .gallery(let gallery): galleryView(gallery, typing: typing)
            case .configure(let configure): configureView(configure, typing: typing, summaryLines: summaryLines)
            case .confirmRemove(let alert): alertView(alert)
            }
        return J.object(["version": 4, "root": root, "contentMarginsDisabled": true]).value
    }

    /// The size a family's preview is drawn at in the gallery: the widget scaled to fit
    /// `GallerySheet.previewHeight` (and 200 points across).
    static func previewSize(_ family: WidgetFamily) -> Size {
        let size = family.defaultDisplaySize
        let scale = min(GallerySheet.previewHeight / size.height, 200 / size.width, 1)
        return Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    static let familyNames: [WidgetFamily: String] = [
        .systemSmall: "Small", .systemMedium: "Medium", .systemLarge: "Large", .systemExtraLarge: "Extra Large",
        .accessoryCircular: "Circular", .accessoryRectangular: "Rectangular", .accessoryInline: "Inline",
    ]

    // MARK: The gallery

    /// A text field's text: with the focus, followed by the caret where key presses reach the
    /// home screen, or by a hint to click the field where they do not (Sway 1.7 gives a layer
    /// surface the keyboard only for a click on it: docs/desktop.md).
    private static func fieldText(_ typed: String, focused: Bool, typing: Bool, color: J? = nil) -> J {
        let shown = text(typed + (focused && typing ? "\u{258F}" : ""), style: "body", color: color)
        guard focused, !typing else { return shown }
        return hstack(spacing: 6, [shown, text("Click here to type", style: "footnote", color: accent)])
    }

    private static func galleryView(_ gallery: GallerySheet, typing: Bool) -> J {
        let query = gallery.model.query
        let search = link(
            .search,
            hstack(
                spacing: 6,
                [
                    image("magnifyingglass", color: named("secondary")),
                    query.isEmpty && gallery.focus != .search
                        ? text("Search Widgets", style: "body", color: named("secondary"))
                        : fieldText(query, focused: gallery.focus == .search, typing: typing),
                    spacer(),
                ]
            ).modified(padding(8, 10), background(roundedRectangle(10, fill: named("fill")))))
        var rows: [J] = gallery.shownResults.map { kindRow($0, removed: gallery.removedKinds.contains($0.kind)) }
        if gallery.model.results.isEmpty {
            rows.append(text("No widgets match \u{201C}\(query)\u{201D}.", style: "callout", color: named("secondary")))
        }
        let hidden = gallery.model.results.count - gallery.firstShown - gallery.shownResults.count
        if hidden > 0 || gallery.firstShown > 0 {
            rows.append(text("\(gallery.firstShown) above, \(hidden) below: scroll, or Tab and the arrows", style: "caption", color: named("secondary")))
        }
        return vstack(
            alignment: "leading", spacing: 12,
            [
                hstack([text("Add Widget", style: "title2", weight: "bold"), spacer(), link(.close, closeButton())]),
                search,
            ] + rows + [spacer()]
        ).modified(padding(20, 20), frameFill(), containerBackground(named("secondaryBackground")))
    }

    /// `removed`: its bundle went while the sheet was open; said in red where its description was.
    private static func kindRow(_ kind: GalleryKind, removed: Bool) -> J {
        let previews = kind.families.map { family in
            let size = previewSize(family)
            return link(
                .family(kind: kind.kind, family: family),
                vstack(
                    spacing: 4,
                    [
                        // Where the preview is drawn, by the widget's own renderer over this
                        // placeholder card (seen while the kind's entry comes).
                        // The accessory families are drawn vibrant (white), as on a Lock Screen: on a dark plate.
                        roundedRectangle(12, fill: family.rawValue.hasPrefix("accessory") ? ["rgba": [0.17, 0.17, 0.2, 1]] : named("fill")).modified(
                            ["type": "frame", "width": .number(size.width), "height": .number(size.height)]),
                        text(familyNames[family] ?? family.rawValue, style: "caption2", color: named("secondary")),
                    ]))
        }
        return vstack(
            alignment: "leading", spacing: 3,
            [
                hstack(spacing: 6, [text(kind.displayName, style: "headline"), text(kind.bundleName, style: "caption", color: named("secondary"))]),
                removed
                    ? text("No longer available: its bundle was removed. Install it again to add it.", style: "footnote", color: named("red"))
                        .modified(["type": "lineLimit", "lines": 1])
                    : text(kind.description, style: "footnote", color: named("secondary")).modified(["type": "lineLimit", "lines": 1]),
                hstack(alignment: "top", spacing: 14, previews + [spacer()]).modified(padding(6, 0)),
            ]
        ).modified(padding(10, 14), ["type": "frame", "maxWidth": "infinity", "alignment": "leading"],
                   background(roundedRectangle(12, fill: named("background"))))
    }

    private static func closeButton() -> J {
        image("xmark", color: named("secondary")).modified(
            ["type": "font", "font": ["size": 13, "weight": "bold"]], ["type": "frame", "width": 30, "height": 30],
            background(node("shape", ["shape": ["type": "circle"], "fill": ["color": named("fill")]])))
    }

    // MARK: Edit Widget

    private static func configureView(_ sheet: ConfigureSheet, typing: Bool, summaryLines: [[Int]]?) -> J {
        var rows: [J] = []
        for (index, parameter) in sheet.visibleParameters.enumerated() {
            if index > 0 { rows.append(node("divider")) }
            rows.append(parameterRow(parameter, in: sheet, typing: typing))
            if let note = sheet.unavailableNote(for: parameter) {
                rows.append(text(note, style: "footnote", color: named("red")).modified(padding(0, 16), ["type": "padding", "bottom": 8]))
            }
            guard sheet.expanded == parameter.name else { continue }
            if parameter.type == .date {
                rows.append(dateSteppers(parameter, in: sheet))
                continue
            }
            if parameter.isSearchable { rows.append(searchField(parameter, in: sheet, typing: typing)) }
            guard let options = sheet.options(for: parameter) else {
                let line =
                    sheet.optionErrors[parameter.name].map {
                        text("The choices could not be loaded: \($0). Press Enter to try again.", style: "callout", color: named("red"))
                    } ?? text("Loading\u{2026}", style: "callout", color: named("secondary"))
                rows.append(line.modified(padding(10, 32)))
                continue
            }
            let chosen: String? = if case .string(let value)? = sheet.configuration[parameter.name] ?? parameter.defaultValue { value } else { nil }
            var choices: [(String?, String)] = options.map { ($0.value, $0.title) }
            if !parameter.isRequired { choices.insert((nil, "None"), at: 0) }
            if options.isEmpty, sheet.searches[parameter.name]?.isEmpty == false {
                rows.append(text("No results", style: "callout", color: named("secondary")).modified(padding(10, 32)))
            }
            for (value, title) in choices {
                rows.append(
                    link(
                        .option(parameter: parameter.name, value: value),
                        hstack([
                            text(title, style: "body"), spacer(),
                            value == chosen ? image("checkmark", color: ["rgba": [0.04, 0.52, 1, 1]]) : node("empty"),
                        ]).modified(padding(10, 16), ["type": "padding", "leading": 16])))
            }
        }
        if sheet.kind.parameters.isEmpty { rows.append(text("This widget has nothing to edit.", style: "body").modified(padding(12, 16))) }
        var body: [J] = [
            hstack([
                link(.close, text("Cancel", style: "body", color: accent)), spacer(),
                text(sheet.kind.displayName, style: "headline"), spacer(),
                link(.save, text("Done", style: "body", weight: "semibold", color: accent)),
            ]),
            sheet.summary.map { summaryView($0, lines: summaryLines) } ?? text(sheet.kind.description, style: "footnote", color: named("secondary")),
        ]
        if !rows.isEmpty { body.append(vstack(spacing: 0, rows).modified(background(roundedRectangle(12, fill: named("background"))))) }
        if let error = sheet.error { body.append(text(error, style: "footnote", color: named("red"))) }
        return vstack(alignment: "leading", spacing: 14, body + [spacer()])
            .modified(padding(20, 20), frameFill(), containerBackground(named("secondaryBackground")))
    }

    private static let accent: J = ["rgba": [0.04, 0.52, 1, 1]]

    /// One piece of the summary sentence as it is broken into lines: a word of its text (with
    /// the spaces after it), or a parameter's value, never broken.
    struct SummaryToken: Hashable {
        let text: String
        /// The parameter whose value this is; nil for the sentence's own words.
        let parameter: String?
        /// An unset value: its parameter's title, dimmed.
        let isUnset: Bool
    }

    static func summaryTokens(_ summary: ResolvedSummary) -> [SummaryToken] {
        summary.sentence.flatMap { part -> [SummaryToken] in
            switch part {
            case .text(let string):
                var words: [String] = [], word = ""
                for character in string {
                    if character != " ", word.last == " " {
                        words.append(word)
                        word = ""
                    }
                    word.append(character)
                }
                if !word.isEmpty { words.append(word) }
                return words.map { SummaryToken(text: $0, parameter: nil, isUnset: false) }
            case .value(let parameter, let title, let display):
                return [SummaryToken(text: display ?? title, parameter: parameter, isUnset: display == nil)]
            }
        }
    }

    /// The tokens side by side, each a link named by its index (`measuredToken(url:)`): laid out
    /// wider than any sheet, the links' frames are the tokens' widths.
    static func measuringTree(_ tokens: [SummaryToken]) -> JSONValue {
        let links: [J] = tokens.indices.map { index in
            node("link", ["url": .string(measuringURL + String(index)), "content": tokenView(tokens[index])])
        }
        let root = hstack(alignment: "firstTextBaseline", spacing: 0, links).modified(["type": "fixedSize"])
        return J.object(["version": 4, "root": root, "contentMarginsDisabled": true]).value
    }

    static func measuredToken(url: String) -> Int? {
        url.hasPrefix(measuringURL) ? Int(url.dropFirst(measuringURL.count)) : nil
    }

    private static let measuringURL = "widgethost-measure:"

    /// iOS's sentence at the top: its text, and each value a target in the accent colour (an
    /// unset one dimmed, named by its parameter's title). Broken into `lines` where given.
    private static func summaryView(_ summary: ResolvedSummary, lines: [[Int]]?) -> J {
        let tokens = summaryTokens(summary)
        let line = { (indices: [Int]) -> J in
            hstack(alignment: "firstTextBaseline", spacing: 0, indices.map { tokens[$0] }.map(tokenView) + [spacer()])
                .modified(["type": "lineLimit", "lines": 1])
        }
        guard let lines, lines.count > 1 else { return line(Array(tokens.indices)).modified(padding(2, 0)) }
        return vstack(alignment: "leading", spacing: 2, lines.map(line)).modified(padding(2, 0))
    }

    private static func tokenView(_ token: SummaryToken) -> J {
        guard let parameter = token.parameter else { return text(token.text, style: "title3") }
        return link(
            .summaryValue(parameter),
            text(token.text, style: "title3", color: accent).modified(["type": "opacity", "value": .number(token.isUnset ? 0.55 : 1)]))
    }

    /// An open date row's steppers, iOS's wheels as buttons: each component back (−) and on (+),
    /// then None for an optional date.
    private static func dateSteppers(_ parameter: ConfigurationParameter, in sheet: ConfigureSheet) -> J {
        let button = { (component: ConfigureSheet.DateComponent, forward: Bool) -> J in
            let target = SheetTarget.dateStep(parameter: parameter.name, component: component, forward: forward)
            return link(
                target,
                image(forward ? "plus" : "minus", color: accent).modified(
                    ["type": "font", "font": ["size": 14, "weight": "bold"]], ["type": "frame", "width": 32, "height": 30],
                    background(roundedRectangle(8, fill: named("fill")))))
        }
        var steppers: [J] = ConfigureSheet.DateComponent.allCases.map { component in
            // At its width, never wrapped: the row's spacer is what gives way.
            hstack(spacing: 6, [button(component, false), text(component.title, style: "callout").modified(["type": "fixedSize"]), button(component, true)])
        }
        if !parameter.isRequired {
            steppers.append(link(.option(parameter: parameter.name, value: nil), text("None", style: "callout", color: accent).modified(padding(6, 8))))
        }
        return hstack(spacing: 16, steppers + [spacer()]).modified(padding(8, 16), ["type": "padding", "leading": 16])
    }

    /// A searchable entity's search field, under its row while its picker is open.
    private static func searchField(_ parameter: ConfigurationParameter, in sheet: ConfigureSheet, typing: Bool) -> J {
        let query = sheet.searches[parameter.name] ?? ""
        let focused = sheet.focus == .entitySearch(parameter.name)
        return link(
            .entitySearch(parameter.name),
            hstack(
                spacing: 6,
                [
                    image("magnifyingglass", color: named("secondary")),
                    query.isEmpty && !focused
                        ? text("Search", style: "body", color: named("secondary"))
                        : fieldText(query, focused: focused, typing: typing),
                    spacer(),
                ]
            ).modified(padding(6, 10), background(roundedRectangle(10, fill: named("fill"))), padding(4, 16), ["type": "padding", "leading": 16]))
    }

    private static func parameterRow(_ parameter: ConfigurationParameter, in sheet: ConfigureSheet, typing: Bool) -> J {
        let value: J
        switch parameter.type {
        case .bool:
            let on = sheet.isOn(parameter)
            value = node("shape", ["shape": ["type": "capsule"], "fill": ["color": on ? named("green") : named("fill")]]).modified(
                ["type": "frame", "width": 51, "height": 31],
                ["type": "overlay", "alignment": on ? "trailing" : "leading",
                 "content": node("shape", ["shape": ["type": "circle"], "fill": ["color": ["rgba": [1, 1, 1, 1]]]]).modified(
                    ["type": "frame", "width": 27, "height": 27], padding(0, 2))])
        case .enum, .entity:
            value = hstack(spacing: 4, [
                text(sheet.valueText(for: parameter), style: "body", color: sheet.isUnavailable(parameter) ? named("red") : named("secondary")),
                image("chevron.up.chevron.down", color: named("secondary")).modified(["type": "font", "font": ["size": 12]]),
            ])
        case .date:
            value = hstack(spacing: 4, [
                text(sheet.valueText(for: parameter), style: "body", color: named("secondary")),
                image("calendar", color: named("secondary")).modified(["type": "font", "font": ["size": 13]]),
            ])
        case .string, .int, .double:
            let typed = sheet.valueText(for: parameter)
            let focused = sheet.focus == .parameter(parameter.name)
            value = typed.isEmpty && !focused
                ? text("Default", style: "body", color: named("secondary"))
                : fieldText(typed, focused: focused, typing: typing, color: named("secondary"))
        }
        return link(
            .parameter(parameter.name),
            hstack([text(parameter.title, style: "body"), spacer(), value]).modified(padding(10, 16), ["type": "frame", "minHeight": 44]))
    }

    // MARK: The remove alert

    private static func alertView(_ alert: RemoveConfirmation) -> J {
        vstack(
            spacing: 0,
            [
                vstack(spacing: 4, [
                    text(alert.title, style: "headline").modified(["type": "multilineTextAlignment", "alignment": "center"]),
                    text(alert.message, style: "footnote").modified(["type": "multilineTextAlignment", "alignment": "center"]),
                ]).modified(padding(18, 16)),
                spacer(),
                node("divider"),
                hstack(spacing: 0, [
                    link(.close, text("Cancel", style: "body", color: ["rgba": [0.04, 0.52, 1, 1]]).modified(["type": "frame", "maxWidth": "infinity", "height": 44])),
                    node("divider"),
                    link(.confirm, text("Remove", style: "body", weight: "semibold", color: named("red")).modified(["type": "frame", "maxWidth": "infinity", "height": 44])),
                ]).modified(["type": "frame", "height": 44]),
            ]
        ).modified(frameFill(), containerBackground(named("secondaryBackground")))
    }

    // MARK: Nodes

    private static func node(_ type: String, _ members: [String: J] = [:]) -> J {
        var object = members
        object["type"] = .string(type)
        return .object(object)
    }

    private static func text(_ string: String, style: String, weight: String? = nil, color: J? = nil) -> J {
        var font: [String: J] = ["textStyle": .string(style)]
        if let weight { font["weight"] = .string(weight) }
        var modifiers: [J] = [["type": "font", "font": .object(font)]]
        if let color { modifiers.append(["type": "foregroundStyle", "style": ["color": color]]) }
        return node("text", ["text": .string(string), "modifiers": .array(modifiers)])
    }

    private static func image(_ symbol: String, color: J) -> J {
        node("image", ["system": .string(symbol), "modifiers": [["type": "foregroundStyle", "style": ["color": color]]]])
    }

    private static func vstack(alignment: String = "center", spacing: Double, _ children: [J]) -> J {
        node("vstack", ["alignment": .string(alignment), "spacing": .number(spacing), "children": .array(children)])
    }

    private static func hstack(alignment: String = "center", spacing: Double? = nil, _ children: [J]) -> J {
        var members: [String: J] = ["alignment": .string(alignment), "children": .array(children)]
        if let spacing { members["spacing"] = .number(spacing) }
        return node("hstack", members)
    }

    private static func spacer() -> J { node("spacer") }

    private static func link(_ target: SheetTarget, _ content: J) -> J {
        node("link", ["url": .string(target.url), "content": content])
    }

    private static func named(_ name: String) -> J { ["named": .string(name)] }

    private static func roundedRectangle(_ radius: Double, fill: J) -> J {
        node("shape", ["shape": ["type": "roundedRectangle", "cornerRadius": .number(radius)], "fill": ["color": fill]])
    }

    private static func padding(_ vertical: Double, _ horizontal: Double) -> J {
        ["type": "padding", "top": .number(vertical), "bottom": .number(vertical), "leading": .number(horizontal), "trailing": .number(horizontal)]
    }

    private static func background(_ content: J) -> J { ["type": "background", "content": content] }

    private static func containerBackground(_ color: J) -> J {
        ["type": "containerBackground", "content": node("fill", ["style": ["color": color]])]
    }

    private static func frameFill() -> J {
        ["type": "frame", "maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"]
    }
}

/// A view tree's JSON written as literals: `["type": "frame", "width": 30]`.
private struct J: ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral
{
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }
    init(dictionaryLiteral elements: (String, J)...) {
        value = .object(Dictionary(elements.map { ($0.0, $0.1.value) }, uniquingKeysWith: { _, last in last }))
    }
    init(stringLiteral text: String) { value = .string(text) }
    init(integerLiteral number: Int) { value = .number(Double(number)) }
    init(floatLiteral number: Double) { value = .number(number) }
    init(arrayLiteral elements: J...) { value = .array(elements.map(\.value)) }
    init(booleanLiteral flag: Bool) { value = .bool(flag) }

    static func string(_ text: String) -> J { J(.string(text)) }
    static func number(_ number: Double) -> J { J(.number(number)) }
    static func array(_ elements: [J]) -> J { J(.array(elements.map(\.value))) }
    static func object(_ members: [String: J]) -> J { J(.object(members.mapValues(\.value))) }

    /// This node with `modifiers` added after its own (outermost last, as the tree orders them).
    func modified(_ modifiers: J...) -> J {
        guard case .object(var object) = value else { return self }
        let existing: [JSONValue] = if case .array(let list)? = object["modifiers"] { list } else { [] }
        object["modifiers"] = .array(existing + modifiers.map(\.value))
        return J(.object(object))
    }
}
