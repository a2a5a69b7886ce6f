import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetDaemon

/// `widgethost simulate`: runs the scheduler over a stretch of virtual time with the real
/// providers and prints when each kind would reload, and why. Nothing is saved: the registry
/// database, the reload queue and any running daemon are left alone.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show when every kind would reload over the next hours, and why, on a virtual clock.",
        discussion: """
            The providers are called for real, with the virtual time as their clock; a day takes \
            a moment. Scheduling is the daemon's: reload policies, the refresh budget, backoff \
            after failures and the minimum interval (see `widgethost run` for the options). The \
            registry starts empty, so each kind's first call is `initial`; pending reload \
            requests are neither honoured nor consumed. The span is [start, start + hours): a \
            reload due at exactly the end is not made. Times are UTC; a call past the start's day \
            carries a +Nd day offset. In JSON, durationMs is virtual time, always 0. A \
            provider's real time takes no virtual time, so no time limit is reached: a call \
            (or a worker's start) is given up as hung only after \(Int(hangGuardSeconds)) real \
            seconds, or --timeout if longer, and the same day gives the same report on any machine.
            """)

    /// Real seconds before a call or a worker's start counts as hung in a simulation.
    static let hangGuardSeconds: TimeInterval = 120

    @OptionGroup var host: HostOptions
    @OptionGroup var scheduling: SchedulingOptions
    @OptionGroup var output: OutputOptions

    @Option(help: OptionRange.hours.help("How many hours of virtual time to run.", valueName: "hours"), transform: OptionRange.hours.double)
    var hours: Double = 24

    @Option(help: ArgumentHelp("When the simulation starts, ISO-8601 (default: now, to the second).", valueName: "date"))
    var start: ISODate?

    @Option(name: .customLong("kind"), help: ArgumentHelp("Show only this kind. Repeatable.", valueName: "kind"))
    var kinds: [String] = []

    func run() async throws {
        let startDate = start?.date ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let clock = VirtualClock(start: startDate)
        let bundleHost = host.makeHost(clock: clock, hangGuard: Self.hangGuardSeconds)
        defer { bundleHost.stopWorkers() }
        try await UnreadableBundleFolders.check(bundleHost) {
            for kind in kinds { _ = try bundleHost.widget(kind: kind) }
            // The instances users added are simulated beside the kinds' implicit ones.
            try bundleHost.syncInstances()
            let report = await Simulation.run(
                host: bundleHost, clock: clock, settings: scheduling.settings, duration: hours * 60 * 60)
            if report.stoppedEarly {
                StandardError.print("warning: a provider kept asking for reloads at one instant; the simulation stopped early")
            }
            let selected = kinds.isEmpty ? nil : Set(kinds)
            switch output.format {
            case .json:
                try JSONOutput.print(SimulationJSON(report, kinds: selected))
            case .text:
                print(SimulationText.report(report, kinds: selected))
            }
        }
    }
}
