import Testing
import WidgetHome
import WidgetPayload

/// The sheets over edit mode on a 1280 × 720 output: the gallery's focus order, typing and
/// choice; Edit Widget's pickers, switch, typed numbers and Done; the remove alert; and clicks
/// landing on the targets the backend says it drew.
@Suite("Home screen sheets")
struct HomeSheetTests {
    private static let kinds = [
        GalleryKind(kind: "fish", displayName: "FishGo", description: "Fishing spots", families: [.systemSmall, .systemMedium], bundleName: "FishGo",
                    parameters: [
                        ConfigurationParameter(name: "spot", title: "Spot", type: .entity, isRequired: true),
                        ConfigurationParameter(
                            name: "units", title: "Units", type: .enum, defaultValue: .string("metric"),
                            options: [ParameterOption(value: "metric", title: "Metric"), ParameterOption(value: "imperial", title: "Imperial")],
                            isRequired: false),
                        ConfigurationParameter(name: "tides", title: "Show Tides", type: .bool, defaultValue: .bool(false), isRequired: false),
                        ConfigurationParameter(name: "days", title: "Days", type: .int, isRequired: false),
                    ]),
        GalleryKind(kind: "clock", displayName: "Clock", description: "The time", families: [.systemSmall], bundleName: "Clocks"),
    ]

    @Test("The gallery opens with the search focused; Tab walks search, each family by name order, close")
    func galleryFocusOrder() throws {
        var editor = editor()
        editor.presentGallery(kinds: Self.kinds)
        let sheet = try gallery(editor)
        #expect(sheet.focus == .search && sheet.page == 0)
        #expect(
            sheet.focusOrder == [
                .search, .family(kind: "clock", family: .systemSmall), .family(kind: "fish", family: .systemSmall),
                .family(kind: "fish", family: .systemMedium), .close,
            ])
        #expect(editor.key(.tab) == .redraw && editor.sheet?.focus == .family(kind: "clock", family: .systemSmall))
        // Down goes a row, to the family in the same place; up from the first row, to the search.
        #expect(editor.key(.arrow(.down)) == .redraw && editor.sheet?.focus == .family(kind: "fish", family: .systemSmall))
        #expect(editor.key(.arrow(.right)) == .redraw && editor.sheet?.focus == .family(kind: "fish", family: .systemMedium))
        #expect(editor.key(.arrow(.up)) == .redraw && editor.sheet?.focus == .family(kind: "clock", family: .systemSmall))
        #expect(editor.key(.arrow(.up)) == .redraw && editor.sheet?.focus == .search)
        #expect(editor.key(.backTab) == .redraw && editor.sheet?.focus == .close)
        #expect(editor.key(.escape) == .redraw && editor.sheet == nil)
    }

    @Test("Typing searches from any focus; Backspace deletes; Enter on a family adds it at the first free slot")
    func gallerySearchAndChoose() throws {
        var editor = editor([HomeItem(id: "a", family: .systemSmall, placement: .init(page: 0, column: 0, row: 0))])
        editor.presentGallery(kinds: Self.kinds)
        _ = editor.key(.tab)
        #expect(editor.type("FISX") == .redraw)
        #expect(try gallery(editor).focus == .search && gallery(editor).model.results.isEmpty)
        #expect(editor.key(.delete) == .redraw)
        #expect(try gallery(editor).model.query == "FIS" && gallery(editor).model.results.map(\.kind) == ["fish"])
        #expect(editor.key(.tab) == .redraw && editor.key(.tab) == .redraw)
        #expect(editor.sheet?.focus == .family(kind: "fish", family: .systemMedium))
        // The first free slot of page 0: beside the small widget at (0, 0).
        #expect(editor.key(.enter) == .change(.add(kind: "fish", family: .systemMedium, page: 0, column: 2, row: 0)))
        #expect(editor.sheet == nil)
    }

    @Test("Under the gallery the wheel scrolls its rows, not the home screen's pages")
    func wheelScrollsGallery() throws {
        var editor = HomeEditor(
            items: [HomeItem(id: "a", family: .systemSmall, placement: .init(page: 1, column: 0, row: 0))], width: 1280, height: 720)
        let many = (0..<6).map { GalleryKind(kind: "k\($0)", displayName: "Kind \($0)", description: "", families: [.systemSmall], bundleName: "B") }
        editor.presentGallery(kinds: many)
        let shown = try gallery(editor).visibleKinds
        let turned = editor.turnPage(by: 1)
        #expect(turned && editor.page == 0)
        #expect(try gallery(editor).firstShown == 1)
        for _ in 0..<10 { _ = editor.turnPage(by: 1) }
        #expect(try gallery(editor).firstShown == 6 - shown)
        let atEnd = editor.turnPage(by: 1)
        #expect(!atEnd)
    }

    @Test("A click lands on the target drawn there; outside the card it closes the sheet")
    func clicksOnDrawnTargets() throws {
        var editor = editor()
        editor.presentGallery(kinds: Self.kinds)
        let card = try #require(editor.sheet).frame(width: 1280, height: 720)
        let family = Rect(x: card.minX + 20, y: card.minY + 200, width: 90, height: 110)
        editor.sheetTargets = [.family(kind: "clock", family: .systemSmall): family]
        #expect(tap(&editor, at: Point(x: family.minX + 5, y: family.minY + 5)) == [.change(.add(kind: "clock", family: .systemSmall, page: 0, column: 0, row: 0))])
        editor.presentGallery(kinds: Self.kinds)
        #expect(tap(&editor, at: Point(x: card.minX + 300, y: card.minY + 5)) == [] && editor.sheet != nil)
        #expect(tap(&editor, at: Point(x: 5, y: 5)) == [.redraw] && editor.sheet == nil)
    }

    @Test("Edit Widget: an entity picker asks for its choices, a choice is kept, a switch flips, Done saves")
    func configure() throws {
        var editor = editor()
        editor.presentConfigure(instance: "i1", kind: Self.kinds[0], configuration: ["spot": .string("pier")])
        var sheet = try configureSheet(editor)
        #expect(sheet.focus == .parameter("spot"))
        #expect(sheet.focusOrder == [.parameter("spot"), .parameter("units"), .parameter("tides"), .parameter("days"), .close, .save])
        #expect(sheet.valueText(for: Self.kinds[0].parameters[0]) == "pier")
        #expect(editor.key(.enter) == .loadOptions(kind: "fish", parameter: "spot"))
        editor.setOptions([ParameterOption(value: "pier", title: "The Pier"), ParameterOption(value: "bay", title: "Bay")], kind: "fish", parameter: "spot")
        sheet = try configureSheet(editor)
        #expect(sheet.valueText(for: Self.kinds[0].parameters[0]) == "The Pier")
        // A required entity offers no None.
        #expect(sheet.focusOrder.prefix(4) == [.parameter("spot"), .option(parameter: "spot", value: "pier"), .option(parameter: "spot", value: "bay"), .parameter("units")])
        _ = editor.key(.tab)
        _ = editor.key(.tab)
        #expect(editor.key(.enter) == .redraw)
        sheet = try configureSheet(editor)
        #expect(sheet.configuration["spot"] == .string("bay") && sheet.expanded == nil && sheet.focus == .parameter("spot"))
        // The enum's picker opens at once (its cases are in the schema), with None as it is optional.
        _ = editor.key(.tab)
        #expect(editor.key(.enter) == .redraw)
        #expect(try configureSheet(editor).focusOrder.contains(.option(parameter: "units", value: nil)))
        #expect(editor.key(.escape) == .redraw && editor.sheet != nil)
        _ = editor.key(.tab)
        #expect(editor.key(.enter) == .redraw)
        #expect(try configureSheet(editor).configuration["tides"] == .bool(true))
        _ = editor.key(.tab)
        #expect(editor.type("1x") == .redraw)
        _ = editor.key(.tab)
        _ = editor.key(.tab)
        #expect(editor.sheet?.focus == .save)
        // "1x" is not a whole number: refused, in the sheet.
        #expect(editor.key(.enter) == .redraw)
        #expect(try configureSheet(editor).error?.contains("Days") == true)
        _ = editor.key(.backTab)
        _ = editor.key(.backTab)
        _ = editor.key(.delete)
        #expect(editor.type("7") == .redraw)
        #expect(editor.key(.tab) == .redraw && editor.key(.tab) == .redraw)
        #expect(
            editor.key(.enter)
                == .change(.reconfigure(instance: "i1", configuration: ["spot": .string("bay"), "tides": .bool(true), "days": .integer(17)])))
        #expect(editor.sheet == nil)
    }

    @Test("Typing on a row that takes no text is not taken, so the backend reads the key")
    func typingElsewhere() throws {
        var editor = editor()
        editor.presentConfigure(instance: "i1", kind: Self.kinds[0], configuration: [:])
        #expect(editor.type("a") == nil && editor.sheet?.focus == .parameter("spot"))
        // Back from the first row wraps round to Done, Cancel, then the last row.
        for _ in 0..<3 { _ = editor.key(.backTab) }
        #expect(editor.sheet?.focus == .parameter("days") && editor.type("4") == .redraw)
        #expect(try configureSheet(editor).texts["days"] == "4")
    }

    @Test("The remove alert: Cancel is focused; Remove removes; its title names the kind")
    func removeAlert() throws {
        var editor = editor([HomeItem(id: "a", family: .systemSmall, placement: .init(page: 0, column: 0, row: 0))])
        editor.instanceNames = ["a": "FishGo"]
        editor.enterEditing()
        let badge = try #require(editor.chrome?.badges.first)
        #expect(tap(&editor, at: Point(x: badge.frame.minX + 11, y: badge.frame.minY + 11)) == [.redraw])
        guard case .confirmRemove(let alert)? = editor.sheet else { throw Failure.noAlert }
        #expect(alert.title == "Remove \u{201C}FishGo\u{201D}?" && alert.focus == .close)
        #expect(editor.key(.tab) == .redraw && editor.sheet?.focus == .confirm)
        #expect(editor.key(.enter) == .change(.remove(instance: "a")) && editor.sheet == nil)
    }

    @Test("Every target's link URL reads back as the target")
    func targetURLs() {
        let targets: [SheetTarget] = [
            .search, .close, .save, .confirm, .family(kind: "com.example/odd kind", family: .accessoryInline), .parameter("a/b"),
            .option(parameter: "spot", value: "pier 1/2"), .option(parameter: "spot", value: nil),
        ]
        for target in targets { #expect(SheetTarget(url: target.url) == target) }
        #expect(SheetTarget(url: "https://example.com") == nil)
    }

    private enum Failure: Error { case noAlert }

    private func editor(_ items: [HomeItem] = []) -> HomeEditor {
        HomeEditor(items: items, width: 1280, height: 720)
    }

    private func gallery(_ editor: HomeEditor) throws -> GallerySheet {
        guard case .gallery(let sheet)? = editor.sheet else { throw Failure.noAlert }
        return sheet
    }

    private func configureSheet(_ editor: HomeEditor) throws -> ConfigureSheet {
        guard case .configure(let sheet)? = editor.sheet else { throw Failure.noAlert }
        return sheet
    }

    private func tap(_ editor: inout HomeEditor, at point: Point) -> [HomeEditorEffect] {
        _ = editor.press(at: point, time: 100)
        return editor.release(at: point, time: 100.1)
    }
}
