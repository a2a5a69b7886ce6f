import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetDaemon

/// The whole daemon sleeps on the host's clock: on a virtual one, nothing happens until the test
/// advances it, and advancing it to the next date wakes the daemon for what is due then.
@Suite("Daemon on the host's clock")
struct DaemonClockTests {
    private typealias Harness = SchedulerHarness

    @Test("the daemon's entries and reloads come when the virtual clock reaches them, and not before")
    func theDaemonWakesWhenTheClockIsAdvanced() async throws {
        let harness = try await Harness.scripted()
        let key = Harness.key("ScriptedAtEnd")
        let events = EventLog<SchedulerEvent>()
        let daemon = try HostDaemon(host: harness.host, settings: harness.settings) { events.append($0) }
        let running = Task { try await daemon.run() }
        defer { daemon.stop() }

        @Sendable func calls(_ events: [SchedulerEvent]) -> Int {
            events.count { if case .called(key, _, _) = $0 { true } else { false } }
        }
        @Sendable func entries(_ events: [SchedulerEvent]) -> [Int] {
            events.compactMap { if case .entryBecameCurrent(key, _, let index, _, _) = $0 { index } else { nil } }
        }
        // The first call, at start: entries at now, now+600 and now+1200; reloaded at the end.
        try await events.wait(for: "the first call and its current entry") { calls($0) == 1 && entries($0) == [0] }
        let reload = try harness.plan("ScriptedAtEnd").date.map { $0.timeIntervalSince(Harness.start) }
        #expect(reload == 1_200)

        // Asleep until the second entry's date: the alarm is armed there, and a step short of
        // it shows nothing new.
        try await waitUntil("the daemon's alarm at the second entry") { harness.clock.nextAlarmDate == Harness.at(600) }
        harness.clock.advance(to: Harness.at(599))
        harness.clock.advance(to: Harness.at(600))
        try await events.wait(for: "the second entry") { entries($0) == [0, 1] }
        #expect(calls(events.all) == 1, "no reload before the timeline's end")

        // At the end of the timeline, the reload.
        try await waitUntil("the daemon's alarm at the third entry") { harness.clock.nextAlarmDate == Harness.at(1_200) }
        harness.clock.advance(to: Harness.at(1_200))
        try await events.wait(for: "the reload at the timeline's end") { calls($0) == 2 }

        daemon.stop()
        try await running.value
    }
}
