import Foundation
import Testing
@testable import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetRender
import WidgetStore
import WidgetStoreModel

/// The sheets as WidgetRender lays them out (the real layout engine, Pango measuring): each is a
/// view tree the renderer accepts, light and dark, and every target the model's focus order names
/// that is on screen is a link inside the sheet's card, where a click will find it.
@Suite("Desktop sheets' layout")
struct SheetLayoutTests {
    private static let kinds = [
        GalleryKind(kind: "ClockWidget", displayName: "Clock", description: "The time", families: [.systemSmall, .systemMedium, .accessoryRectangular],
                    bundleName: "Clock"),
        GalleryKind(kind: "FishGoWidget", displayName: "FishGo", description: "Go, caution or no go", families: [.systemSmall], bundleName: "FishGo",
                    parameters: [
                        ConfigurationParameter(
                            name: "units", title: "Units", type: .enum,
                            options: [ParameterOption(value: "metric", title: "Metric"), ParameterOption(value: "imperial", title: "Imperial")],
                            isRequired: true),
                        ConfigurationParameter(name: "tides", title: "Show Tides", type: .bool, defaultValue: .bool(true), isRequired: false),
                        ConfigurationParameter(name: "note", title: "Note", type: .string, isRequired: false),
                    ]),
    ]

    @Test("The gallery: the search field, close, and a link per family of every row shown, in the card", arguments: ColorSchemeName.allCases)
    func gallery(appearance: ColorSchemeName) throws {
        let card = HomeSheet.cardFrame(alert: false, width: 1280, height: 720)
        let sheet = GallerySheet(kinds: Self.kinds, page: 0, sheetHeight: card.height)
        let targets = try laidOut(.gallery(sheet), appearance: appearance)
        #expect(Set(targets.keys) == Set(sheet.focusOrder))
        for family in [WidgetFamily.systemSmall, .systemMedium, .accessoryRectangular] {
            let frame = try #require(targets[.family(kind: "ClockWidget", family: family)])
            // The link holds the preview at its scaled size over the family's name.
            #expect(frame.width >= SheetViews.previewSize(family).width && frame.height > SheetViews.previewSize(family).height)
        }
    }

    @Test("Edit Widget: a row per parameter, Cancel and Done; an open picker adds a link per choice", arguments: ColorSchemeName.allCases)
    func configure(appearance: ColorSchemeName) throws {
        var sheet = ConfigureSheet(instance: "i1", kind: Self.kinds[1], configuration: [:])
        var targets = try laidOut(.configure(sheet), appearance: appearance)
        #expect(Set(targets.keys) == [.parameter("units"), .parameter("tides"), .parameter("note"), .close, .save])
        #expect(sheet.activate(.parameter("units")) == .redraw)
        targets = try laidOut(.configure(sheet), appearance: appearance)
        #expect(Set(targets.keys) == Set(sheet.focusOrder))
        let metric = try #require(targets[.option(parameter: "units", value: "metric")])
        let units = try #require(targets[.parameter("units")])
        #expect(metric.minY >= units.minY + units.height - 1)
    }

    @Test("A focused field shows the caret where keys reach the home screen, and says to click it where they do not")
    func focusedFieldWithoutTheKeyboard() throws {
        let card = HomeSheet.cardFrame(alert: false, width: 1280, height: 720)
        let sheet = GallerySheet(kinds: Self.kinds, page: 0, sheetHeight: card.height)
        #expect(sheet.focus == .search)
        let renderer = SheetRenderer(tiles: TileRenderer(store: LazySharedStore(location: StoreLocation(directory: URL(fileURLWithPath: "/nonexistent")))))
        func texts(typing: Bool) -> [String] {
            renderer.layout(.gallery(sheet), size: card.size, appearance: .light, now: Date(timeIntervalSince1970: 0), typing: typing).commands
                .compactMap { if case .text(let text, _, _, _) = $0 { text } else { nil } }
        }
        #expect(texts(typing: true).contains("\u{258F}") && !texts(typing: true).contains("Click here to type"), "\(texts(typing: true))")
        #expect(texts(typing: false).contains("Click here to type") && !texts(typing: false).contains("\u{258F}"), "\(texts(typing: false))")

    }

    @Test("Edit Widget: an open date row lays out its steppers and None under it", arguments: ColorSchemeName.allCases)
    func configureDate(appearance: ColorSchemeName) throws {
        let kind = GalleryKind(
            kind: "trip", displayName: "Trip", description: "A countdown", families: [.systemSmall], bundleName: "Trips",
            parameters: [ConfigurationParameter(name: "departure", title: "Departure", type: .date, isRequired: false)])
        var sheet = ConfigureSheet(instance: "i1", kind: kind, configuration: ["departure": .integer(1_800_000_000)])
        #expect(sheet.activate(.parameter("departure")) == .redraw)
        let targets = try laidOut(.configure(sheet), appearance: appearance)
        #expect(Set(targets.keys) == Set(sheet.focusOrder))
        let row = try #require(targets[.parameter("departure")])
        let dayOn = try #require(targets[.dateStep(parameter: "departure", component: .day, forward: true)])
        let dayBack = try #require(targets[.dateStep(parameter: "departure", component: .day, forward: false)])
        #expect(dayOn.minY >= row.maxY - 1 && dayBack.maxX <= dayOn.minX, "\(row) \(dayBack) \(dayOn)")
        // Each label at its width between its buttons: "Hour", wider than "Day", once wrapped
        // into "Ho-ur", narrower.
        let gaps = try ConfigureSheet.DateComponent.allCases.map { component in
            let back = try #require(targets[.dateStep(parameter: "departure", component: component, forward: false)])
            let on = try #require(targets[.dateStep(parameter: "departure", component: component, forward: true)])
            return on.minX - back.maxX
        }
        #expect(gaps[1] > gaps[0], "the gaps between day's, hour's and 5 min's buttons: \(gaps)")
    }

    @Test("Edit Widget with a summary: its values are links above the rows; a searchable picker's field, an unavailable value and failed choices lay out", arguments: ColorSchemeName.allCases)
    func configureSummary(appearance: ColorSchemeName) throws {
        let tides = ConfigurationParameter(name: "tides", title: "Show Tides", type: .bool, isRequired: false)
        let (kind, started) = Self.fishGoSummarySheet(
            besideSpot: [tides], configuration: ["spot": .string("gone")], unavailable: UnavailableValue(parameter: "spot", value: "gone"),
            sentence: [.text("Fishing at "), .value(parameter: "spot", title: "Spot", display: "gone")])
        var sheet = started
        var targets = try laidOut(.configure(sheet), appearance: appearance)
        // Show Tides is neither named nor listed: no row.
        #expect(Set(targets.keys) == [.summaryValue("spot"), .parameter("spot"), .close, .save])
        let token = try #require(targets[.summaryValue("spot")]), row = try #require(targets[.parameter("spot")])
        #expect(token.maxY <= row.minY)
        #expect(sheet.valueText(for: kind.parameters[0]) == "gone (unavailable)")
        // The picker opened; its choices failed: the search field and the row, no choices.
        #expect(sheet.activate(.parameter("spot")) == .loadOptions(parameter: "spot", matching: nil))
        sheet.setOptionsFailed("the bundle timed out", for: "spot")
        targets = try laidOut(.configure(sheet), appearance: appearance)
        #expect(Set(targets.keys) == Set(sheet.focusOrder))
        let search = try #require(targets[.entitySearch("spot")])
        #expect(search.minY >= row.maxY - 1)
        sheet.setOptions([ParameterOption(value: "cape", title: "Cape")], for: "spot")
        targets = try laidOut(.configure(sheet), appearance: appearance)
        #expect(Set(targets.keys) == Set(sheet.focusOrder) && targets[.option(parameter: "spot", value: "cape")] != nil)
    }

    @Test("Edit Widget: a summary longer than the sheet is wide wraps as iOS's does, each value whole and in the card", arguments: ColorSchemeName.allCases)
    func longSummaryWraps(appearance: ColorSchemeName) throws {
        let unitsParameter = ConfigurationParameter(
            name: "units", title: "Units", type: .enum,
            options: [ParameterOption(value: "metric", title: "Metric"), ParameterOption(value: "imperial", title: "Imperial")],
            isRequired: true)
        let (_, sheet) = Self.fishGoSummarySheet(
            besideSpot: [unitsParameter], configuration: ["spot": .string("cape"), "units": .string("metric")],
            sentence: [
                .text("Show the tides and the weather for the fishing spot at "),
                .value(parameter: "spot", title: "Spot", display: "Cape of Good Hope"),
                .text(" every morning before the sun rises, in "), .value(parameter: "units", title: "Units", display: "Metric"), .text("."),
            ])
        // `laidOut` checks that every target lies in the card.
        let targets = try laidOut(.configure(sheet), appearance: appearance)
        let spot = try #require(targets[.summaryValue("spot")]), units = try #require(targets[.summaryValue("units")])
        let row = try #require(targets[.parameter("spot")])
        let cancel = try #require(targets[.close])
        // The sentence's first line ends before the spot, which begins the second, whole, at the
        // sheet's inset (20 points); the units follow it on that line.
        #expect(abs(spot.minX - 20) < 1 && spot.minY >= cancel.maxY + spot.height, "not wrapped before the spot: \(spot)")
        #expect(abs(units.minY - spot.minY) < 1 && units.minX > spot.maxX)
        #expect(units.maxY <= row.minY)
    }

    @Test("The remove alert: Cancel and Remove side by side at its foot")
    func alert() throws {
        let targets = try laidOut(.confirmRemove(RemoveConfirmation(instance: "i1", name: "FishGo")), appearance: .light)
        let cancel = try #require(targets[.close]), remove = try #require(targets[.confirm])
        #expect(cancel.maxX <= remove.minX + 1 && abs(cancel.minY - remove.minY) < 1)
    }

    /// The sheet laid out on a 1280 × 720 output: its targets, each checked to lie in the card.
    /// Edit Widget on a FishGo kind with a summary: its searchable spot, then `besideSpot`; started,
    /// with `sentence` as the bundle's summary for `configuration`.
    private static func fishGoSummarySheet(
        besideSpot: [ConfigurationParameter], configuration: [String: JSONValue], unavailable: UnavailableValue? = nil,
        sentence: [ResolvedSummary.Part]
    ) -> (GalleryKind, ConfigureSheet) {
        let spot = ConfigurationParameter(name: "spot", title: "Spot", type: .entity, isRequired: false, isSearchable: true)
        let kind = GalleryKind(
            kind: "FishGoWidget", displayName: "FishGo", description: "Go, caution or no go", families: [.systemSmall], bundleName: "FishGo",
            parameters: [spot] + besideSpot, hasSummary: true)
        var sheet = ConfigureSheet(instance: "i1", kind: kind, configuration: configuration, unavailable: unavailable)
        _ = sheet.start()
        _ = sheet.setSummary(ResolvedSummary(sentence: sentence, parameters: [], text: ""))
        return (kind, sheet)
    }

    private func laidOut(_ sheet: HomeSheet, appearance: ColorSchemeName) throws -> [SheetTarget: Rect] {
        _ = try ViewTree(json: SheetViews.tree(for: sheet))
        let card = sheet.frame(width: 1280, height: 720)
        let list = SheetRenderer(tiles: TileRenderer(store: LazySharedStore(location: StoreLocation(directory: URL(fileURLWithPath: "/nonexistent")))))
            .layout(sheet, size: card.size, appearance: appearance, now: Date(timeIntervalSince1970: 0))
        var targets: [SheetTarget: Rect] = [:]
        for link in list.links {
            let target = try #require(SheetTarget(url: link.url))
            #expect(link.frame.minX >= 0 && link.frame.minY >= 0 && link.frame.maxX <= card.width + 0.5 && link.frame.maxY <= card.height + 0.5)
            targets[target] = link.frame
        }
        return targets
    }
}
