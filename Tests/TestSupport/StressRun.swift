import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// A stress run: minutes of load, hundreds of processes or real crashes and backoffs, on
    /// purpose. Not part of the unit suite (`swift test`); `scripts/stress.sh` runs these, one
    /// suite at a time with the machine to itself, and CI runs that script on its own time limit.
    public static var stressRun: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["WIDGETHOST_STRESS"] == "1",
            "a stress run: scripts/stress.sh runs it, outside the unit suite")
    }
}
