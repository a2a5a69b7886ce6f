import Foundation

/// One provider call made during a simulation, why, and what the scheduler planned after it.
public struct SimulatedCall: Sendable, Hashable {
    public let key: TimelineKey
    public let call: CallSummary
    public let next: PlannedReload
}

/// Where a kind and family stand when the simulation ends.
public struct SimulatedKindSummary: Sendable, Hashable {
    public let key: TimelineKey
    /// Scheduled reloads counted in the 24 hours before the end.
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

    /// The calls for one kind and family.
    public func calls(for key: TimelineKey) -> [SimulatedCall] {
        calls.filter { $0.key == key }
    }
}
