import Foundation
import Testing
import WidgetPayload
@testable import WidgetPanel

@Suite("Waybar's custom-module line")
struct WaybarLineTests {
    private func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aFreshWidgetWithAProgressView() throws {
        let widget = try WidgetStateFixtures.state(view: WidgetStateFixtures.pillarView)
        let line = PanelFormat.waybar.line(for: widget)
        #expect(!line.contains("\n"))
        let fields = try object(line)
        #expect(Set(fields.keys) == ["text", "tooltip", "class", "alt", "percentage"])
        #expect(fields["text"] as? String == "Pillar Valley 42 pillars traversed")
        #expect(fields["class"] as? [String] == ["PillarWidget"])
        #expect(fields["alt"] as? String == "PillarWidget")
        // The first progress view in reading order, not the gauge in the background after it.
        #expect(fields["percentage"] as? Int == 42)
        let tooltip = try #require(fields["tooltip"] as? String)
        #expect(tooltip.hasPrefix("Pillar Widget (systemSmall)\nPillar Valley 42 pillars traversed\n"), "\(tooltip)")
        #expect(tooltip.contains("(policy)"), "\(tooltip)")
    }

    @Test func staleAndFailingWidgetsSayItInTheirClasses() throws {
        let widget = try WidgetStateFixtures.state(stale: true, lastError: "the provider timed out")
        let fields = try object(PanelFormat.waybar.line(for: widget))
        #expect(fields["class"] as? [String] == ["PillarWidget", "stale", "error"])
        #expect((fields["tooltip"] as? String)?.contains("error: the provider timed out") == true)
        #expect((fields["tooltip"] as? String)?.contains("stale: the reload is overdue") == true)
        // No view, so no bar: absent, since Waybar reads null as 0.
        #expect(fields["percentage"] == nil)
    }

    @Test func aWidgetWithNoEntryShowsItsNameAndIsEmpty() throws {
        let widget = try WidgetStateFixtures.state(text: nil, stale: true, hasEntry: false, nextReloadAt: nil)
        let fields = try object(PanelFormat.waybar.line(for: widget))
        #expect(fields["text"] as? String == "Pillar Widget")
        #expect(fields["class"] as? [String] == ["PillarWidget", "stale", "empty"])
        #expect((fields["tooltip"] as? String)?.contains("next reload never (policy)") == true)
    }

    @Test func markupIsEscapedForPango() throws {
        let widget = try WidgetStateFixtures.state(text: "Fish & <Chips>")
        let fields = try object(PanelFormat.waybar.line(for: widget))
        #expect(fields["text"] as? String == "Fish &amp; &lt;Chips&gt;")
    }

    @Test func timesAreShownInThePanelsTimeZone() throws {
        let widget = try WidgetStateFixtures.state()
        let line = WaybarLine(widget, timeZone: try #require(TimeZone(identifier: "Asia/Kolkata")))
        // 00:05 UTC is 05:35 in India (+05:30); the day is not today, so the date comes too.
        #expect(line.tooltip.contains("next reload 2026-01-01 05:35 (policy)"), "\(line.tooltip)")
    }

    @Test func datesWithFractionalSecondsAreRead() throws {
        // The API writes fractional seconds when a date has them, as fetch times do.
        let widget = try WidgetStateFixtures.state(nextReloadAt: "2026-01-01T00:05:00.250Z")
        let line = WaybarLine(widget, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(line.tooltip.contains("next reload 2026-01-01 00:05 (policy)"), "\(line.tooltip)")
    }

    @Test(arguments: [
        (#"{"type":"progress","value":0.25}"#, 25),
        (#"{"type":"progress","value":150,"total":100}"#, 100),
        (#"{"type":"gauge","value":15,"min":10,"max":20}"#, 50),
        (#"{"type":"hstack","children":[{"type":"text","text":"a"},{"type":"link","url":"x:","content":{"type":"gauge","value":-1}}]}"#, 0),
    ])
    func percentageFromProgressOrGauge(node: String, percent: Int) throws {
        let tree = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"version":1,"root":\#(node)}"#.utf8))
        let fraction = try #require(ViewProgress.fraction(inTree: tree))
        #expect(Int((fraction * 100).rounded()) == percent)
    }

    @Test func jsonlIsTheDaemonsStateUnchanged() throws {
        let widget = try WidgetStateFixtures.state(view: WidgetStateFixtures.pillarView)
        let line = PanelFormat.jsonl.line(for: widget)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        #expect(decoded == widget.json)
        #expect(decoded["entry"]?["content"]?["pillarsTraversed"] == .integer(42))
        #expect(!line.contains("\n"))
    }

    @Test func theWidgetsURLIsInBothFormatsAndAbsentFromWaybarsWhenItHasNone() throws {
        let widget = try WidgetStateFixtures.state(url: "widgethost-counter://open")
        #expect(widget.url == "widgethost-counter://open")
        #expect(try object(PanelFormat.waybar.line(for: widget))["url"] as? String == "widgethost-counter://open")
        #expect(try object(PanelFormat.jsonl.line(for: widget))["url"] as? String == "widgethost-counter://open")
        let without = try WidgetStateFixtures.state()
        #expect(without.url == nil)
        #expect(try object(PanelFormat.waybar.line(for: without))["url"] == nil, "absent: Waybar's keys stay its own")
        #expect(try object(PanelFormat.jsonl.line(for: without))["url"] is NSNull, "jsonl is the daemon's state: null")
    }
}
