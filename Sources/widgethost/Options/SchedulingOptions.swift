import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetDaemon

/// The scheduler's knobs, shared by `run` and `simulate`.
struct SchedulingOptions: ParsableArguments {
    @Option(
        help: OptionRange.budget.help("Scheduled reloads allowed per kind and family in any rolling 24 hours.", valueName: "count"),
        transform: OptionRange.budget.integer)
    var budget: Int = RefreshBudget.defaultLimit

    @Option(
        help: OptionRange.backoffInitial.help("Seconds before the first retry after a failed reload; doubles with each failure.", valueName: "seconds"),
        transform: OptionRange.backoffInitial.double)
    var backoffInitial: Double = Backoff().initial

    @Option(
        help: OptionRange.backoffMaximum.help("The longest wait between retries, in seconds.", valueName: "seconds"),
        transform: OptionRange.backoffMaximum.double)
    var backoffMaximum: Double = Backoff().maximum

    @Option(
        help: OptionRange.minimumInterval.help("The shortest time between two scheduled reloads of one kind and family, in seconds.", valueName: "seconds"),
        transform: OptionRange.minimumInterval.double)
    var minimumInterval: Double = SchedulerSettings().minimumInterval

    /// Each value is in its range already (`OptionRange`); this checks them together.
    func validate() throws {
        guard backoffMaximum >= backoffInitial else {
            throw ValidationError("--backoff-initial must be no more than --backoff-maximum")
        }
    }

    var settings: SchedulerSettings {
        SchedulerSettings(
            budgetLimit: budget, backoff: Backoff(initial: backoffInitial, maximum: backoffMaximum),
            minimumInterval: minimumInterval)
    }
}
