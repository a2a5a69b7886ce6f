import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetDaemon

/// The scheduler's knobs, shared by `run` and `simulate`.
struct SchedulingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scheduled reloads allowed per kind and family in any rolling 24 hours.", valueName: "count"))
    var budget = RefreshBudget.defaultLimit

    @Option(help: ArgumentHelp("Seconds before the first retry after a failed reload; doubles with each failure.", valueName: "seconds"))
    var backoffInitial = Backoff().initial

    @Option(help: ArgumentHelp("The longest wait between retries, in seconds.", valueName: "seconds"))
    var backoffMaximum = Backoff().maximum

    @Option(help: ArgumentHelp("The shortest time between two scheduled reloads of one kind and family, in seconds.", valueName: "seconds"))
    var minimumInterval = SchedulerSettings().minimumInterval

    func validate() throws {
        guard budget > 0 else { throw ValidationError("--budget must be at least 1") }
        guard backoffInitial > 0, backoffMaximum >= backoffInitial else {
            throw ValidationError("--backoff-initial must be positive and no more than --backoff-maximum")
        }
        guard minimumInterval >= 1 else { throw ValidationError("--minimum-interval must be at least 1 second") }
    }

    var settings: SchedulerSettings {
        SchedulerSettings(
            budgetLimit: budget, backoff: Backoff(initial: backoffInitial, maximum: backoffMaximum),
            minimumInterval: minimumInterval)
    }
}
