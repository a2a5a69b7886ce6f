import Foundation
import Testing
import WidgetPayload
@testable import WidgetRender

/// `Text(date, style:)` formatted in UTC with the POSIX English locale.
@Suite("Layout: date text")
struct LayoutDateTextTests {
    let utc = TimeZone(identifier: "UTC")!
    let locale = Locale(identifier: "en_US_POSIX")
    /// 2026-06-03T15:04:00Z
    let date = 1_780_499_040.0

    func format(_ style: DateStyleName, now offset: Double = 0) -> String {
        DateText.string(seconds: date, style: style, now: Date(timeIntervalSince1970: date - offset), timeZone: utc, locale: locale)
    }

    @Test(".time and .date in the given time zone")
    func absolute() {
        #expect(format(.time) == "3:04 PM")
        #expect(format(.date) == "June 3, 2026")
        let tokyo = DateText.string(seconds: date, style: .time, now: Date(), timeZone: TimeZone(identifier: "Asia/Tokyo")!, locale: locale)
        #expect(tokyo == "12:04 AM")
    }

    @Test(".relative: the two largest units, abbreviated, either way")
    func relative() {
        #expect(format(.relative, now: 7509) == "2 hr, 5 min")
        #expect(format(.relative, now: -7509) == "2 hr, 5 min")
        #expect(format(.relative, now: 45) == "45 sec")
        #expect(format(.relative, now: 3 * 86_400 + 3600) == "3 days, 1 hr")
    }

    @Test(".offset: signed, the largest unit")
    func offset() {
        #expect(format(.offset, now: 7509) == "+2 hours")
        #expect(format(.offset, now: -300) == "-5 minutes")
    }

    @Test(".timer: hours, minutes and seconds, or minutes and seconds below an hour")
    func timer() {
        #expect(format(.timer, now: 7509) == "2:05:09")
        #expect(format(.timer, now: 309) == "5:09")
        #expect(format(.timer, now: -309.7) == "5:09")
        #expect(format(.timer, now: 0) == "0:00")
    }
}
