import Foundation
import WidgetHostCore
import WidgetIsolation

/// Turning the calls made into checks, and their wording.
extension CallChecks {
    // MARK: The checks

    func failures(_ records: [CallRecord]) -> [(record: CallRecord, problem: String, fix: String)] {
        records.compactMap { record in
            switch record.outcome {
            case .answered, .notTried:
                return nil
            case .failed(let error):
                return (record, "\(record.label): \(ValidationFixes.problem(error))",
                        ValidationFixes.fix(error, call: record.call, limits: options.limits))
            case .refused(let reason):
                return (record, "\(record.label): the host would not call it: \(reason)", "this is the host's problem, not the bundle's: report it")
            }
        }
    }

    /// " (not tried in N more families after the timeout)", or nothing.
    func notTriedNote(_ records: [CallRecord]) -> String {
        let count = records.count { if case .notTried = $0.outcome { true } else { false } }
        guard count > 0 else { return "" }
        return "; not tried in \(ValidationFixes.plural(count, "more family", "more families")) after the timeout"
    }

    func speedCheck(_ id: ValidationCheck.ID, _ records: [CallRecord], budget: Duration, slowFix: String) -> ValidationCheck {
        let failed = failures(records)
        if let first = failed.first {
            return .fail(id, ValidationFixes.summary(failed.map(\.problem)) + notTriedNote(records), fix: first.fix)
        }
        let slow = records.filter { $0.elapsed > budget }.sorted { $0.elapsed > $1.elapsed }
        if !slow.isEmpty {
            let problems = slow.map { "\($0.label) took \(ValidationFixes.milliseconds($0.elapsed))" }
            return .warn(id, ValidationFixes.summary(problems) + ", over the \(ValidationFixes.milliseconds(budget)) budget", fix: slowFix)
        }
        guard let slowest = records.max(by: { $0.elapsed < $1.elapsed }) else {
            return .skip(id, "the bundle declares no widgets")
        }
        return .pass(
            id, "\(ValidationFixes.plural(records.count, "call")) answered within \(ValidationFixes.milliseconds(budget)); slowest \(ValidationFixes.milliseconds(slowest.elapsed)) (\(slowest.key))")
    }

    func timelineCheck(_ records: [CallRecord]) -> ValidationCheck {
        let failed = failures(records)
        if let first = failed.first {
            return .fail(.timelineValid, ValidationFixes.summary(failed.map(\.problem)) + notTriedNote(records), fix: first.fix)
        }
        let most = records.compactMap { record -> Int? in
            if case .answered(let entries) = record.outcome { entries } else { nil }
        }.max() ?? 0
        return .pass(
            .timelineValid,
            "valid in every family: \(ValidationFixes.plural(records.count, "timeline")) of \(ValidationFixes.plural(widgets.count, "kind")), up to \(ValidationFixes.plural(most, "entry", "entries")) each")
    }

    func completesOnceCheck(violations: [TimelineKey: CompletionViolation], probes: [Probe]) -> ValidationCheck {
        var problems: [String] = []
        var second = false
        var late = false
        var reportedLate = Set<String>()
        for (key, violation) in violations.sorted(by: { $0.key < $1.key }) {
            problems.append("\(key): \(Self.describe(violation))")
            if violation.isSecondCompletion {
                second = true
            } else {
                late = true
                reportedLate.insert("\(key)|\(violation.call.rawValue)")
            }
        }
        for probe in probes where probe.completedLate {
            late = true
            guard reportedLate.insert("\(probe.original.key)|\(probe.original.call.rawValue)").inserted else { continue }
            problems.append(
                "\(probe.original.key): the \(probe.original.call.rawValue) completion came after \(Self.seconds(probe.probe.elapsed)), past the \(probe.timeout.formatted()) s timeout: the host had stopped waiting (late completion)")
        }
        if !problems.isEmpty {
            var fixes: [String] = []
            if second { fixes.append("call the completion exactly once per request, on every path (not again after an error, not once per entry)") }
            if late { fixes.append("complete within the timeout: answer with what you have and ask for a reload when the rest arrives") }
            return .fail(.completesOnce, ValidationFixes.summary(problems), fix: fixes.joined(separator: "; "))
        }
        let never = probes.filter { !$0.probe.completed }
        var message = "no second or late completion"
        if !never.isEmpty {
            let patience = never.map { $0.timeout + options.lateCompletionWindow }.max() ?? 0
            message += "; \(ValidationFixes.plural(never.count, "call")) that timed out never completed, even given \(patience.formatted()) s (\(never.map(\.original.label).joined(separator: ", ")))"
        }
        return .pass(.completesOnce, message)
    }

    func offThreadCheck(_ records: [CallRecord], firstPass: [CallRecord], violations: [TimelineKey: CompletionViolation]) -> ValidationCheck {
        let total = records.count
        let incomplete = records.filter { !$0.completed }
        if !incomplete.isEmpty {
            let failed = failures(incomplete)
            let first = failed.first
            return .fail(
                .completesOffThread,
                "\(incomplete.count) of \(total) concurrent timeline calls did not complete: \(first?.problem ?? "")",
                fix: "make the provider safe to call from several threads at once: keep each request's state apart, and complete each request once")
        }
        if !violations.isEmpty {
            let problems = violations.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.describe($0.value))" }
            return .fail(
                .completesOffThread, "under concurrent calls: " + ValidationFixes.summary(problems),
                fix: "complete each request exactly once even when called from several threads at once: keep per-request state (the request token), not shared state")
        }
        let validBefore = Set(firstPass.filter(\.isAnswered).map(\.key))
        let changed = failures(records.filter { validBefore.contains($0.key) })
        if !changed.isEmpty {
            return .warn(
                .completesOffThread,
                "\(changed.count) of \(total) concurrent timelines came back invalid though the first call's was valid: \(changed[0].problem)",
                fix: "make the provider safe to call from several threads at once, and give the same answer each time")
        }
        return .pass(
            .completesOffThread,
            "\(total) concurrent timeline calls (\(options.concurrentRounds) rounds of \(total / max(options.concurrentRounds, 1)) at once) each completed exactly once")
    }

    func survivesCheck(_ records: [CallRecord], probeWorkers: [BundleWorker]) -> ValidationCheck {
        guard inWorker else {
            return .skip(.survives, "in process: a crash would have ended the validator; validate with --isolation worker")
        }
        var deaths = records.compactMap { record -> (String, WorkerFailure)? in
            guard let failure = record.workerFailure, ValidationFixes.isDeath(failure) else { return nil }
            return ("during \(record.call.rawValue) of \(record.key)", failure)
        }
        // A death outside any call (a thread of the bundle's own, say) shows only in the worker's record.
        for worker in host.bundles.workers + probeWorkers {
            guard let last = worker.lastFailure() else { continue }
            switch last {
            case .crashed, .exited, .protocolError:
                if !deaths.contains(where: { $0.1 == last }) { deaths.append(("outside any call", last)) }
            default:
                continue
            }
        }
        guard let first = deaths.first else {
            let made = records.count { if case .notTried = $0.outcome { false } else { true } }
            return .pass(.survives, "the worker served \(ValidationFixes.plural(made, "call")) without crashing or exiting")
        }
        let problems = deaths.map { "\(ValidationFixes.problem($0.1)) \($0.0)" }
        return .fail(.survives, ValidationFixes.summary(problems), fix: ValidationFixes.fix(first.1))
    }

    // MARK: Wording

    private static func describe(_ violation: CompletionViolation) -> String {
        switch violation.after {
        case .completed: "the \(violation.call.rawValue) completion was called a second time"
        case .timedOut: "the \(violation.call.rawValue) completion came after the host stopped waiting (late completion)"
        case .returnedWithoutCompleting: "the placeholder completion came after placeholder returned (late completion)"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) + Double(attoseconds) / 1e18).formatted(.number.precision(.fractionLength(1))) + " s"
    }
}
