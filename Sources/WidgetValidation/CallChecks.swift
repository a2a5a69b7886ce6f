import Foundation
import WidgetHostCore
import WidgetIsolation
import WidgetPayload


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
}
