import Testing
import WidgetHome
import WidgetPayload

/// Edit Widget as `/home` draws it: the summary sentence (asked when the sheet opens and after
/// each change, one request at a time), its values focusing their rows, only the rows it names or
/// lists; a searchable entity's search asking the bundle; a saved value no longer offered; and
/// choices that failed to load.
@Suite("Home screen sheets: Edit Widget's summary, search and unavailable values")
struct ConfigureSheetSummaryTests {
    private static let fish = GalleryKind(
        kind: "fish", displayName: "FishGo", description: "Fishing spots", families: [.systemSmall], bundleName: "FishGo",
        parameters: [
            ConfigurationParameter(name: "spot", title: "Spot", type: .entity, isRequired: true, isSearchable: true),
            ConfigurationParameter(name: "days", title: "Days", type: .int, isRequired: false),
            ConfigurationParameter(name: "tides", title: "Show Tides", type: .bool, defaultValue: .bool(false), isRequired: false),
            ConfigurationParameter(
                name: "weather", title: "Weather", type: .enum, defaultValue: .string("sunny"),
                options: [ParameterOption(value: "sunny", title: "Sunny"), ParameterOption(value: "rainy", title: "Rainy")], isRequired: false),
        ], hasSummary: true)

    /// "Fish at <spot> for <days> days", listing Weather: Show Tides is hidden.
    private static let sentence = ResolvedSummary(
        sentence: [
            .text("Fish at "), .value(parameter: "spot", title: "Spot", display: "Pier 7"), .text(" for "),
            .value(parameter: "days", title: "Days", display: nil), .text(" days"),
        ], parameters: ["weather"], text: "Fish at Pier 7 for Days days")

    @Test("Opening asks for the summary; its values come first in Tab's order and focus their rows; hidden rows keep their values")
    func summaryTokensAndRows() throws {
        var editor = HomeEditor(items: [], width: 1280, height: 720)
        let configuration: [String: JSONValue] = ["spot": .string("pier7"), "tides": .bool(true)]
        #expect(editor.presentConfigure(instance: "i1", kind: Self.fish, configuration: configuration) == .summarize(kind: "fish", configuration: configuration))
        // Before the answer: every row, as without a summary.
        #expect(try sheet(editor).visibleParameters.map(\.name) == ["spot", "days", "tides", "weather"])
        #expect(editor.setSummary(Self.sentence, kind: "fish") == .redraw)
        let shown = try sheet(editor)
        #expect(shown.visibleParameters.map(\.name) == ["spot", "days", "weather"])
        // The sentence's title for the chosen entity is the row's until the choices come.
        #expect(shown.valueText(for: Self.fish.parameters[0]) == "Pier 7")
        #expect(
            shown.focusOrder == [
                .summaryValue("spot"), .summaryValue("days"), .parameter("spot"), .parameter("days"), .parameter("weather"), .close, .save,
            ])
        // A click (or Enter) on a value in the sentence focuses its row.
        #expect(click(&editor, .summaryValue("days")) == .redraw && editor.sheet?.focus == .parameter("days"))
        // Show Tides is hidden but kept when saved.
        for _ in 0..<3 { _ = editor.key(.tab) }
        #expect(editor.sheet?.focus == .save)
        #expect(editor.key(.enter) == .change(.reconfigure(instance: "i1", configuration: configuration)))
    }

    @Test("A change asks for the summary again, one request in flight: changes meanwhile ask once when it answers")
    func summaryDebounced() throws {
        var editor = HomeEditor(items: [], width: 1280, height: 720)
        _ = editor.presentConfigure(instance: "i1", kind: Self.fish, configuration: [:])
        #expect(try sheet(editor).isAskingSummary)
        _ = click(&editor, .parameter("days"))
        // Typed while the first request is in flight: no second request yet.
        #expect(editor.type("3") == .redraw)
        #expect(editor.type("0") == .redraw)
        #expect(editor.setSummary(nil, kind: "fish") == .summarize(kind: "fish", configuration: ["days": .integer(30)]))
        #expect(try sheet(editor).isAskingSummary)
        #expect(editor.setSummary(Self.sentence, kind: "fish") == .redraw)
        #expect(try !sheet(editor).isAskingSummary)
        // With none in flight, a change asks at once.
        #expect(editor.type("1") == .summarize(kind: "fish", configuration: ["days": .integer(301)]))
        // A kind without a summary never asks.
        var plain = HomeEditor(items: [], width: 1280, height: 720)
        let kind = GalleryKind(kind: "k", displayName: "K", description: "", families: [.systemSmall], bundleName: "B", parameters: Self.fish.parameters)
        #expect(plain.presentConfigure(instance: "i2", kind: kind, configuration: [:]) == nil)
        _ = click(&plain, .parameter("tides"))
        #expect(try sheet(plain).configuration["tides"] == .bool(true))
    }

    @Test("A searchable entity's picker has a search field: typing asks ?matching=, the results replace the list, the chosen title stays")
    func search() throws {
        var editor = HomeEditor(items: [], width: 1280, height: 720)
        _ = editor.presentConfigure(instance: "i1", kind: Self.fish, configuration: ["spot": .string("pier7")])
        _ = editor.setSummary(nil, kind: "fish")
        #expect(click(&editor, .parameter("spot")) == .loadOptions(kind: "fish", parameter: "spot", matching: nil))
        editor.setOptions([ParameterOption(value: "pier7", title: "Pier 7"), ParameterOption(value: "bay", title: "Bay")], kind: "fish", parameter: "spot")
        #expect(try sheet(editor).focusOrder.prefix(3) == [.parameter("spot"), .entitySearch("spot"), .option(parameter: "spot", value: "pier7")])
        _ = click(&editor, .option(parameter: "spot", value: "pier7"))
        _ = click(&editor, .parameter("spot"))
        _ = editor.key(.tab)
        #expect(editor.sheet?.focus == .entitySearch("spot"))
        #expect(editor.type("b") == .loadOptions(kind: "fish", parameter: "spot", matching: "b"))
        #expect(editor.type("a") == .loadOptions(kind: "fish", parameter: "spot", matching: "ba"))
        // The answer to "b" comes after "ba" was typed: dropped.
        editor.setOptions([ParameterOption(value: "bay", title: "Bay"), ParameterOption(value: "reef", title: "Barrier Reef")], kind: "fish", parameter: "spot", matching: "b")
        #expect(try sheet(editor).entityOptions["spot"]?.count == 2)
        editor.setOptions([ParameterOption(value: "bay", title: "Bay")], kind: "fish", parameter: "spot", matching: "ba")
        let searched = try sheet(editor)
        #expect(searched.entityOptions["spot"] == [ParameterOption(value: "bay", title: "Bay")])
        #expect(searched.valueText(for: Self.fish.parameters[0]) == "Pier 7")
        #expect(editor.key(.delete) == .loadOptions(kind: "fish", parameter: "spot", matching: "b"))
    }

    @Test("A saved value the bundle no longer offers shows as unavailable with a note, until another is picked")
    func unavailable() throws {
        var editor = HomeEditor(items: [], width: 1280, height: 720)
        _ = editor.presentConfigure(
            instance: "i1", kind: Self.fish, configuration: ["spot": .string("gone")], unavailable: UnavailableValue(parameter: "spot", value: "gone"))
        var shown = try sheet(editor)
        #expect(shown.valueText(for: Self.fish.parameters[0]) == "gone (unavailable)")
        #expect(shown.unavailableNote(for: Self.fish.parameters[0]) == "\u{201C}gone\u{201D} is no longer available. Pick another spot.")
        #expect(shown.unavailableNote(for: Self.fish.parameters[1]) == nil)
        // From the instance's state, once read: the sheet of another instance ignores it.
        editor.setUnavailable(nil, instance: "other")
        #expect(try sheet(editor).unavailable != nil)
        _ = click(&editor, .parameter("spot"))
        editor.setOptions([ParameterOption(value: "bay", title: "Bay")], kind: "fish", parameter: "spot")
        _ = click(&editor, .option(parameter: "spot", value: "bay"))
        shown = try sheet(editor)
        #expect(shown.valueText(for: Self.fish.parameters[0]) == "Bay" && shown.unavailableNote(for: Self.fish.parameters[0]) == nil)
    }

    @Test("Choices that fail to load say so, not Loading… for ever; Enter on the row asks again")
    func failedOptions() throws {
        var editor = HomeEditor(items: [], width: 1280, height: 720)
        _ = editor.presentConfigure(instance: "i1", kind: Self.fish, configuration: [:])
        _ = editor.setSummary(nil, kind: "fish")
        #expect(editor.key(.enter) == .loadOptions(kind: "fish", parameter: "spot", matching: nil))
        editor.setOptionsFailed("the bundle timed out", kind: "fish", parameter: "spot")
        let failed = try sheet(editor)
        #expect(failed.optionErrors["spot"] == "the bundle timed out" && failed.expanded == "spot")
        #expect(failed.options(for: Self.fish.parameters[0]) == nil)
        #expect(editor.sheet?.focus == .parameter("spot"))
        #expect(editor.key(.enter) == .loadOptions(kind: "fish", parameter: "spot", matching: nil))
        #expect(try sheet(editor).optionErrors["spot"] == nil && sheet(editor).expanded == "spot")
        editor.setOptions([ParameterOption(value: "bay", title: "Bay")], kind: "fish", parameter: "spot")
        #expect(try sheet(editor).options(for: Self.fish.parameters[0])?.count == 1)
    }

    @Test("The new targets' link URLs read back")
    func targetURLs() {
        for target: SheetTarget in [.summaryValue("a/b"), .entitySearch("spot 1")] { #expect(SheetTarget(url: target.url) == target) }
    }

    private enum Failure: Error { case noSheet }

    /// A click on `target`, drawn (as the backend says) at the top-left corner.
    private func click(_ editor: inout HomeEditor, _ target: SheetTarget) -> HomeEditorEffect? {
        editor.sheetTargets = [target: Rect(x: 0, y: 0, width: 10, height: 10)]
        _ = editor.press(at: Point(x: 5, y: 5), time: 100)
        return editor.release(at: Point(x: 5, y: 5), time: 100.1).first
    }

    private func sheet(_ editor: HomeEditor) throws -> ConfigureSheet {
        guard case .configure(let sheet)? = editor.sheet else { throw Failure.noSheet }
        return sheet
    }
}
