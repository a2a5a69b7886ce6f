#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

/// The fault matrix (docs/fault-matrix.md): every misbehaving provider of Tests/Fixtures, each
/// in a host of its own beside the real MoviePlanner sample, in a worker and, for the faults a
/// host can survive, in process. Every case checks the typed error, that the host and
/// MoviePlanner keep working, what the registry keeps, and what becomes of the bundle's worker.
@Suite("Fault matrix")
struct FaultMatrixTests {
    // MARK: Provider faults

    @Test("In a worker: the typed error, the host and MoviePlanner survive, the worker comes back",
          arguments: ProviderFault.workerMatrix)
    func providerFaultInWorker(_ fault: ProviderFault) async throws {
        let fixture = try await FaultMatrix.host([try await fault.source], limits: CallLimits(timeout: fault.callTimeout))
        defer { fixture.host.stopWorkers() }
        let file = fault.fileName
        let pidBefore = try #require(fixture.workerPID(of: file), "no worker for \(file) after the scan")
        let error = try await expectProviderFault(fault, in: fixture)

        // What becomes of the worker. A fault that killed it leaves the bundle without a worker
        // until the restart backoff has passed. A call that timed out (its thread may be stuck
        // in the bundle for good) gets the worker recycled: let go before the caller hears of
        // it, and replaced at the next call, without a backoff, as it is not the worker's
        // failure. A fault the worker survives keeps the same process.
        switch error {
        case .worker(let ended)?:
            #expect(fault.costsTheWorker, "\(fault.kind) ended its worker: \(ended)")
            #expect(fixture.workerPID(of: file) == nil, "the worker of \(file) is still serving after \(ended)")
            let refused = try await fixture.failure(of: .placeholder, kind: fault.kind)
            guard case .worker(.restarting(let until, let after)) = refused.error else {
                Issue.record("a call within the restart backoff should be refused as restarting, got \(refused.error)")
                return
            }
            #expect(after == ended.description)
            #expect(until > fixture.clock.now)
            #expect(until <= fixture.clock.now.addingTimeInterval(FaultMatrix.restartBackoff.maximum))
            // The host and the other bundle are fine meanwhile.
            try await fixture.expectMoviePlannerWorks()

            // Just before the backoff ends, the worker is still refused; past it, a call starts a
            // fresh worker. The placeholder of every fixture here behaves, so it answers from
            // the new process.
            fixture.clock.advance(to: until.addingTimeInterval(-0.001))
            let stillRefused = try await fixture.failure(of: .placeholder, kind: fault.kind)
            #expect(stillRefused.error == refused.error)
            fixture.clock.advance(to: until)
            let placeholder = try await fixture.placeholder(fault.kind)
            #expect(placeholder.content["n"] == .integer(0))
            let pidAfter = try #require(fixture.workerPID(of: file), "no worker after the restart")
            #expect(pidAfter != pidBefore)
        case .timedOut?:
            #expect(fault.costsTheWorker, "\(fault.kind)'s timeout should recycle its worker")
            #expect(fixture.workerPID(of: file) == nil, "the timed-out worker of \(file) was not let go")
            let placeholder = try await fixture.placeholder(fault.kind)
            #expect(placeholder.content["n"] == .integer(0))
            let pidAfter = try #require(fixture.workerPID(of: file), "no worker after the recycle")
            #expect(pidAfter != pidBefore)
            // And the recycled process is killed and reaped, not left running beside the new one.
            try await waitUntil("the recycled worker \(pidBefore) to be reaped") { kill(pidBefore, 0) != 0 }
        default:
            #expect(!fault.costsTheWorker, "\(fault.kind) should have cost its worker, got \(String(describing: error))")
            let placeholder = try await fixture.placeholder(fault.kind)
            #expect(placeholder.content["n"] == .integer(0))
            #expect(fixture.workerPID(of: file) == pidBefore, "the worker was replaced though the fault should not cost it")
        }
        try await fixture.expectMoviePlannerWorks()
    }

    @Test("In process: the same typed error for every fault a host survives",
          arguments: ProviderFault.inProcessMatrix)
    func providerFaultInProcess(_ fault: ProviderFault) async throws {
        let fixture = try await FaultMatrix.host([try await fault.source], isolation: .inProcess, limits: CallLimits(timeout: fault.callTimeout))
        try await expectProviderFault(fault, in: fixture)
        try await fixture.expectMoviePlannerWorks()
        // No worker to lose: the placeholder answers at once. (Hangs has lost the thread its
        // timeline was called on, for good: nothing can stop a C function.)
        let placeholder = try await fixture.placeholder(fault.kind)
        #expect(placeholder.content["n"] == .integer(0))
        try await fixture.expectMoviePlannerWorks()
    }

    /// The checks both modes share: the bundle loaded, MoviePlanner answers before, the
    /// timeline call fails with the expected typed error (or answers, for the faults that
    /// are not errors), and the registry keeps what it should. Returns the call's error, nil if
    /// it answered.
    @discardableResult
    private func expectProviderFault(
        _ fault: ProviderFault, in fixture: FaultHost,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ProviderCallError? {
        var observed: ProviderCallError?
        let report = try fixture.report(for: fault.fileName)
        #expect(report.status == .loaded, "\(report.issues)", sourceLocation: sourceLocation)
        try await fixture.expectMoviePlannerWorks(sourceLocation: sourceLocation)
        let key = TimelineKey(kind: fault.kind, family: .systemSmall)
        #expect(fixture.host.registry.record(for: key)?.timeline == nil, sourceLocation: sourceLocation)

        switch fault.expected {
        case .answers:
            let timeline = try await fixture.timeline(fault.kind)
            #expect(timeline.entries.count == 1, sourceLocation: sourceLocation)
            #expect(timeline.entries.first?.content["n"] == .integer(1), sourceLocation: sourceLocation)
            let record = try #require(fixture.host.registry.record(for: key), sourceLocation: sourceLocation)
            #expect(record.timeline == timeline, sourceLocation: sourceLocation)
            try await expectAnswerSideEffects(of: fault, timeline: timeline, in: fixture, sourceLocation: sourceLocation)
        case .fails(let expectation):
            let failure = try await fixture.failure(of: .timeline, kind: fault.kind, sourceLocation: sourceLocation)
            observed = failure.error
            #expect(expectation.matches(failure.error), "\(fault.kind): expected \(expectation), got \(failure.error)", sourceLocation: sourceLocation)
            #expect(failure.bundlePath == fixture.path(of: fault.fileName), sourceLocation: sourceLocation)
            // Last good timeline: these fixtures fault on EVERY timeline call, so there is no
            // good timeline to keep here; what this shows is that a fault invents none (the
            // record's timeline stays nil) and that the typed error is recorded. That a good
            // timeline survives a later fault is `lastGoodTimelineIsKept`, with bundles that
            // answer their first call and fault on later ones.
            let record = try #require(fixture.host.registry.record(for: key), sourceLocation: sourceLocation)
            #expect(record.timeline == nil, sourceLocation: sourceLocation)
            guard case .call(.timeline, let recorded)? = record.lastError?.cause else {
                Issue.record("expected the failed timeline call as lastError, got \(String(describing: record.lastError))", sourceLocation: sourceLocation)
                return observed
            }
            #expect(recorded == failure.error, sourceLocation: sourceLocation)
        }
        // The host is still here: this test is still running. The callers check MoviePlanner
        // next, after what must be seen at once (the restart backoff).
        return observed
    }

    /// What a fault that answers leaves behind besides its timeline.
    private func expectAnswerSideEffects(
        of fault: ProviderFault, timeline: WidgetTimeline, in fixture: FaultHost,
        sourceLocation: SourceLocation
    ) async throws {
        switch fault {
        case .completesTwice:
            // The second completion is recorded as a violation; the first answer stands.
            let record = try await fixture.record(of: fault.kind, sourceLocation: sourceLocation) { $0.lastCompletionViolation != nil }
            guard case .completion(let violation)? = record.lastCompletionViolation?.cause else {
                Issue.record("the recorded violation is no completion violation: \(String(describing: record.lastCompletionViolation))", sourceLocation: sourceLocation)
                return
            }
            #expect(violation.isSecondCompletion, sourceLocation: sourceLocation)
            #expect(violation.call == .timeline, sourceLocation: sourceLocation)
            #expect(record.timeline == timeline, sourceLocation: sourceLocation)
        case .prints where fixture.isWorkerMode:
            // In a worker the bundle's stdout and stderr are a pipe the host reads line by line
            // into its log, tagged as output; none of it reached the channel (the timeline above
            // decoded). In process they are simply the host's own.
            let expected = ["Prints: printf to stdout", "Prints: puts to stdout", "Prints: fprintf to stderr", "Prints: write(1) to stdout"]
            try await waitUntil("the bundle's output in the host's log", sourceLocation: sourceLocation) {
                let output = Set(fixture.log.all.filter { $0.metadata["stream"] == "output" }.map(\.message))
                return expected.allSatisfy(output.contains)
            }
            let output = fixture.log.all.filter { $0.metadata["stream"] == "output" }
            #expect(output.allSatisfy { $0.metadata["bundle"] == "Prints" }, sourceLocation: sourceLocation)
        default:
            break
        }
    }

    // MARK: The last good timeline

    @Test("A fault after a good timeline keeps that timeline and records the error",
          arguments: LastGoodCase.allCases)
    func lastGoodTimelineIsKept(_ testCase: LastGoodCase) async throws {
        let source = try await testCase.source
        let fixture = try await FaultMatrix.host([source], limits: CallLimits(timeout: FaultMatrix.patientTimeout))
        defer { fixture.host.stopWorkers() }
        let key = TimelineKey(kind: testCase.kind, family: .systemSmall)
        let firstFetch = Date(timeIntervalSince1970: 1_767_225_600)

        let good = try await fixture.timeline(testCase.kind, now: firstFetch)
        #expect(good.entries.first?.content["n"] == .integer(1))

        let failure = try await fixture.failure(of: .timeline, kind: testCase.kind, now: firstFetch.addingTimeInterval(60))
        #expect(testCase.expected.matches(failure.error), "expected \(testCase.expected), got \(failure.error)")
        let record = try #require(fixture.host.registry.record(for: key))
        #expect(record.timeline == good)
        #expect(record.fetchedAt == firstFetch)
        guard case .call(.timeline, let recorded)? = record.lastError?.cause else {
            Issue.record("expected the failed reload as lastError, got \(String(describing: record.lastError))")
            return
        }
        #expect(recorded == failure.error)
        #expect(fixture.host.registry.currentEntry(for: key, at: firstFetch.addingTimeInterval(120)) == good.entries.last)
        try await fixture.expectMoviePlannerWorks()

        if case .worker(let ended) = failure.error {
            // A fresh worker after the backoff is a fresh process: the bundle's call counter
            // starts again, so its first call answers again and replaces the kept timeline.
            let refused = try await fixture.failure(of: .timeline, kind: testCase.kind)
            guard case .worker(.restarting(let until, let after)) = refused.error else {
                Issue.record("expected restarting after \(ended), got \(refused.error)")
                return
            }
            #expect(after == ended.description)
            #expect(fixture.host.registry.record(for: key)?.timeline == good)
            fixture.clock.advance(to: until)
            let later = firstFetch.addingTimeInterval(600)
            let fresh = try await fixture.timeline(testCase.kind, now: later)
            #expect(fixture.host.registry.record(for: key)?.timeline == fresh)
            #expect(fixture.host.registry.record(for: key)?.fetchedAt == later)
        }
    }

    // MARK: Bundles that do not load

    @Test("In a worker, bundles that do not load are reported as in process, and not remembered as broken")
    func loadFaultsInWorker() async throws {
        let names = ["wrong_abi", "missing_entry", "not_elf", "duplicate_kind_a", "duplicate_kind_b"]
        let storeLocation = TestStore.temporaryLocation()
        let fixture = try await FaultMatrix.host(names.map(FaultMatrix.Source.fixture), storeLocation: storeLocation)
        defer { fixture.host.stopWorkers() }

        let wrongABI = try fixture.report(for: "wrong_abi.so")
        #expect(wrongABI.status == .failed)
        #expect(wrongABI.issues == [.load(.incompatibleABI(
            path: wrongABI.path, bundle: ABIVersion(major: 2, minor: 0, patch: 0), host: .host))])
        let missing = try fixture.report(for: "missing_entry.so")
        #expect(missing.status == .failed)
        #expect(missing.issues == [.load(.missingEntrySymbol(path: missing.path))])
        let notELF = try fixture.report(for: "not_elf.so")
        #expect(notELF.status == .failed)
        #expect(notELF.issues == [.load(.notELF(path: notELF.path))])

        let first = try fixture.report(for: "duplicate_kind_a.so")
        let second = try fixture.report(for: "duplicate_kind_b.so")
        for report in [first, second] {
            #expect(report.status == .loaded)
            let duplicates = report.issues.compactMap { issue -> DuplicateKind? in
                if case .duplicateKind(let duplicate) = issue { duplicate } else { nil }
            }
            #expect(duplicates.count == 1, "\(report.path): \(report.issues)")
            #expect(duplicates.first?.kind == "DuplicateKind")
            #expect(Set(duplicates.first?.paths ?? []) == [first.path, second.path])
        }
        let error = try #require(throws: HostCallError.self) { try fixture.host.widget(kind: "DuplicateKind") }
        guard case .duplicateKind(let duplicate) = error else {
            Issue.record("expected duplicateKind, got \(error)")
            return
        }
        #expect(Set(duplicate.paths) == [first.path, second.path])
        // The duplicates' other kinds run in their workers.
        #expect(try await fixture.timeline("UniqueToA").entries.count == 1)

        // A bundle that was refused cleanly did not crash its worker: nothing is remembered.
        let memory = BrokenBundleMemory(location: storeLocation)
        for report in [wrongABI, missing, notELF] {
            #expect(memory.entry(for: report.path) == nil)
        }
        try await fixture.expectMoviePlannerWorks()
    }

    // MARK: A crashed worker

    /// A host in worker mode whose Segfaults bundle's worker has just crashed (its first timeline
    /// call), for `body`; an issue is recorded, and `body` not run, when it did not crash.
    private func withCrashedWorker(_ body: (FaultHost, ProviderFault) async throws -> Void) async throws {
        let fault = ProviderFault.segfaults
        let fixture = try await FaultMatrix.host([try await fault.source])
        defer { fixture.host.stopWorkers() }
        let error = try await expectProviderFault(fault, in: fixture)
        guard case .worker(.crashed)? = error else {
            Issue.record("\(fault.kind) should have crashed its worker, got \(String(describing: error))")
            return
        }
        try await body(fixture, fault)
    }

    @Test("A worker that crashed waits out the restart backoff, unless its bundle file was rewritten since: then it starts at once")
    func rebuiltBundleSkipsTheBackoff() async throws {
        try await withCrashedWorker { fixture, fault in
            let refused = try await fixture.failure(of: .placeholder, kind: fault.kind)
            guard case .worker(.restarting) = refused.error else {
                Issue.record("a call within the backoff should be refused as restarting, got \(refused.error)")
                return
            }
            // The author rebuilds: a new modification time is a new file. The virtual clock has
            // not moved, so the backoff has not passed.
            let path = fixture.path(of: fault.fileName)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
            let placeholder = try await fixture.placeholder(fault.kind)
            #expect(placeholder.content["n"] == .integer(0))
            #expect(fixture.workerPID(of: fault.fileName) != nil, "no worker after the rebuilt bundle's call")
        }
    }

    @Test("A worker that crashes logs its crash report first, as errors: the signal, then its stack, through the bundle")
    func crashReportIsLogged() async throws {
        try await withCrashedWorker { fixture, fault in
            try await waitUntil("the crash report in the host's log") {
                fixture.log.all.contains { $0.metadata["stream"] == "output" && $0.message.contains(fault.fileName) }
            }
            let report = fixture.log.all.filter { $0.metadata["stream"] == "output" }
            let header = try #require(report.first, "no output logged")
            #expect(header.message.hasPrefix("widgethost-worker: crashed with signal 11 (SEGV) at address 0x0"), "\(header.message)")
            #expect(report.allSatisfy { $0.level == .error && $0.metadata["bundle"] == "Segfaults" }, "\(report)")
        }
    }

    @Test("A worker restarted after its bundle file was deleted says the file is gone, not that it is no shared object")
    func deletedBundleIsMissing() async throws {
        try await withCrashedWorker { fixture, fault in
            // Gone, so changed since the worker started: the next call starts one at once.
            try FileManager.default.removeItem(atPath: fixture.path(of: fault.fileName))
            let failure = try await fixture.failure(of: .placeholder, kind: fault.kind)
            #expect("\(failure.error)".contains("is no longer there"), "\(failure.error)")
            #expect(!"\(failure.error)".contains("ELF"), "\(failure.error)")
        }
    }

    // MARK: The scan-crash memory

    @Test("A bundle that crashes while loading is scanFailed, then knownBroken without a worker, until the file changes")
    func scanCrashIsRemembered() async throws {
        let built = try await FaultMatrix.ready().crashesAtInit
        let storeLocation = TestStore.temporaryLocation()
        let file = "crashes_at_init.so"

        // First scan: the worker dies in the bundle's init.
        let first = try await FaultMatrix.host([.compiled(built)], storeLocation: storeLocation)
        defer { first.host.stopWorkers() }
        let path = first.path(of: file)
        let report = try first.report(for: file)
        #expect(report.status == .failed)
        #expect(report.issues == [.scanFailed(.crashed(signal: SIGSEGV))])
        #expect(report.bundle == nil)
        #expect(throws: HostCallError.self) { try first.host.widget(kind: "CrashesAtInit") }
        try await first.expectMoviePlannerWorks()
        let memory = BrokenBundleMemory(location: storeLocation)
        let entry = try #require(memory.entry(for: path), "not remembered in \(memory.url.path)")
        #expect(entry.failure == .crashed(signal: SIGSEGV))
        #expect(FileManager.default.fileExists(atPath: storeLocation.directory.appendingPathComponent("broken-bundles.json").path))

        // A second host on the same data folder and the same files knows it is broken without
        // starting a worker for it: its worker executable does not even exist, so any attempt
        // to start one would be reported as spawnFailed instead. It rescans, so that the good
        // bundle beside it is not served from the bundle cache but must be scanned: the control.
        let noWorker = URL(fileURLWithPath: "/nonexistent/widgethost-worker-\(UUID().uuidString)")
        let second = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: first.folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: FaultMatrix.callTimeout),
            logger: FaultMatrix.quietLogger(),
            storeLocation: storeLocation,
            isolation: .worker(FaultMatrix.workerSettings(executable: noWorker)), rescan: true))
        let known = try #require(second.bundles.reports.first { $0.path == path })
        #expect(known.status == .failed)
        #expect(known.issues == [.knownBroken(.crashed(signal: SIGSEGV), since: entry.at)])
        // The control: the good bundle beside it was scanned, and could not be.
        let movie = try #require(second.bundles.reports.first { $0.path.hasSuffix("/" + FaultMatrix.moviePlannerFile) })
        guard case .scanFailed(.spawnFailed)? = movie.issues.first else {
            Issue.record("the second host should have tried, and failed, to start MoviePlanner's worker: \(movie.issues)")
            return
        }

        // A new modification time is a new file: scanned again (and crashing again).
        let touched = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: touched], ofItemAtPath: path)
        #expect(memory.entry(for: path) == nil)
        let third = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: first.folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: FaultMatrix.callTimeout),
            logger: FaultMatrix.quietLogger(),
            storeLocation: storeLocation,
            isolation: .worker(FaultMatrix.workerSettings())))
        defer { third.stopWorkers() }
        let rescanned = try #require(third.bundles.reports.first { $0.path == path })
        #expect(rescanned.issues == [.scanFailed(.crashed(signal: SIGSEGV))])
        #expect(BrokenBundleMemory(location: storeLocation).entry(for: path) != nil)

        // Rewritten with a bundle that loads: scanned, loaded, and forgotten.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(at: try await FixtureBundles.bundle("prints"), to: URL(fileURLWithPath: path))
        let fourth = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: first.folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: FaultMatrix.callTimeout),
            logger: FaultMatrix.quietLogger(),
            storeLocation: storeLocation,
            isolation: .worker(FaultMatrix.workerSettings())))
        defer { fourth.stopWorkers() }
        let fixed = try #require(fourth.bundles.reports.first { $0.path == path })
        #expect(fixed.status == .loaded)
        #expect(fixed.issues.isEmpty)
        #expect(BrokenBundleMemory(location: storeLocation).entry(for: path) == nil)
    }

    // MARK: The CPU limit

    @Test("A timeline that spins is killed by the worker's CPU limit, not by the call timeout")
    func cpuLimitKillsASpinningWorker() async throws {
        let timeout = 60.0
        let fixture = try await FaultMatrix.host(
            [.fixture("spins")],
            isolation: .worker(FaultMatrix.workerSettings(cpuSeconds: 1)),
            limits: CallLimits(timeout: timeout))
        defer { fixture.host.stopWorkers() }
        try await fixture.expectMoviePlannerWorks()
        // The outcome says which ended it: the call timeout would give `.timedOut`, however
        // slow the machine; only the kernel's limit kills the worker with a signal.
        let failure = try await fixture.failure(of: .timeline, kind: "Spins")
        guard case .worker(.crashed(let signal)) = failure.error else {
            Issue.record("expected the kernel to kill the worker, got \(failure.error)")
            return
        }
        // SIGXCPU at the soft limit; SIGKILL at the hard one if the bundle caught SIGXCPU.
        #expect(signal == SIGXCPU || signal == SIGKILL, "killed by signal \(signal)")
        try await fixture.expectMoviePlannerWorks()
    }

    // MARK: Host services from a worker

    @Test("From a worker, a bundle's log lines reach the host and its reload requests the registry")
    func servicesReachTheHostFromAWorker() async throws {
        let hostNow = Date(timeIntervalSince1970: 1_767_225_600)
        let fixture = try await FaultMatrix.host(
            [.fixture("services_probe")], limits: .hangGuard, clock: VirtualClock(start: hostNow))
        defer { fixture.host.stopWorkers() }
        #expect(fixture.isWorkerMode)
        let timeline = try await fixture.timeline("ServicesProbe")
        let content = try #require(timeline.entries.first?.content)
        #expect(content["ownStatus"] == .integer(0))      // WK_STATUS_OK
        #expect(content["foreignStatus"] == .integer(2))  // WK_STATUS_UNKNOWN_KIND
        #expect(content["allStatus"] == .integer(0))      // WK_STATUS_OK

        let line = try #require(fixture.host.bundleLogLines.last { $0.message == "probe timeline" })
        #expect(line.bundle == "ServicesProbe")
        #expect(line.path == fixture.path(of: "services_probe.so"))
        #expect(line.level == .info)
        let refusal = try #require(fixture.host.bundleLogLines.last { $0.level == .error && $0.message.contains("CounterWidget") })
        #expect(refusal.bundle == "ServicesProbe")

        let registry = fixture.host.registry
        let probe = try #require(registry.record(for: TimelineKey(kind: "ServicesProbe", family: .systemSmall)))
        #expect(probe.timeline == timeline)
        #expect(probe.reloadRequestedAt == hostNow)
        let sibling = try #require(registry.record(for: TimelineKey(kind: "ServicesProbeTwo", family: .systemSmall)))
        #expect(sibling.reloadRequestedAt == hostNow)
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            #expect(registry.record(for: TimelineKey(kind: "MoviePlannerWidget", family: family))?.reloadRequestedAt == nil)
        }
        try await fixture.expectMoviePlannerWorks()
    }

    @Test("From a worker, a bundle's defaults calls read and write the host's shared store")
    func defaultsReachTheSharedStoreFromAWorker() async throws {
        let storeLocation = TestStore.temporaryLocation()
        let fixture = try await FaultMatrix.host([.fixture("groups_probe")], limits: .hangGuard, storeLocation: storeLocation)
        defer { fixture.host.stopWorkers() }
        #expect(fixture.isWorkerMode)
        let store = fixture.host.store
        let group = try AppGroupID(validating: "group.widgethost.probe")
        // What "the app" wrote before: the probe overwrites it, reads its own value back, then
        // removes it. The test sees all that through its own connection to the store.
        try store.setValue(.string("from the app"), forKey: "answer", in: group)

        let content = try #require(try await fixture.timeline("GroupsProbe").entries.first?.content)
        func status(_ name: String) -> JSONValue? { content[name] }
        func reply(_ name: String) throws -> JSONValue {
            guard case .string(let text)? = content[name] else { throw MissingReply(name: name, content: content) }
            return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
        #expect(status("truncatedReplies") == .integer(0))
        #expect(status("setStatus") == .integer(0))
        #expect(status("getStatus") == .integer(0))
        #expect(try reply("getReply") == .object(["type": .string("int"), "value": .integer(42)]))
        #expect(status("missingStatus") == .integer(3))     // WK_STATUS_NOT_FOUND
        #expect(status("undeclaredStatus") == .integer(4))  // WK_STATUS_UNDECLARED_GROUP
        #expect(status("removeStatus") == .integer(0))
        #expect(status("afterRemoveStatus") == .integer(3))
        #expect(try store.value(forKey: "answer", in: group) == nil, "the probe's remove did not reach the host's store")
        guard case .string(let container)? = try reply("containerReply")["path"] else {
            Issue.record("no container path in \(content)")
            return
        }
        let expected = storeLocation.directory.appendingPathComponent("groups/group.widgethost.probe")
        #expect(URL(fileURLWithPath: container).standardizedFileURL.path == expected.standardizedFileURL.path)
        // The refused group is logged against the probe, through the channel.
        let line = try #require(fixture.host.bundleLogLines.last { $0.message.contains("group.widgethost.other") })
        #expect(line.bundle == "GroupsProbe")
        #expect(line.level == .error)

        // And the other way round: a value the app writes now is what the worker reads next.
        try store.setValue(.int(7), forKey: "answer", in: group)
        let again = try #require(try await fixture.timeline("GroupsProbe").entries.first?.content)
        #expect(again["setStatus"] == .integer(0))
        #expect(try store.value(forKey: "answer", in: group) == nil)
        try await fixture.expectMoviePlannerWorks()
    }
}

// MARK: The faults

/// One misbehaving provider: which file, which kind, what the host must make of its timeline.
enum ProviderFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case segfaults, aborts, exits, hangs, neverCompletes, completesTwice, garbageJSON, hugePayload
    case unsortedEntries, nonFiniteDates, memoryBomb, prints
    /// The Swift fault bundle's kinds, when it is built.
    case swiftFatalError, swiftForceUnwrap

    /// Every fault, in a worker.
    static var workerMatrix: [ProviderFault] { allCases }

    /// The faults a host survives in process: never a crash, an exit or the memory bomb.
    static var inProcessMatrix: [ProviderFault] {
        allCases.filter { !$0.killsHostInProcess }
    }

    var isSwift: Bool { self == .swiftFatalError || self == .swiftForceUnwrap }

    /// Takes the whole process down when called in it.
    var killsHostInProcess: Bool {
        switch self {
        case .segfaults, .aborts, .exits, .memoryBomb, .swiftFatalError, .swiftForceUnwrap: true
        default: false
        }
    }

    /// The file to load. Awaited: the Swift fault bundle is a package build of its own (seconds,
    /// a minute on a loaded machine), made off the cooperative pool (`FaultMatrix.ready`); a case
    /// blocking a pool thread on it once starved every suite's async work for as long.
    var source: FaultMatrix.Source {
        get async throws {
            guard case .swiftFaults = plainSource else { return plainSource }
            return .compiled(try await FaultMatrix.ready().swiftFaults.get())
        }
    }

    /// The file's name in the host's folder, known without building anything.
    var fileName: String { plainSource.fileName }

    private var plainSource: FaultMatrix.Source {
        switch self {
        case .segfaults: .fixture("segfaults")
        case .aborts: .fixture("aborts")
        case .exits: .fixture("exits")
        case .hangs: .fixture("hangs")
        case .neverCompletes: .fixture("never_completes")
        case .completesTwice: .fixture("completes_twice")
        case .garbageJSON: .fixture("garbage_json")
        case .hugePayload: .fixture("huge_payload")
        case .unsortedEntries: .fixture("unsorted_entries")
        case .nonFiniteDates: .fixture("non_finite_dates")
        case .memoryBomb: .fixture("memory_bomb")
        case .prints: .fixture("prints")
        case .swiftFatalError, .swiftForceUnwrap: .swiftFaults
        }
    }

    /// Short where the fault is a hang, so the test is quick; patient everywhere else, so that a
    /// loaded machine (or the Swift runtime's backtracer in a crashing worker) cannot turn
    /// another fault into a timeout.
    var callTimeout: Double {
        switch self {
        case .hangs, .neverCompletes: FaultMatrix.callTimeout
        default: FaultMatrix.patientTimeout
        }
    }

    var kind: String {
        switch self {
        case .segfaults: "Segfaults"
        case .aborts: "Aborts"
        case .exits: "Exits"
        case .hangs: "Hangs"
        case .neverCompletes: "NeverCompletes"
        case .completesTwice: "CompletesTwice"
        case .garbageJSON: "GarbageJSON"
        case .hugePayload: "HugePayload"
        case .unsortedEntries: "UnsortedEntries"
        case .nonFiniteDates: "NonFiniteDates"
        case .memoryBomb: "MemoryBomb"
        case .prints: "Prints"
        case .swiftFatalError: "SwiftFatalError"
        case .swiftForceUnwrap: "SwiftForceUnwrap"
        }
    }

    enum Expected: Sendable {
        /// A valid one-entry timeline.
        case answers
        case fails(ErrorExpectation)
    }

    /// The same in both modes: a fault in the provider is the same error wherever it runs.
    var expected: Expected {
        switch self {
        case .segfaults: .fails(.exactly(.worker(.crashed(signal: SIGSEGV))))
        case .aborts: .fails(.exactly(.worker(.crashed(signal: SIGABRT))))
        case .exits: .fails(.exactly(.worker(.exited(status: 0))))
        case .hangs, .neverCompletes: .fails(.exactly(.timedOut(seconds: FaultMatrix.callTimeout)))
        case .completesTwice, .prints: .answers
        case .garbageJSON: .fails(.malformedPayload)
        case .hugePayload: .fails(.exactly(.payloadTooLarge(bytes: Self.hugePayloadBytes, limit: CallLimits().maxPayloadBytes)))
        case .unsortedEntries: .fails(.exactly(.invalidTimeline(.outOfOrder(index: 1))))
        // 1e999 does not fit a Double: the host's JSONReader refuses the payload before its own
        // nonFiniteDate check could see it (see non_finite_dates.c).
        case .nonFiniteDates: .fails(.malformedPayload)
        // malloc fails at the data limit and the fixture aborts; the kernel may also kill it.
        case .memoryBomb: .fails(.workerCrashed)
        // A Swift runtime trap: SIGILL (ud2) on x86-64, SIGTRAP (brk) on arm64.
        case .swiftFatalError, .swiftForceUnwrap: .fails(.workerCrashedWith([SIGILL, SIGTRAP]))
        }
    }

    /// Whether the fault costs the bundle its worker process: it dies, or the host recycles it
    /// after a call that timed out. Every other fault leaves the worker serving.
    var costsTheWorker: Bool {
        switch self {
        case .segfaults, .aborts, .exits, .hangs, .neverCompletes, .memoryBomb, .swiftFatalError, .swiftForceUnwrap: true
        default: false
        }
    }

    /// huge_payload.c's payload: its prefix, 100 MiB of 'x', its suffix.
    static let hugePayloadBytes =
        #"{"version":1,"entries":[{"date":1767225600,"relevance":null,"content":{"s":""#.utf8.count
        + 100 * 1024 * 1024
        + #""}}],"policy":{"type":"atEnd"}}"#.utf8.count

    var testDescription: String { kind }
}

/// What a failed call's error must be.
enum ErrorExpectation: Sendable, CustomStringConvertible {
    case exactly(ProviderCallError)
    /// malformedPayload, with some detail.
    case malformedPayload
    /// The worker was killed by a signal, any.
    case workerCrashed
    /// The worker was killed by one of these signals.
    case workerCrashedWith([Int32])

    func matches(_ error: ProviderCallError) -> Bool {
        switch (self, error) {
        case (.exactly(let expected), _): error == expected
        case (.malformedPayload, .malformedPayload(let detail)): !detail.isEmpty
        case (.workerCrashed, .worker(.crashed)): true
        case (.workerCrashedWith(let signals), .worker(.crashed(let signal))): signals.contains(signal)
        default: false
        }
    }

    var description: String {
        switch self {
        case .exactly(let error): "\(error)"
        case .malformedPayload: "malformedPayload"
        case .workerCrashed: "worker crashed (any signal)"
        case .workerCrashedWith(let signals): "worker crashed with one of \(signals)"
        }
    }
}

/// Bundles that answer their first timeline call and fault on the later ones.
enum LastGoodCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// flaky_timeline.c: garbage after the first call; the worker survives.
    case flakyTimeline
    /// FaultMatrix.Prepared.crashesAfterFirst: a segfault after the first call; the worker dies.
    case crashesAfterFirst

    var source: FaultMatrix.Source {
        get async throws {
            switch self {
            case .flakyTimeline: .fixture("flaky_timeline")
            case .crashesAfterFirst: .compiled(try await FaultMatrix.ready().crashesAfterFirst)
            }
        }
    }

    var kind: String {
        switch self {
        case .flakyTimeline: "FlakyTimeline"
        case .crashesAfterFirst: "CrashesAfterFirst"
        }
    }

    var expected: ErrorExpectation {
        switch self {
        case .flakyTimeline: .malformedPayload
        case .crashesAfterFirst: .exactly(.worker(.crashed(signal: SIGSEGV)))
        }
    }

    var testDescription: String { kind }
}

extension FaultHost {
    /// Whether the host runs its bundles in workers.
    var isWorkerMode: Bool { !host.bundles.workers.isEmpty }
}

private struct MissingReply: Error, CustomStringConvertible {
    let name: String
    let content: JSONValue
    var description: String { "no reply \(name) in \(content)" }
}
