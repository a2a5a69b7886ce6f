import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetValidation

/// `BundleValidator`: every sample passes, and each authoring mistake of Tests/Fixtures/Bundles
/// is reported by the check it belongs to, with a fix. Bundles run in workers unless a test says
/// otherwise, so the crashing ones cannot take the test runner down.
@Suite("Bundle validator")
struct BundleValidatorTests {
    /// Seconds every call may take: a hang guard (`CallLimits.hangGuard`), so that no answer
    /// becomes a timeout because the machine is slow.
    static let timeout = CallLimits.hangGuard.timelineTimeout
    /// Seconds a call may take where the fixture hangs or answers late on purpose: short, so
    /// the timeout comes quickly.
    static let hangTimeout = 1.0

    static func validate(
        _ file: URL, timeout: Double? = timeout, isolation: any BundleIsolation = .worker(),
        adjusting adjust: (inout BundleValidator.Options) -> Void = { _ in }
    ) async throws -> ValidationReport {
        var options = BundleValidator.Options()
        if let timeout { options.limits = CallLimits(timeout: timeout) }
        options.isolation = isolation
        adjust(&options)
        return try await BundleValidator(options: options).validate(file.path)
    }

    static func fixture(_ name: String) async throws -> URL {
        try await FixtureBundles.bundle(name)
    }

    // MARK: Samples

    @Test("Every sample passes every check", arguments: ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget"])
    func samplePasses(product: String) async throws {
        let file = TestPaths.sampleBundle(product)
        try #require(FileManager.default.fileExists(atPath: file.path), "\(file.path) missing; run swift build first")
        // The host's own timeouts: a sample must live within what the daemon allows.
        let report = try await Self.validate(file, timeout: nil)
        #expect(report.checks.map(\.id) == ValidationCheck.ID.allCases)
        for check in report.checks {
            #expect(check.status != .fail, "\(product): \(check.id.rawValue): \(check.message) — \(check.fix ?? "")")
            #expect(check.status != .skip, "\(product): \(check.id.rawValue) skipped: \(check.message)")
        }
        #expect(report.passed)
        #expect(report.bundlePath == file.path)
    }

    // MARK: Seeded mistakes

    /// One authoring mistake: the fixture, the check that must fail, and words its message and
    /// fix must hold.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let fixture: String
        let check: ValidationCheck.ID
        let message: [String]
        let fix: String
        /// The call timeout: a hang guard, unless the mistake is a hang or a late answer.
        var timeout = BundleValidatorTests.timeout
        var testDescription: String { "\(fixture) → \(check.rawValue)" }
    }

    static let mistakes: [Mistake] = [
        Mistake(fixture: "missing_entry", check: .entrySymbol, message: ["does not export wk_bundle_entry"], fix: "WK_EXPORT"),
        Mistake(fixture: "not_elf", check: .entrySymbol, message: ["not an ELF file"], fix: "shared library"),
        Mistake(fixture: "wrong_abi", check: .abiVersion, message: ["2.0.0", ABIVersion.host.description], fix: "rebuild"),
        Mistake(
            fixture: "newer_minor", check: .abiVersion,
            message: ["\(ABIVersion.host.major).\(ABIVersion.host.minor + 1).0", ABIVersion.host.description], fix: "rebuild"),
        Mistake(fixture: "init_fails", check: .loads, message: ["returned false from init", "refusing to start"], fix: "init return true"),
        Mistake(fixture: "unknown_family", check: .descriptors, message: ["systemHuge", "unknown family"], fix: "systemSmall"),
        Mistake(fixture: "same_kind_twice", check: .kindsUnique, message: ["SameKindTwice", "declared twice"], fix: "kind of its own"),
        Mistake(fixture: "bad_group", check: .appGroups, message: ["app_groups[1]", "group.bad..name"], fix: "group.<reverse-DNS>"),
        Mistake(fixture: "placeholder_returns_early", check: .placeholderFast, message: ["without calling its completion"], fix: "before returning"),
        Mistake(
            fixture: "never_completes", check: .snapshotPreviewFast, message: ["NeverCompletes", "timeout"], fix: "within 1 s",
            timeout: hangTimeout),
        Mistake(
            fixture: "never_completes", check: .timelineValid, message: ["NeverCompletes (systemSmall)", "timeout"], fix: "exactly once",
            timeout: hangTimeout),
        Mistake(fixture: "unsorted_entries", check: .timelineValid, message: ["out of order"], fix: "sort the entries"),
        Mistake(fixture: "garbage_json", check: .timelineValid, message: ["not valid payload JSON"], fix: "payload.h"),
        // 1e999 does not fit a Double, so JSON decoding refuses it before the date check.
        Mistake(fixture: "non_finite_dates", check: .timelineValid, message: ["not valid payload JSON"], fix: "payload.h"),
        Mistake(
            fixture: "huge_payload", check: .timelineValid, message: ["too large", "1048576"], fix: "fewer or smaller entries"),
        Mistake(fixture: "provider_error", check: .timelineValid, message: ["database offline"], fix: "fresh install"),
        Mistake(fixture: "completes_twice", check: .completesOnce, message: ["second time"], fix: "exactly once"),
        Mistake(
            fixture: "completes_late", check: .completesOnce, message: ["late completion", "past the 1 s timeout"], fix: "within the timeout",
            timeout: hangTimeout),
        Mistake(fixture: "segfaults", check: .survives, message: ["signal 11", "SIGSEGV", "Segfaults (systemSmall)"], fix: "debugger"),
        Mistake(fixture: "aborts", check: .survives, message: ["signal 6"], fix: "debugger"),
        Mistake(fixture: "exits", check: .survives, message: ["exited with status 0"], fix: "exit()"),
        // Its file attempts are denied silently by the kernel; its defaults calls for groups it
        // does not declare (one through its host services, one forged on the channel) are
        // refused by the host, which the check sees.
        Mistake(
            fixture: "hostile", check: .sandbox,
            message: ["'group.widgethost.forged', 'group.widgethost.victim'", "does not declare"],
            fix: "declare the groups group.widgethost.forged, group.widgethost.victim"),
    ]

    @Test("Each seeded mistake fails the check it belongs to, with a fix", arguments: mistakes)
    func mistakeIsReported(_ mistake: Mistake) async throws {
        let report = try await Self.validate(Self.fixture(mistake.fixture), timeout: mistake.timeout)
        let check = try #require(report.check(mistake.check))
        #expect(check.status == .fail, "\(check.message)")
        for words in mistake.message {
            #expect(check.message.contains(words), "\(mistake.check.rawValue) says: \(check.message)")
        }
        #expect(check.fix?.contains(mistake.fix) == true, "fix: \(check.fix ?? "none")")
        #expect(!report.passed)
        #expect(report.checks.map(\.id) == ValidationCheck.ID.allCases)
        // Messages name the file as given, never the temporary link the host loaded it through.
        for check in report.checks {
            #expect(!check.message.contains("widgethost-validate-"), "\(check.id.rawValue): \(check.message)")
        }
    }

    @Test("A failed prerequisite skips the checks after it")
    func prerequisitesSkip() async throws {
        let missing = try await Self.validate(Self.fixture("missing_entry"))
        #expect(missing.checks.filter { $0.status != .skip }.map(\.id) == [.entrySymbol])

        let wrongABI = try await Self.validate(Self.fixture("wrong_abi"))
        #expect(wrongABI.check(.entrySymbol)?.status == .pass)
        #expect(wrongABI.check(.loads)?.status == .skip)
        #expect(wrongABI.count(.skip) == ValidationCheck.ID.allCases.count - 2)

        // The loader checks App Groups before init: the steps before pass, the load fails.
        let badGroup = try await Self.validate(Self.fixture("bad_group"))
        #expect(badGroup.check(.abiVersion)?.status == .pass)
        #expect(badGroup.check(.loads)?.status == .fail)
        #expect(badGroup.check(.loads)?.message.contains("app-groups") == true)
        #expect(badGroup.check(.timelineValid)?.status == .skip)
    }

    @Test("The worker dying while loading fails loads, naming the signal")
    func crashWhileLoading() async throws {
        let file = try FixtureCompiler.compile("Tests/Fixtures/ScanCrashes/crashes_at_init.c")
        let report = try await Self.validate(file)
        let loads = try #require(report.check(.loads))
        #expect(loads.status == .fail)
        #expect(loads.message.contains("crashed while loading: signal 11"), "\(loads.message)")
        #expect(loads.fix != nil)
        #expect(report.check(.entrySymbol)?.status == .pass)
        #expect(report.check(.survives)?.status == .skip)
        // Nothing is sandboxed in process.
        #expect(report.check(.sandbox)?.status == .skip)
    }

    @Test("A crash during a call fails survives, and the validator goes on with the next calls")
    func survivesACrash() async throws {
        let report = try await Self.validate(Self.fixture("segfaults"))
        // Placeholder and snapshot ran before the crash, in a worker that then died and restarted.
        // (Pass, or on a loaded machine a warning that they were slow: they answered.)
        for id in [ValidationCheck.ID.placeholderFast, .snapshotPreviewFast] {
            #expect([.pass, .warn].contains(report.check(id)?.status), "\(id.rawValue): \(report.check(id)?.message ?? "")")
        }
        #expect(report.check(.timelineValid)?.status == .fail)
        #expect(report.check(.timelineValid)?.message.contains("signal 11") == true)
        #expect(report.check(.completesOffThread)?.status == .skip)
    }

    @Test("A timeline that never completes is a timeout, not a late completion, and not a crash")
    func neverCompletesIsNotLate() async throws {
        // The probe waits out the whole late-completion window for an answer that never comes:
        // any window tells "never" from "late" here, so a short one.
        let report = try await Self.validate(Self.fixture("never_completes"), timeout: Self.hangTimeout) { $0.lateCompletionWindow = 1 }
        #expect([.pass, .warn].contains(report.check(.placeholderFast)?.status))
        let once = try #require(report.check(.completesOnce))
        #expect(once.status == .pass)
        #expect(once.message.contains("never completed"), "\(once.message)")
        // The host recycles a worker whose call timed out: that is no death of the bundle.
        #expect(report.check(.survives)?.status == .pass, "\(report.check(.survives)?.message ?? "")")
    }

    @Test("A late completion is caught in process too, where survives does not apply")
    func lateCompletionInProcess() async throws {
        // A copy: the test runner loads the fixture folder in process elsewhere, and a file is
        // loaded once per process.
        let report = try await Self.validate(Self.privateCopy(of: "completes_late"), timeout: Self.hangTimeout, isolation: .inProcess)
        #expect(report.check(.completesOnce)?.status == .fail)
        #expect(report.check(.completesOnce)?.message.contains("late completion") == true)
        #expect(report.check(.timelineValid)?.status == .fail)
        #expect(report.check(.survives)?.status == .skip)
    }

    @Test("A timeline that changes from call to call warns under concurrent calls; warnings still pass")
    func warningsPass() async throws {
        let report = try await Self.validate(Self.fixture("flaky_timeline"))
        let offThread = try #require(report.check(.completesOffThread))
        #expect(offThread.status == .warn)
        #expect(offThread.fix != nil)
        #expect(report.check(.timelineValid)?.status == .pass)
        #expect(report.passed)
    }

    @Test("Completing on another thread, once and in time, passes both completion checks")
    func completesOffThreadInTime() async throws {
        // completes_late answers from a thread of its own after 2.5 s: within a 5 s timeout. Each
        // round of concurrent calls waits for those 2.5 s, and one round already makes them at once.
        let report = try await Self.validate(Self.fixture("completes_late"), timeout: 5) { $0.concurrentRounds = 1 }
        #expect(report.check(.timelineValid)?.status == .pass)
        #expect(report.check(.completesOnce)?.status == .pass)
        #expect(report.check(.completesOffThread)?.status == .pass, "\(report.check(.completesOffThread)?.message ?? "")")
        #expect(report.passed)
    }

    @Test("A file that is not there, or not a file, cannot be validated")
    func unusablePaths() async throws {
        let missing = "/nonexistent/widgethost-\(UUID().uuidString).so"
        await #expect(throws: BundleValidatorError.fileNotFound(path: missing)) {
            _ = try await BundleValidator().validate(missing)
        }
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-validate-folder")
        await #expect(throws: BundleValidatorError.notAFile(path: folder.path)) {
            _ = try await BundleValidator().validate(folder.path)
        }
    }

    // MARK: The symbol table reader

    @Test("The symbol table reader finds wk_bundle_entry without loading the file")
    func readsSymbolTables() async throws {
        #expect(ELFSymbolReader.inspect(TestPaths.sampleBundle("CounterWidget").path, symbol: "wk_bundle_entry") == .exported(isFunction: true))
        #expect(ELFSymbolReader.inspect(try await Self.fixture("never_completes").path, symbol: "wk_bundle_entry") == .exported(isFunction: true))
        #expect(ELFSymbolReader.inspect(try await Self.fixture("missing_entry").path, symbol: "wk_bundle_entry") == .missing)
        #expect(ELFSymbolReader.inspect(try await Self.fixture("missing_entry").path, symbol: "fixture_not_a_widget_bundle") == .exported(isFunction: true))
        #expect(ELFSymbolReader.inspect(try await Self.fixture("not_elf").path, symbol: "wk_bundle_entry") == .notELF)
        // Swift's own symbols are in the table, but local: not what dlsym finds.
        let swiftLocal = "$s13WidgetPayload15AppGroupIDErrorVN"
        #expect(ELFSymbolReader.inspect(TestPaths.sampleBundle("CounterWidget").path, symbol: swiftLocal) == .notExported)
        // A header that points past the end of the file.
        let truncated = try Data(contentsOf: TestPaths.sampleBundle("CounterWidget")).prefix(64)
        let finding = truncated.withUnsafeBytes { ELFSymbolReader.inspect($0, symbol: "wk_bundle_entry") }
        guard case .unreadable = finding else {
            Issue.record("expected unreadable, got \(finding)")
            return
        }
    }

    // MARK: Helpers


    /// A copy of a fixture under a path of its own, so loading it in process loads it afresh.
    static func privateCopy(of name: String) async throws -> URL {
        let copy = try TestPaths.makeTemporaryDirectory("widgethost-validate-copy").appendingPathComponent("\(name).so")
        try FileManager.default.copyItem(at: try await fixture(name), to: copy)
        return copy
    }

}

/// `validate` checks every drawn control as a click would be checked: the intents fixture's
/// placeholder has a button for a declared intent, one for an intent it does not declare, and
/// one with a value its parameter does not take.
@Suite("Bundle validator: controls")
struct ValidatorControlTests {
    @Test func controlsAClickWouldBeRefusedOnAreViewFailures() async throws {
        let bundle = try FixtureCompiler.compile("Tests/Fixtures/Intents/intents_bundle.c")
        let report = try await BundleValidatorTests.validate(bundle, isolation: .inProcess)
        let views = try #require(report.checks.first { $0.id == .views })
        #expect(views.status == .fail, "\(views.message)")
        // Vanish and the bad mode, in the placeholder and the snapshot; not the good button.
        #expect(views.message.contains("Vanish"), "\(views.message)")
        #expect(views.message.hasSuffix("(and 3 more)"), "\(views.message)")
        let (host, _) = try await offThePool { try ConfigurableFixture.host(.inProcess, source: "Tests/Fixtures/Intents/intents_bundle.c") }
        let widget = try host.widget(kind: "IntentsProbe")
        #expect(throws: HostCallError.self) {
            try BundleHost.checkAction(intent: "Succeed", parameters: ["mode": .string("sideways")], of: widget)
        }
        try BundleHost.checkAction(intent: "Succeed", parameters: ["amount": .integer(2)], of: widget)
        #expect(views.fix?.contains("intents:") == true)
    }
}
