import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// The compatibility matrix of docs/abi.md: bundles built against each ABI's headers, in a host
/// that speaks today's ABI (1.7) or plays an older one (`HostConfiguration.abiVersion`, which
/// workers get too). Either the bundle loads and answers, or it is refused with a message that
/// names both versions and says what to do.
@Suite("ABI compatibility matrix")
struct ABICompatibilityTests {
    /// The one C source, built against each ABI's headers (Tests/Fixtures/Compat).
    enum Build: String, CaseIterable, CustomStringConvertible {
        case abi10 = "Tests/Fixtures/Headers/abi-1.0"
        case abi11 = "Tests/Fixtures/Headers/abi-1.1"
        case abi12 = "Tests/Fixtures/Headers/abi-1.2"
        case abi13 = "Tests/Fixtures/Headers/abi-1.3"
        case abi14 = "Tests/Fixtures/Headers/abi-1.4"
        case abi15 = "Tests/Fixtures/Headers/abi-1.5"
        case abi16 = "Tests/Fixtures/Headers/abi-1.6"
        case abi17 = "sdk/WidgetABI/include"
        /// Today's headers, but claiming 1.7 whatever the host says.
        case abi17Careless = "careless"

        var description: String {
            switch self {
            case .abi10: "C, ABI 1.0 headers"
            case .abi11: "C, ABI 1.1 headers"
            case .abi12: "C, ABI 1.2 headers"
            case .abi13: "C, ABI 1.3 headers"
            case .abi14: "C, ABI 1.4 headers"
            case .abi15: "C, ABI 1.5 headers"
            case .abi16: "C, ABI 1.6 headers"
            case .abi17: "C, ABI 1.7 headers"
            case .abi17Careless: "C, ABI 1.7 headers, no degrading"
            }
        }
    }

    enum Mode: String, CaseIterable, CustomStringConvertible {
        case inProcess, worker
        var description: String { rawValue }

        var isolation: any BundleIsolation {
            switch self {
            case .inProcess: InProcessIsolation()
            case .worker: WorkerIsolation()
            }
        }
    }

    /// Every build, compiled once, before any worker starts (they must not inherit a compiler's pipe).
    private static let builds: Result<[Build: URL], any Error> = Result {
        var built: [Build: URL] = [:]
        for build in Build.allCases {
            built[build] = try FixtureCompiler.compile(
                "Tests/Fixtures/Compat/compat_bundle.c",
                defines: build == .abi17Careless ? ["COMPAT_NO_DEGRADE"] : [],
                headers: build == .abi17Careless ? Build.abi17.rawValue : build.rawValue)
        }
        return built
    }

    static let v10 = ABIVersion(major: 1, minor: 0, patch: 0)
    static let v11 = ABIVersion(major: 1, minor: 1, patch: 0)
    static let v12 = ABIVersion(major: 1, minor: 2, patch: 0)
    static let v13 = ABIVersion(major: 1, minor: 3, patch: 0)
    static let v14 = ABIVersion(major: 1, minor: 4, patch: 0)
    static let v15 = ABIVersion(major: 1, minor: 5, patch: 0)
    static let v16 = ABIVersion(major: 1, minor: 6, patch: 0)
    static let v17 = ABIVersion(major: 1, minor: 7, patch: 0)

    /// A host over a private copy of `file` (a library of its own, so no earlier load in this
    /// process answers for it), speaking `abi`.
    private static func host(_ file: URL, abi: ABIVersion, mode: Mode) throws -> (BundleHost, BundleReport) {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-abi-matrix")
        let copy = folder.appendingPathComponent(file.lastPathComponent)
        try TestPaths.copyBundle(file, into: folder)
        var configuration = HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard,
            storeLocation: TestStore.temporaryLocation(),
            isolation: mode.isolation)
        configuration.abiVersion = abi
        let host = BundleHost(configuration)
        let report = try #require(host.bundles.reports.first { $0.path == copy.path }, "no report for \(copy.path)")
        return (host, report)
    }

    private static func compat(_ build: Build, abi: ABIVersion, mode: Mode) throws -> (BundleHost, BundleReport) {
        try host(try #require(try builds.get()[build]), abi: abi, mode: mode)
    }

    /// The compat bundle's timeline content: what it was built against, claimed and saw.
    private static func content(_ host: BundleHost, kind: String = "Compat") async throws -> JSONValue {
        let widget = try host.widget(kind: kind)
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        defer { host.stopWorkers() }
        return try #require(timeline.entries.first).content
    }

    // MARK: older bundles, today's host

    @Test("A bundle built against older headers loads and answers in today's host", arguments: [Build.abi10, .abi11], Mode.allCases)
    func olderBundlesLoadInTodaysHost(_ build: Build, _ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(build, abi: .host, mode: mode) }
        #expect(report.status == .loaded, "\(report.issues)")
        let older = build == .abi10 ? Self.v10 : Self.v11
        #expect(report.bundle?.abiVersion == older)
        // 1.1's App Groups are read from a 1.1 bundle, whose struct ends before 1.2's field.
        #expect(report.bundle?.appGroups.map(\.rawValue) == (build == .abi10 ? [] : ["group.example.compat"]))
        #expect(report.bundle?.sdkVersion == nil)
        let content = try await Self.content(host)
        let minor = build == .abi10 ? "1.0" : "1.1"
        #expect(content == .object([
            "headers": .string(minor), "claimed": .string(minor), "hostABI": .string("1.7"),
            "hostHasDefaults": .bool(build != .abi10),
        ]))
    }

    @Test("A 1.0 bundle loads in a host speaking 1.1")
    func abi10InA11Host() async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi10, abi: Self.v11, mode: .inProcess) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(try await Self.content(host)["hostABI"] == .string("1.1"))
    }

    // MARK: today's bundles

    @Test("Today's C bundle in today's host names its SDK", arguments: Mode.allCases)
    func todaysBundleInTodaysHost(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi17, abi: .host, mode: mode) }
        #expect(report.bundle?.abiVersion == Self.v17)
        #expect(report.bundle?.sdkVersion == "widgethost C headers 1.7.0")
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        #expect(try await Self.content(host)["hostHasDefaults"] == .bool(true))
    }

    @Test("A 1.2 C bundle loads in today's host, its kind static", arguments: Mode.allCases)
    func abi12BundleInTodaysHost(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi12, abi: .host, mode: mode) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v12)
        #expect(report.bundle?.sdkVersion == "widgethost C headers 1.2.0")
        #expect(host.bundles.catalog.widgets.first?.configurationSchema == nil)
        let content = try await Self.content(host)
        #expect(content["headers"] == .string("1.2"))
        #expect(content["hostABI"] == .string("1.7"))
    }

    @Test("A 1.3 C bundle loads in today's host, declaring no intents", arguments: Mode.allCases)
    func abi13BundleInTodaysHost(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi13, abi: .host, mode: mode) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v13)
        #expect(report.bundle?.intents == [])
        #expect(try await Self.content(host)["headers"] == .string("1.3"))
    }

    @Test("A 1.4 C bundle loads in today's host and performs its intent", arguments: Mode.allCases)
    func abi14BundleInTodaysHost(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi14, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v14)
        #expect(report.bundle?.sdkVersion == "widgethost C headers 1.4.0")
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        try await host.perform(kind: "Compat", intent: "Nudge", parameters: [:])
    }

    @Test("Today's C bundle performs its intent in today's host", arguments: Mode.allCases)
    func todaysBundlePerforms(_ mode: Mode) async throws {
        let (host, _) = try await offThePool { try Self.compat(.abi17, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        try await host.perform(kind: "Compat", intent: "Nudge", parameters: [:])
    }

    // 1.5's sandbox_flags: today's compat bundle sets WK_SANDBOX_NO_NETWORK; the 1.4 one cannot.
    @Test("A C bundle declaring WK_SANDBOX_NO_NETWORK loads without the network; a 1.4 bundle keeps it",
          arguments: [Build.abi17, .abi14], Mode.allCases)
    func noNetworkDeclaration(_ build: Build, _ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(build, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.usesNetwork == (build == .abi14))
    }

    @Test("Today's C bundle degrades to a host speaking 1.4: intents kept, sandbox flags unseen", arguments: Mode.allCases)
    func todaysBundleDegradesTo14(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi17, abi: Self.v14, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v14)
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        // Its struct ends at 1.4's `perform`: the WK_SANDBOX_NO_NETWORK after it is not read.
        #expect(report.bundle?.usesNetwork == true)
        let content = try await Self.content(host)
        #expect(content["claimed"] == .string("1.4"))
        #expect(content["hostABI"] == .string("1.4"))
    }

    @Test("Today's C bundle degrades to a host speaking 1.1", arguments: Mode.allCases)
    func todaysBundleDegradesTo11(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi17, abi: Self.v11, mode: mode) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v11)
        #expect(report.bundle?.appGroups.count == 1)
        #expect(report.bundle?.sdkVersion == nil)
        // Its struct ends at 1.1's last field: the intents and sandbox flags after it are not read.
        #expect(report.bundle?.intents == [])
        #expect(report.bundle?.usesNetwork == true)
        let content = try await Self.content(host)
        #expect(content["claimed"] == .string("1.1"))
        #expect(content["hostABI"] == .string("1.1"))
    }

    @Test("A C bundle that ignores the host's version is refused by a 1.1 host, naming both versions")
    func carelessBundleIsRefused() async throws {
        let (_, report) = try await offThePool { try Self.compat(.abi17Careless, abi: Self.v11, mode: .inProcess) }
        Self.expectRefused(report, bundle: Self.v17, host: Self.v11)
    }

    @Test("Today's C bundle refuses a 1.0 host it cannot serve (App Groups), naming both versions", arguments: Mode.allCases)
    func todaysBundleRefuses10(_ mode: Mode) async throws {
        let (_, report) = try await offThePool { try Self.compat(.abi17, abi: Self.v10, mode: mode) }
        Self.expectRefused(report, bundle: Self.v17, host: Self.v10)
    }

    // MARK: the Swift SDK

    @Test("A Swift bundle built now serves a host speaking 1.1, as a 1.1 bundle", arguments: Mode.allCases)
    func swiftBundleIn11Host(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.host(TestPaths.sampleBundle("CounterWidget"), abi: Self.v11, mode: mode) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v11)
        // Its group, from its entitlements.
        #expect(report.bundle?.appGroups.map(\.rawValue) == ["group.dev.widgethost.counter"])
        #expect(report.bundle?.sdkVersion == nil)
        // Its entitlements put it in the App Sandbox without network.client, whatever ABI the
        // host speaks to it: the host reads them itself.
        #expect(report.bundle?.usesNetwork == false)
        _ = try await Self.content(host, kind: "CounterWidget")
    }

    @Test("A Swift bundle without App Groups serves a host speaking 1.0")
    func swiftBundleIn10Host() async throws {
        let (host, report) = try await offThePool { try Self.host(TestPaths.sampleBundle("MoviePlannerWidget"), abi: Self.v10, mode: .worker) }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v10)
        let widget = try #require(host.bundles.catalog.widgets.first)
        _ = try await host.placeholder(for: widget, in: CallContext(family: widget.defaultFamily))
        host.stopWorkers()
    }

    @Test("A Swift bundle in today's host names the SDK that built it, and what it gives up")
    func swiftBundleNamesItsSDK() async throws {
        // Tests/Fixtures/AppleNames/Sources/AppleWidget: an explicit entry, `export(appGroups:usesNetwork: false)`.
        let (host, report) = try await offThePool {
            try Self.host(try FixturePackage.library("AppleWidget"), abi: .host, mode: .worker)
        }
        defer { host.stopWorkers() }
        #expect(report.bundle?.abiVersion == Self.v17)
        #expect(report.bundle?.sdkVersion?.hasPrefix("WidgetSDK ") == true)
        #expect(report.bundle?.sdkVersion?.hasSuffix("(ABI 1.7.0)") == true)
        #expect(report.bundle?.usesNetwork == false)
    }

    @Test("A Swift bundle that keeps the default uses the network")
    func swiftBundleKeepsTheNetworkByDefault() async throws {
        let (host, report) = try await offThePool { try Self.host(TestPaths.sampleBundle("MoviePlannerWidget"), abi: .host, mode: .inProcess) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.usesNetwork == true)
    }

    @Test("A Swift bundle refuses hosts it cannot serve, naming both versions",
          arguments: [ABICompatibilityTests.v10, ABIVersion(major: 2, minor: 0, patch: 0)])
    func swiftBundleRefuses(_ abi: ABIVersion) async throws {
        // Its table declares an App Group, which a 1.0 host cannot serve.
        let (_, report) = try await offThePool {
            try Self.host(try FixturePackage.library("AppleWidget"), abi: abi, mode: .worker)
        }
        Self.expectRefused(report, bundle: Self.v17, host: abi)
    }

    // MARK: 1.6's previews

    @Test("A 1.5 C bundle loads in today's host, with no previews", arguments: Mode.allCases)
    func abi15BundleHasNoPreviews(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi15, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v15)
        #expect(report.bundle?.usesNetwork == false)
        // Its widget struct ends before `previews`: the host answers for it, with none.
        #expect(try await host.previews(kind: "Compat", in: CallContext(family: .systemSmall)) == [])
    }

    @Test("Today's C bundle's previews reach today's host; degraded to 1.5 it shows none", arguments: Mode.allCases)
    func cPreviews(_ mode: Mode) async throws {
        let (host, _) = try await offThePool { try Self.compat(.abi17, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        let previews = try await host.previews(kind: "Compat", in: CallContext(family: .systemSmall))
        #expect(previews.map(\.name) == ["Compat 1.7"])
        #expect(previews.first?.source == "compat_bundle.c:1")

        let (older, report) = try await offThePool { try Self.compat(.abi17, abi: Self.v15, mode: mode) }
        defer { older.stopWorkers() }
        #expect(report.bundle?.abiVersion == Self.v15)
        // Shaped as 1.5, with the bundle's 1.5 fields still read.
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        #expect(report.bundle?.usesNetwork == false)
        #expect(try await older.previews(kind: "Compat", in: CallContext(family: .systemSmall)) == [])
    }

    @Test("A Swift bundle's #Preview entries reach today's host; a host speaking 1.5 sees none", arguments: Mode.allCases)
    func swiftPreviews(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.host(TestPaths.sampleBundle("CounterWidget"), abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.bundle?.abiVersion == Self.v17)
        let previews = try await host.previews(kind: "CounterWidget", in: CallContext(family: .systemSmall))
        #expect(previews.map(\.name) == ["Seven"])
        guard case .entries(let entries)? = previews.first?.content else {
            Issue.record("expected entries, got \(previews)")
            return
        }
        #expect(entries.map { $0.content["count"] } == [.integer(7), .integer(42)])

        let (older, olderReport) = try await offThePool { try Self.host(TestPaths.sampleBundle("CounterWidget"), abi: Self.v15, mode: mode) }
        defer { older.stopWorkers() }
        #expect(olderReport.bundle?.abiVersion == Self.v15)
        #expect(try await older.previews(kind: "CounterWidget", in: CallContext(family: .systemSmall)) == [])
    }

    // MARK: 1.7's entity queries

    @Test("A 1.6 C bundle loads in today's host, its previews kept", arguments: Mode.allCases)
    func abi16BundleInTodaysHost(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi16, abi: .host, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v16)
        #expect(report.bundle?.sdkVersion == "widgethost C headers 1.6.0")
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        #expect(report.bundle?.usesNetwork == false)
        let previews = try await host.previews(kind: "Compat", in: CallContext(family: .systemSmall))
        #expect(previews.map(\.name) == ["Compat 1.6"])
        #expect(try await Self.content(host)["hostABI"] == .string("1.7"))
    }

    @Test("Today's C bundle degrades to a host speaking 1.6: intents, sandbox flags and previews kept", arguments: Mode.allCases)
    func todaysBundleDegradesTo16(_ mode: Mode) async throws {
        let (host, report) = try await offThePool { try Self.compat(.abi17, abi: Self.v16, mode: mode) }
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.abiVersion == Self.v16)
        #expect(report.bundle?.intents.map(\.name) == ["Nudge"])
        #expect(report.bundle?.usesNetwork == false)
        #expect(try await host.previews(kind: "Compat", in: CallContext(family: .systemSmall)).map(\.name) == ["Compat 1.7"])
        let content = try await Self.content(host)
        #expect(content["claimed"] == .string("1.6"))
        #expect(content["hostABI"] == .string("1.6"))
    }

    @Test("A configurable C bundle built against 1.6 headers is searched by the host; built now, by its query",
          arguments: Mode.allCases)
    func entityQueryAcrossVersions(_ mode: Mode) async throws {
        let isolation: ConfigurableFixture.Isolation = mode == .inProcess ? .inProcess : .worker
        let (older, olderReport) = try await offThePool {
            try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_EDIT_SHEET"], headers: Build.abi16.rawValue)
        }
        defer { older.stopWorkers() }
        #expect(olderReport.bundle?.abiVersion == Self.v16)
        let kind = ConfigurableFixture.kind
        // Hidden Cove is no suggestion: the host's own matching cannot find it.
        #expect(try await older.entityOptions(kind: kind, parameter: "spot", matching: "cove") == [])
        #expect(try await older.entityOptions(kind: kind, parameter: "spot", matching: "lak").map(\.value) == ["lake"])

        let (today, report) = try await offThePool { try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_EDIT_SHEET"]) }
        defer { today.stopWorkers() }
        #expect(report.bundle?.abiVersion == Self.v17)
        #expect(try await today.entityOptions(kind: kind, parameter: "spot", matching: "cove").map(\.value) == ["cove"])
    }

    // MARK: the messages

    @Test("A NULL entry is reported with the host's version and what to do")
    func nullEntryMessage() {
        let message = BundleLoadError.entryReturnedNull(path: "/b.so", host: Self.v11).description
        #expect(message.contains("host ABI 1.1.0"))
        #expect(message.contains("rebuild the bundle against widgethost ABI 1.1's SDK or update the host"))
    }

    private static func expectRefused(
        _ report: BundleReport, bundle: ABIVersion, host: ABIVersion, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(report.status == .failed, sourceLocation: sourceLocation)
        guard case .load(.incompatibleABI(_, let built, let spoken))? = report.issues.first else {
            Issue.record("expected incompatibleABI, got \(report.issues)", sourceLocation: sourceLocation)
            return
        }
        #expect(built == bundle && spoken == host, sourceLocation: sourceLocation)
        let message = report.issues.first?.description ?? ""
        #expect(message.contains("built against widgethost ABI \(bundle)"), sourceLocation: sourceLocation)
        #expect(message.contains("this host speaks ABI \(host)"), sourceLocation: sourceLocation)
        #expect(message.contains("rebuild the bundle against widgethost ABI \(host.major).\(host.minor)'s SDK or update the host"),
                sourceLocation: sourceLocation)
    }
}
