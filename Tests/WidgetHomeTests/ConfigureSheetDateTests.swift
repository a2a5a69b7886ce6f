import Foundation
import Testing
import WidgetHome
import WidgetPayload

/// Edit Widget's date picker: the row opens steppers (a day, an hour, five minutes, back or on, in
/// the sheet's time zone) and None for an optional date; the value is seconds since 1970.
@Suite("Home screen sheets: Edit Widget's dates")
struct ConfigureSheetDateTests {
    private static let kind = GalleryKind(
        kind: "trip", displayName: "Trip", description: "A countdown", families: [.systemSmall], bundleName: "Trips",
        parameters: [ConfigurationParameter(name: "departure", title: "Departure", type: .date, isRequired: false)])
    private static var departure: ConfigurationParameter { kind.parameters[0] }

    private static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "\(text)")
    }

    private static func seconds(_ sheet: ConfigureSheet) -> Double? {
        if case .number(let seconds)? = sheet.configuration["departure"] { return seconds }
        return nil
    }

    @Test("An unset date starts from the hour the sheet opened in; each stepper moves it; None clears it")
    func steppers() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        var sheet = ConfigureSheet(
            instance: "i1", kind: Self.kind, configuration: [:], openedAt: try Self.date("2026-11-29T10:17:42Z"), timeZone: utc)
        #expect(sheet.valueText(for: Self.departure) == "None")
        #expect(sheet.activate(.parameter("departure")) == .redraw)
        #expect(sheet.expanded == "departure")
        let steps = ConfigureSheet.DateComponent.allCases.flatMap { component in
            [SheetTarget.dateStep(parameter: "departure", component: component, forward: false),
             .dateStep(parameter: "departure", component: component, forward: true)]
        }
        #expect(sheet.focusOrder == [.parameter("departure")] + steps + [.option(parameter: "departure", value: nil), .close, .save])

        #expect(sheet.activate(.dateStep(parameter: "departure", component: .day, forward: true)) == .redraw)
        #expect(try Self.seconds(sheet) == Self.date("2026-11-30T10:00:00Z").timeIntervalSince1970)
        #expect(sheet.valueText(for: Self.departure).hasPrefix("Mon 30 Nov 2026, 10:00"), "\(sheet.valueText(for: Self.departure))")
        _ = sheet.activate(.dateStep(parameter: "departure", component: .hour, forward: false))
        _ = sheet.activate(.dateStep(parameter: "departure", component: .minutes, forward: true))
        #expect(try Self.seconds(sheet) == Self.date("2026-11-30T09:05:00Z").timeIntervalSince1970)
        #expect(sheet.focus == .dateStep(parameter: "departure", component: .minutes, forward: true))

        let saved = sheet.activate(.save)
        #expect(try saved == .save(configuration: ["departure": .number(Self.date("2026-11-30T09:05:00Z").timeIntervalSince1970)]))
        _ = sheet.activate(.option(parameter: "departure", value: nil))
        #expect(sheet.configuration["departure"] == nil)
        #expect(sheet.valueText(for: Self.departure) == "None")
    }

    @Test("A day on is the same time the next day in the sheet's zone, across a change of clocks")
    func aDayAcrossDaylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 12:00 in Berlin on the Saturday before summer time begins (11:00 UTC).
        let saturdayNoon = try Self.date("2026-03-28T11:00:00Z").timeIntervalSince1970
        var sheet = ConfigureSheet(instance: "i1", kind: Self.kind, configuration: ["departure": .integer(Int64(saturdayNoon))], timeZone: berlin)
        _ = sheet.activate(.parameter("departure"))
        _ = sheet.activate(.dateStep(parameter: "departure", component: .day, forward: true))
        // Sunday 12:00 in Berlin is 10:00 UTC: 23 hours later.
        #expect(try Self.seconds(sheet) == Self.date("2026-03-29T10:00:00Z").timeIntervalSince1970)
        #expect(sheet.valueText(for: Self.departure).hasPrefix("Sun 29 Mar 2026, 12:00"), "\(sheet.valueText(for: Self.departure))")
    }

    @Test("Escape closes the picker before the sheet; a stepper's target survives its drawn URL")
    func escapeAndURLs() {
        var sheet = ConfigureSheet(instance: "i1", kind: Self.kind, configuration: [:])
        _ = sheet.activate(.parameter("departure"))
        let closesSheet = sheet.escape()
        #expect(!closesSheet, "the first Escape closes the picker")
        #expect(sheet.expanded == nil && sheet.focus == .parameter("departure"))
        let closesNow = sheet.escape()
        #expect(closesNow)
        for target in [SheetTarget.dateStep(parameter: "dé part/1", component: .minutes, forward: false),
                       .dateStep(parameter: "x", component: .day, forward: true)] {
            #expect(SheetTarget(url: target.url) == target)
        }
        #expect(SheetTarget(url: "widgethost-sheet:date-step/x/week/on") == nil)
    }
}
