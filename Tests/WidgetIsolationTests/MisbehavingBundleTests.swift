import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// Bundles that break the rules of the C ABI, one rule each (Tests/Fixtures/Bundles), loaded
/// beside the real sample bundles. Every test checks that the host reports the typed error and
/// that a well-behaved sample in the same host keeps working.
@Suite("Misbehaving bundles")
struct MisbehavingBundleTests {
    /// One host for the whole suite: bundles are never unloaded, and loading a folder again would
    /// call every bundle's init a second time.
    private static let sharedHost = BackgroundBuild<BundleHost> {
        BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [
                SearchLocation(directory: try FixtureBundles.directoryWaiting().path, origin: .commandLine),
                SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine),
            ]),
            limits: CallLimits(timeout: timeout),
            storeLocation: TestStore.temporaryLocation()))
    }

    /// Seconds the host waits for any call. Generous enough that the well-behaved calls in this
    /// suite never hit it on a loaded 2-core CI machine (other suites SIGKILL store writers and
    /// fsync megabytes at the same time).
    private static let timeout = 1.0

    private static func host() async throws -> BundleHost {
        try await sharedHost.value()
    }

    // MARK: Calls that never answer, or answer wrong

    @Test("A timeline that never completes times out, and a snapshot too")
    func neverCompletingProviderTimesOut() async throws {
        let host = try await Self.host()
        let key = TimelineKey(kind: "NeverCompletes", family: .systemSmall)
        let timeline = try await Self.failure(of: .timeline, kind: "NeverCompletes")
        #expect(timeline.error == .timedOut(seconds: Self.timeout))
        guard case .call(.timeline, .timedOut)? = host.registry.record(for: key)?.lastError?.cause else {
            Issue.record("expected a recorded timeline timeout, got \(String(describing: host.registry.record(for: key)?.lastError))")
            return
        }

        let snapshot = try await Self.failure(of: .snapshot, kind: "NeverCompletes")
        #expect(snapshot.error == .timedOut(seconds: Self.timeout))

        // The placeholder of the same widget behaves, and still answers.
        let widget = try host.widget(kind: "NeverCompletes")
        let placeholder = try await host.placeholder(for: widget, in: CallContext(family: .systemSmall))
        #expect(placeholder.content["n"] == .integer(0))
        try await Self.expectSampleStillWorks()
    }

    @Test("A second completion is recorded as a violation; the first answer stands")
    func secondCompletionIsRecordedAsViolation() async throws {
        let host = try await Self.host()
        let widget = try host.widget(kind: "CompletesTwice")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries.first?.content["n"] == .integer(1))

        let recorded = try await Self.recordedError(kind: "CompletesTwice") { Self.violation(in: $0) != nil }
        let violation = try #require(Self.violation(in: recorded), "the recorded error is no completion violation")
        #expect(violation.isSecondCompletion)
        #expect(violation.call == .timeline)
        let record = try #require(host.registry.record(for: TimelineKey(kind: "CompletesTwice", family: .systemSmall)))
        #expect(record.timeline == timeline)
        try await Self.expectSampleStillWorks()
    }

    @Test("An answer after the timeout is recorded as a violation, not a second completion")
    func lateCompletionIsRecordedAsViolation() async throws {
        let failure = try await Self.failure(of: .timeline, kind: "CompletesLate")
        #expect(failure.error == .timedOut(seconds: Self.timeout))

        // The fixture answers about 2.5 s after the call; the host gave up at 1 s.
        let recorded = try await Self.recordedError(kind: "CompletesLate") { Self.violation(in: $0) != nil }
        let violation = try #require(Self.violation(in: recorded), "the recorded error is no completion violation")
        #expect(!violation.isSecondCompletion)
        #expect(violation.call == .timeline)
        let record = try #require(try await Self.host().registry.record(for: TimelineKey(kind: "CompletesLate", family: .systemSmall)))
        #expect(record.timeline == nil)
        try await Self.expectSampleStillWorks()
    }

    @Test("A timeline that is not JSON is a malformed payload")
    func garbageJSONIsMalformedPayload() async throws {
        let failure = try await Self.failure(of: .timeline, kind: "GarbageJSON")
        guard case .malformedPayload(let detail) = failure.error else {
            Issue.record("expected malformedPayload, got \(failure.error)")
            return
        }
        #expect(!detail.isEmpty)
        #expect(failure.error.code == "malformedPayload")
        try await Self.expectSampleStillWorks()
    }

    @Test("Entries out of date order make an invalid timeline naming the first offender")
    func unsortedEntriesAreRefused() async throws {
        let failure = try await Self.failure(of: .timeline, kind: "UnsortedEntries")
        guard case .invalidTimeline(.outOfOrder(index: 1)) = failure.error else {
            Issue.record("expected invalidTimeline(.outOfOrder(index: 1)), got \(failure.error)")
            return
        }
        try await Self.expectSampleStillWorks()
    }

    @Test("A placeholder that returns without completing is reported as such")
    func placeholderReturningEarlyIsReported() async throws {
        let failure = try await Self.failure(of: .placeholder, kind: "PlaceholderReturnsEarly")
        #expect(failure.error == .returnedWithoutCompleting)
        try await Self.expectSampleStillWorks()
    }

    @Test("A payload newer than the host's is refused with both versions")
    func newerPayloadVersionIsRefused() async throws {
        let failure = try await Self.failure(of: .timeline, kind: "NewerPayload")
        guard case .unsupportedPayloadVersion(found: 99, let supported) = failure.error else {
            Issue.record("expected unsupportedPayloadVersion(found: 99), got \(failure.error)")
            return
        }
        #expect(supported == PayloadVersion.current)
        try await Self.expectSampleStillWorks()
    }

    @Test("An error payload becomes providerFailed with the provider's message")
    func errorPayloadIsProviderFailure() async throws {
        let failure = try await Self.failure(of: .timeline, kind: "ProviderError")
        #expect(failure.error == .providerFailed(message: "database offline"))
        #expect(failure.bundlePath == (try await FixtureBundles.bundle("provider_error").path))
        try await Self.expectSampleStillWorks()
    }

    @Test("A failed reload keeps the last good timeline and records the error")
    func failedReloadKeepsLastGoodTimeline() async throws {
        let host = try await Self.host()
        let widget = try host.widget(kind: "FlakyTimeline")
        let firstContext = CallContext(family: .systemSmall, now: Date(timeIntervalSince1970: 1_767_225_600))
        let first = try await host.timeline(for: widget, in: firstContext)
        #expect(first.entries.first?.content["n"] == .integer(1))

        let failure = try await Self.failure(of: .timeline, kind: "FlakyTimeline")
        guard case .malformedPayload = failure.error else {
            Issue.record("expected the second call to fail with malformedPayload, got \(failure.error)")
            return
        }
        let record = try #require(host.registry.record(for: TimelineKey(kind: "FlakyTimeline", family: .systemSmall)))
        #expect(record.timeline == first)
        #expect(record.fetchedAt == firstContext.now)
        guard case .call(.timeline, .malformedPayload)? = record.lastError?.cause else {
            Issue.record("expected the failed reload as lastError, got \(String(describing: record.lastError))")
            return
        }
        try await Self.expectSampleStillWorks()
    }

    @Test("A timeline with no entries is WidgetKit's 'nothing new': the entries shown stay, under its policy, and no error")
    func emptyTimelineKeepsTheEntriesShown() async throws {
        let host = try await Self.host()
        let widget = try host.widget(kind: "EmptyTimeline")
        let context = CallContext(family: .systemSmall, now: Date(timeIntervalSince1970: 1_767_225_600))
        let first = try await host.timeline(for: widget, in: context)
        #expect(first.entries.count == 1)

        let nothingNew = try await host.timeline(for: widget, in: context)
        #expect(nothingNew.entries.isEmpty, "the call answers what the provider said")
        let record = try #require(host.registry.record(for: TimelineKey(kind: "EmptyTimeline", family: .systemSmall)))
        #expect(record.timeline?.entries == first.entries)
        #expect(record.timeline?.policy == .after(Date(timeIntervalSince1970: 1_767_229_200)))
        #expect(record.lastError == nil)
    }

    // MARK: Bundles that do not load

    @Test("A bundle built for ABI 2.0.0 is refused, naming the file and both versions")
    func wrongABIMajorIsRefused() async throws {
        let report = try await Self.report(for: "wrong_abi")
        #expect(report.status == .failed)
        #expect(report.bundle == nil)
        let expected = BundleLoadError.incompatibleABI(
            path: report.path, bundle: ABIVersion(major: 2, minor: 0, patch: 0), host: .host)
        #expect(report.issues == [.load(expected)])
        let description = try #require(report.issues.first).description
        #expect(description.contains(report.path))
        #expect(description.contains("2.0.0"))
        #expect(description.contains(ABIVersion.host.description))
        await #expect(throws: HostCallError.self) { try await Self.host().widget(kind: "WrongABI") }
        try await Self.expectSampleStillWorks()
    }

    @Test("A bundle built for a newer minor of the same major is refused")
    func newerABIMinorIsRefused() async throws {
        let report = try await Self.report(for: "newer_minor")
        #expect(report.status == .failed)
        let newer = ABIVersion(major: ABIVersion.host.major, minor: ABIVersion.host.minor + 1, patch: 0)
        #expect(report.issues == [.load(.incompatibleABI(path: report.path, bundle: newer, host: .host))])
        await #expect(throws: HostCallError.self) { try await Self.host().widget(kind: "NewerMinor") }
        try await Self.expectSampleStillWorks()
    }

    @Test("A shared object without wk_bundle_entry fails in a folder the user named")
    func missingEntrySymbolFailsInUserFolder() async throws {
        let report = try await Self.report(for: "missing_entry")
        #expect(report.origin == .commandLine)
        #expect(report.status == .failed)
        #expect(report.issues == [.load(.missingEntrySymbol(path: report.path))])
        try await Self.expectSampleStillWorks()
    }

    /// The rule lives in one place (`BundleReport(file:loading:)`) and holds in both isolations.
    @Test("A shared object without wk_bundle_entry is skipped quietly in a default folder", arguments: [false, true])
    func missingEntrySymbolIsSkippedInDefaultFolder(inWorker: Bool) async throws {
        // Only a copy of the one file: loading the whole fixture folder again would call every
        // other fixture's entry and init a second time.
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-default-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("missing_entry.so")
        try FileManager.default.copyItem(at: try await FixtureBundles.bundle("missing_entry"), to: copy)

        let isolation: any BundleIsolation = inWorker ? WorkerIsolation() : InProcessIsolation()
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .workingDirectory)]),
            limits: .hangGuard, storeLocation: TestStore.temporaryLocation(),
            isolation: isolation))
        defer { host.stopWorkers() }
        let report = try #require(host.bundles.reports.first { $0.path.hasSuffix("/missing_entry.so") })
        #expect(report.origin == .workingDirectory)
        #expect(report.status == .skipped)
        #expect(report.issues.isEmpty)
        #expect(host.bundles.catalog.widgets.isEmpty)
        try await Self.expectSampleStillWorks()
    }

    @Test("A file named .so that is not ELF is reported as notELF")
    func nonELFFileIsReported() async throws {
        let report = try await Self.report(for: "not_elf")
        #expect(report.status == .failed)
        #expect(report.issues == [.load(.notELF(path: report.path))])
        try await Self.expectSampleStillWorks()
    }

    @Test("A bundle whose init returns false fails and declares no kinds")
    func initReturningFalseFails() async throws {
        let report = try await Self.report(for: "init_fails")
        #expect(report.status == .failed)
        #expect(report.issues == [.load(.initFailed(path: report.path, bundle: "InitFails"))])
        #expect(report.kinds.isEmpty)
        let error = try await #require(throws: HostCallError.self) { try await Self.host().widget(kind: "InitFails") }
        guard case .unknownKind("InitFails", _) = error else {
            Issue.record("expected unknownKind, got \(error)")
            return
        }
        try await Self.expectSampleStillWorks()
    }

    @Test("A widget declaring an unknown family makes its bundle invalid, naming the family")
    func unknownFamilyIsRefused() async throws {
        let report = try await Self.report(for: "unknown_family")
        #expect(report.status == .failed)
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        guard case .load(.invalidWidget(let path, let index, let kind, let field, let problem)) = issue else {
            Issue.record("expected invalidWidget, got \(issue)")
            return
        }
        #expect(path == report.path)
        #expect(index == 0)
        #expect(kind == "UnknownFamily")
        #expect(field == "supported_families[1]")
        #expect(problem.contains("systemHuge"))
        #expect(issue.description.contains("systemHuge"))
        try await Self.expectSampleStillWorks()
    }

    // MARK: Kinds declared twice

    @Test("A kind declared by two bundles is refused in both; their other kinds still work")
    func duplicateKindIsRefusedInBothBundles() async throws {
        let first = try await Self.report(for: "duplicate_kind_a")
        let second = try await Self.report(for: "duplicate_kind_b")
        for report in [first, second] {
            #expect(report.status == .loaded)
            let duplicates = report.issues.compactMap { issue -> DuplicateKind? in
                if case .duplicateKind(let duplicate) = issue { duplicate } else { nil }
            }
            let duplicate = try #require(duplicates.first, "\(report.path) carries no duplicateKind issue")
            #expect(duplicates.count == 1)
            #expect(duplicate.kind == "DuplicateKind")
            #expect(Set(duplicate.paths) == [first.path, second.path])
            #expect(duplicate.description.contains(first.path))
            #expect(duplicate.description.contains(second.path))
        }

        let host = try await Self.host()
        let error = try #require(throws: HostCallError.self) { try host.widget(kind: "DuplicateKind") }
        guard case .duplicateKind(let duplicate) = error else {
            Issue.record("expected duplicateKind, got \(error)")
            return
        }
        #expect(Set(duplicate.paths) == [first.path, second.path])

        let unique = try host.widget(kind: "UniqueToA")
        #expect(unique.bundlePath == first.path)
        let timeline = try await host.timeline(for: unique, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.count == 1)
        try await Self.expectSampleStillWorks()
    }

    // MARK: Helpers

    /// Calls `kind`'s provider, expecting it to fail, and returns the failure.
    private static func failure(
        of call: ProviderCall, kind: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WidgetCallFailure {
        try await host().expectFailure(of: call, kind: kind, sourceLocation: sourceLocation)
    }

    /// The report for the fixture file `name`.so.
    private static func report(for name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> BundleReport {
        let path = try await FixtureBundles.bundle(name).path
        let host = try await host()
        return try #require(
            host.bundles.reports.first { $0.path == path },
            "no report for \(path)",
            sourceLocation: sourceLocation)
    }

    /// The last error recorded against `kind` once `isWanted` accepts it: answers that come
    /// wrong land on the bundle's thread, after the call returned.
    private static func recordedError(
        kind: String,
        family: WidgetFamily = .systemSmall,
        sourceLocation: SourceLocation = #_sourceLocation,
        where isWanted: @escaping (RecordedError) -> Bool
    ) async throws -> RecordedError {
        let registry = try await host().registry
        let key = TimelineKey(kind: kind, family: family)
        return try await waitFor("an error recorded against \(kind) as wanted", sourceLocation: sourceLocation) {
            // The violation has a field of its own: the call's timeout, recorded when the waiting
            // task resumes, may land after it as lastError.
            let record = registry.record(for: key)
            return [record?.lastError, record?.lastCompletionViolation].compactMap { $0 }.first(where: isWanted)
        }
    }

    private static func violation(in error: RecordedError?) -> CompletionViolation? {
        guard case .completion(let violation)? = error?.cause else { return nil }
        return violation
    }

    /// The real MoviePlanner sample, loaded beside the fixtures, still answers with its three
    /// movies.
    private static func expectSampleStillWorks(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let host = try await host()
        let widget = try host.widget(kind: "MoviePlannerWidget")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.count == 3, sourceLocation: sourceLocation)
        #expect(timeline.entries.first?.content["name"] == .string("Avengers: Infinity War"), sourceLocation: sourceLocation)
    }
}

/// Drops whatever bundles say through their host services.
private struct SilentServicesDelegate: BundleServicesDelegate {
    func bundleLogged(_ line: BundleLogLine) {}
    func reloadRequested(kinds: [String], bundle: String, path: String) {}
    func answerDefaults(_ request: DefaultsRequest, in group: AppGroupID, bundle: String) -> DefaultsReply {
        DefaultsReply(.storeUnavailable(reason: "this test has no store"))
    }
}
