import Foundation

/// One provider call the validator made through a `BundleHost`, and how it ended.
struct CallRecord: Sendable {
    enum Outcome: Sendable {
        /// The payload decoded and validated; `entries` for a timeline.
        case answered(entries: Int?)
        case failed(ProviderCallError)
        /// The host would not make the call (it cannot, for a kind it just loaded).
        case refused(String)
        /// Not made: the same call of the kind timed out in another family first.
        case notTried
    }

    let key: TimelineKey
    let call: ProviderCall
    let outcome: Outcome
    let elapsed: Duration

    var isAnswered: Bool {
        if case .answered = outcome { true } else { false }
    }

    var timedOut: Bool {
        if case .failed(.timedOut) = outcome { true } else { false }
    }

    /// Whether the provider called its completion, whatever it sent.
    var completed: Bool {
        switch outcome {
        case .answered: true
        case .failed(.timedOut), .failed(.returnedWithoutCompleting), .failed(.worker): false
        case .failed: true
        case .refused, .notTried: false
        }
    }

    var workerFailure: WorkerFailure? {
        if case .failed(.worker(let failure)) = outcome { failure } else { nil }
    }

    /// "placeholder of Kind (family)", or for timelines just "Kind (family)".
    var label: String {
        call == .timeline ? key.description : "\(call.rawValue) of \(key)"
    }
}

/// The checks that call the providers: `placeholder-fast`, `snapshot-preview-fast`,
/// `timeline-valid`, `completes-once`, `completes-off-thread` and `survives`.
///
/// Calls go through a `BundleHost`, as the daemon's do: the host times them, decodes and
/// validates the payload (`ReplyDecoder`), and records completion violations in its registry.
struct CallChecks {
    let host: BundleHost
    let widgets: [WidgetDescriptor]
    let options: BundleValidator.Options
    /// Whether the bundle runs in a worker (else in this process).
    let inWorker: Bool
    /// A second host on the same file, with the given limits, for the late-completion probes.
    let makeProbeHost: @Sendable (CallLimits) async -> BundleHost
    /// The clock the providers see.
    let now: Date

    func run() async -> [ValidationCheck] {
        // 1. Every call in every family, one at a time.
        let placeholders = await pass(.placeholder)
        let snapshots = await pass(.snapshot)
        let timelines = await pass(.timeline)
        let firstPass = placeholders + snapshots + timelines
        try? await Task.sleep(for: options.violationWait)

        // 2. Calls that timed out, once more with more patience: late, or never?
        let probes = await probe(firstPass.filter(\.timedOut))
        let firstViolations = violations(in: host)

        var checks = [
            speedCheck(.placeholderFast, placeholders, budget: options.placeholderBudget,
                       slowFix: "return the placeholder at once, from static sample data: no I/O, no store reads, no waiting"),
            speedCheck(.snapshotPreviewFast, snapshots, budget: options.previewSnapshotBudget,
                       slowFix: "when context.is_preview is true, answer at once with sample data; fetch real data only for the home screen"),
            timelineCheck(timelines),
        ]
        let completesOnce = completesOnceCheck(violations: firstViolations.merging(probes.violations) { first, _ in first }, probes: probes.results)
        checks.append(completesOnce)

        // 3. Timelines of every family at once, a few times over.
        var concurrent: [CallRecord] = []
        if let reason = concurrencySkipReason(timelines: timelines, completesOnce: completesOnce) {
            checks.append(.skip(.completesOffThread, reason))
        } else {
            concurrent = await concurrentTimelines()
            try? await Task.sleep(for: options.violationWait)
            let fresh = violations(in: host).filter { key, violation in firstViolations[key]?.token != violation.token }
            checks.append(offThreadCheck(concurrent, firstPass: timelines, violations: fresh))
        }

        // The probes run at once and overrun their timeouts on purpose: the first to do so gets
        // the worker killed under the others, which is no death of the bundle's making.
        let probeDeaths = probes.results.map(\.probe).filter { record in
            if case .timedOut? = record.workerFailure { false } else { true }
        }
        checks.append(survivesCheck(firstPass + concurrent + probeDeaths, probeWorkers: probes.workers))
        return checks
    }

    // MARK: Making calls

    /// `call` for every widget in every family, one after the other. After a timeout the same
    /// call of that widget is not tried in its other families: each would wait out the timeout
    /// again, to the same end.
    private func pass(_ call: ProviderCall) async -> [CallRecord] {
        var records: [CallRecord] = []
        for widget in widgets {
            var timedOut = false
            for family in widget.families {
                let key = TimelineKey(kind: widget.kind, family: family)
                guard !timedOut else {
                    records.append(CallRecord(key: key, call: call, outcome: .notTried, elapsed: .zero))
                    continue
                }
                var record = await perform(call, widget, family, on: host)
                // A slow answer is measured again: the first call after a worker (re)starts pays
                // for the bundle's cold start, which a budget of milliseconds should not judge.
                if call != .timeline, record.isAnswered, record.elapsed > budget(for: call) {
                    let again = await perform(call, widget, family, on: host)
                    if again.isAnswered, again.elapsed < record.elapsed { record = again }
                }
                timedOut = record.timedOut
                records.append(record)
            }
        }
        return records
    }

    private func budget(for call: ProviderCall) -> Duration {
        switch call {
        case .placeholder: options.placeholderBudget
        case .snapshot: options.previewSnapshotBudget
        case .timeline: .seconds(options.limits.timelineTimeout)
        }
    }

    private func perform(
        _ call: ProviderCall, _ widget: WidgetDescriptor, _ family: WidgetFamily, on host: BundleHost
    ) async -> CallRecord {
        let context = CallContext(family: family, isPreview: call == .snapshot, now: now)
        let clock = ContinuousClock()
        let started = clock.now
        let outcome: CallRecord.Outcome
        do throws(HostCallError) {
            switch call {
            case .placeholder:
                _ = try await host.placeholder(for: widget, in: context)
                outcome = .answered(entries: nil)
            case .snapshot:
                _ = try await host.snapshot(for: widget, in: context)
                outcome = .answered(entries: nil)
            case .timeline:
                outcome = .answered(entries: try await host.timeline(for: widget, in: context).entries.count)
            }
        } catch {
            if case .callFailed(let failure) = error { outcome = .failed(failure.error) } else { outcome = .refused(error.description) }
        }
        let record = CallRecord(key: TimelineKey(kind: widget.kind, family: family), call: call, outcome: outcome, elapsed: clock.now - started)
        return record
    }

    /// The completion violations the host has recorded, by kind and family (the latest each).
    private func violations(in host: BundleHost) -> [TimelineKey: CompletionViolation] {
        var found: [TimelineKey: CompletionViolation] = [:]
        for widget in widgets {
            for family in widget.families {
                let key = TimelineKey(kind: widget.kind, family: family)
                if case .completion(let violation)? = host.registry.record(for: key)?.lastCompletionViolation?.cause {
                    found[key] = violation
                }
            }
        }
        return found
    }

    // MARK: Probing timeouts

    struct Probe: Sendable {
        /// The call that timed out.
        let original: CallRecord
        /// The same call, made with the timeout plus `lateCompletionWindow`.
        let probe: CallRecord
        let timeout: Double

        /// Whether the provider completed, but only after the host would have stopped waiting.
        var completedLate: Bool { probe.completed && probe.elapsed > .seconds(timeout) }
    }

    struct Probes: Sendable {
        var results: [Probe] = []
        var violations: [TimelineKey: CompletionViolation] = [:]
        var workers: [BundleWorker] = []
    }

    /// Makes each timed-out call again, all at once, in a host of their own that waits longer,
    /// to tell a provider that answers late (after the host stopped waiting) from one that never
    /// does. A worker host kills a worker whose call timed out, so such a late answer can only
    /// be seen this way.
    private func probe(_ timedOut: [CallRecord]) async -> Probes {
        guard !timedOut.isEmpty else { return Probes() }
        var limits = options.limits
        limits.placeholderTimeout += options.lateCompletionWindow
        limits.snapshotTimeout += options.lateCompletionWindow
        limits.timelineTimeout += options.lateCompletionWindow
        let probeHost = await makeProbeHost(limits)
        let widgets = Dictionary(probeHost.bundles.catalog.widgets.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        let timeouts = options.limits
        let results = await withTaskGroup(of: Probe?.self) { group in
            for original in timedOut {
                guard let widget = widgets[original.key.kind] else { continue }
                group.addTask {
                    let probe = await perform(original.call, widget, original.key.family, on: probeHost)
                    return Probe(original: original, probe: probe, timeout: timeouts.timeout(for: original.call))
                }
            }
            var results: [Probe] = []
            for await result in group { if let result { results.append(result) } }
            return results
        }
        try? await Task.sleep(for: options.violationWait)
        let found = Probes(results: results, violations: violations(in: probeHost), workers: probeHost.bundles.workers)
        probeHost.stopWorkers()
        return found
    }

    // MARK: Concurrent calls

    private func concurrencySkipReason(timelines: [CallRecord], completesOnce: ValidationCheck) -> String? {
        if let incomplete = timelines.first(where: { !$0.completed }) {
            return "needs timelines that complete; \(incomplete.key) did not (see timeline-valid)"
        }
        if completesOnce.status == .fail { return "completes-once already fails with calls made one at a time" }
        return nil
    }

    /// `concurrentRounds` rounds, each calling every widget's timeline in every family
    /// `concurrentCallsPerFamily` times at once.
    private func concurrentTimelines() async -> [CallRecord] {
        var records: [CallRecord] = []
        for _ in 0..<options.concurrentRounds {
            let round = await withTaskGroup(of: CallRecord.self) { group in
                for widget in widgets {
                    for family in widget.families {
                        for _ in 0..<options.concurrentCallsPerFamily {
                            group.addTask { await perform(.timeline, widget, family, on: host) }
                        }
                    }
                }
                var round: [CallRecord] = []
                for await record in group { round.append(record) }
                return round
            }
            records += round
            // A worker that timed out is being replaced; let that finish before the next round.
        }
        return records
    }

    // MARK: The checks

    private func failures(_ records: [CallRecord]) -> [(record: CallRecord, problem: String, fix: String)] {
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
    private func notTriedNote(_ records: [CallRecord]) -> String {
        let count = records.count { if case .notTried = $0.outcome { true } else { false } }
        guard count > 0 else { return "" }
        return "; not tried in \(ValidationFixes.plural(count, "more family", "more families")) after the timeout"
    }

    private func speedCheck(_ id: ValidationCheck.ID, _ records: [CallRecord], budget: Duration, slowFix: String) -> ValidationCheck {
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

    private func timelineCheck(_ records: [CallRecord]) -> ValidationCheck {
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

    private func completesOnceCheck(violations: [TimelineKey: CompletionViolation], probes: [Probe]) -> ValidationCheck {
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

    private func offThreadCheck(_ records: [CallRecord], firstPass: [CallRecord], violations: [TimelineKey: CompletionViolation]) -> ValidationCheck {
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

    private func survivesCheck(_ records: [CallRecord], probeWorkers: [BundleWorker]) -> ValidationCheck {
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
