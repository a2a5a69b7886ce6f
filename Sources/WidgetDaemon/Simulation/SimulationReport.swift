import Foundation
import WidgetHostCore

/// One provider call made during a simulation, why, and what the scheduler planned after it.
public struct SimulatedCall: Sendable, Hashable {
    public let key: TimelineKey
    public let call: CallSummary
    public let next: PlannedReload
}

/// Where a kind and family stand at the simulation's last step (the last moment anything
/// happened before the end).
public struct SimulatedKindSummary: Sendable, Hashable {
    public let key: TimelineKey
    /// Reloads counted against the budget in the 24 hours up to the last step.
    public let budgetUsed: Int
    public let budgetLimit: Int
    public let nextReload: PlannedReload
}

/// Every call a simulated stretch of time caused, in time order.
public struct SimulationReport: Sendable {
    public let start: Date
    public let end: Date
    public let settings: SchedulerSettings
    public let calls: [SimulatedCall]
    public let kinds: [SimulatedKindSummary]
    /// True when a provider kept the scheduler busy at one instant past `Simulation.maximumSteps`.
    public let stoppedEarly: Bool

    /// The calls by kind and family, each in time order: filtering `calls` per key made a report
    /// of 4,000 keys take longer than the simulation itself.
    private let callsByKey: [TimelineKey: [SimulatedCall]]

    init(
        start: Date, end: Date, settings: SchedulerSettings, calls: [SimulatedCall],
        kinds: [SimulatedKindSummary], stoppedEarly: Bool
    ) {
        self.start = start
        self.end = end
        self.settings = settings
        self.calls = calls
        self.kinds = kinds
        self.stoppedEarly = stoppedEarly
        callsByKey = Dictionary(grouping: calls, by: \.key)
    }

    /// The calls for one kind and family.
    public func calls(for key: TimelineKey) -> [SimulatedCall] {
        callsByKey[key] ?? []
    }
}
