import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

/// A worker is its bundle's extension process (Tests/Fixtures/SwiftBundles/Sources/ExtensionProcess): `Bundle.main`
/// is the bundle's own, the main thread runs the main run loop, and a bundle in the App Sandbox
/// without the network gets none, so its request fails at once. Each in a worker spawned afresh
/// and in one the fork server forked, whose thread is not the one Foundation and libdispatch
/// took for the main one when the server started.
///
/// Serialized: a `forked` case needs its host's fork server to start and answer within
/// `WorkerLauncher.answerTimeoutSeconds` (10 s), else the worker is spawned and the case fails;
/// every case starts a host with workers and a fork server of its own, and seven at once on a
/// 2-core machine make a late server likelier.
@Suite("The extension's process, in a worker", .serialized)
struct ExtensionProcessTests {
    enum WorkerStart: String, CaseIterable, Sendable {
        case spawned, forked
    }

    /// A host over the fixture whose worker was started as `start` says. A host's first two
    /// starts spawn (the second also starts the fork server; this bundle's no-network
    /// declaration restarts its first worker at its scan), later ones fork: for `forked`, the
    /// worker is stopped and called again until the one serving was forked.
    static func host(_ start: WorkerStart) async throws -> BundleHost {
        let host = try await offThePool { try FixturePackage.workerHost("ExtensionProcess", shipping: true) }
        _ = try await entry(of: "MainQueue", in: host)
        for _ in 0..<3 where start == .forked {
            let worker = try #require(host.bundles.workers.first)
            if try isForked(try #require(worker.runningProcessID)) { break }
            host.stopWorkers()
            try await waitUntil("the stopped worker to be gone") { worker.runningProcessID == nil }
            _ = try await entry(of: "MainQueue", in: host)
        }
        let pid = try #require(host.bundles.workers.first?.runningProcessID)
        #expect(try isForked(pid) == (start == .forked), "the worker serving is \(start)")
        return host
    }

    /// A forked worker keeps the fork server's command line.
    static func isForked(_ pid: pid_t) throws -> Bool {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        return bytes.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == WorkerForkServer.argument }
    }

    static func entry(of kind: String, in host: BundleHost) async throws -> WidgetEntry {
        let widget = try host.widget(kind: kind)
        return try #require(try await host.timeline(for: widget, in: CallContext(family: .systemSmall)).entries.first)
    }

    @Test("Bundle.main is the extension's bundle: its identifier, its Info.plist and the files it ships",
          arguments: WorkerStart.allCases)
    func bundleMainIsTheExtensionsBundle(start: WorkerStart) async throws {
        let host = try await Self.host(start)
        defer { host.stopWorkers() }
        // The provider's `Logger` takes its subsystem from `Bundle.main.bundleIdentifier!`, which
        // killed the worker when Bundle.main was the worker's.
        let fields = try #require(try await Self.entry(of: "BundleMain", in: host).content["fields"]?.objectValue)
        #expect(fields["identifier"] == .string("dev.widgethost.tests.ExtensionProcess"))
        #expect(fields["displayName"] == .string("Extension Process"), "object(forInfoDictionaryKey:)")
        #expect(fields["version"] == .string("2.4"), "infoDictionary")
        #expect(fields["endpoint"] == .string("https://quotes.example.com/latest"), "a key of the extension's own")
        #expect(fields["firstQuote"] == .string("WKIT"), "url(forResource:withExtension:) of the JSON it ships, read")
        #expect(fields["quotesFile"] == .string("quotes.json"), "path(forResource:ofType:)")
        #expect(fields["bundleFolder"] == .string("widgethost_ExtensionProcess.resources"))
    }

    @Test(
        "A provider that completes on the main thread answers, on the main thread",
        arguments: WorkerStart.allCases)
    func mainThreadCompletions(start: WorkerStart) async throws {
        let host = try await Self.host(start)
        defer { host.stopWorkers() }
        for kind in ["MainQueue", "MainActorTask", "MainActorRun", "MainRunLoopTimer", "CombineMain"] {
            let entry = try await Self.entry(of: kind, in: host)
            #expect(entry.content["onMainThread"] == .bool(true), "\(kind): \(entry.content)")
        }
    }

    @Test("A @MainActor intent's perform() runs, on the main thread", arguments: WorkerStart.allCases)
    func mainActorIntent(start: WorkerStart) async throws {
        let host = try await Self.host(start)
        defer { host.stopWorkers() }
        #expect(try await Self.entry(of: "MainActorIntent", in: host).content["report"] == .string("not performed"))
        try await host.perform(kind: "MainActorIntent", intent: "RecordMainActorIntent", parameters: [:])
        #expect(try await Self.entry(of: "MainActorIntent", in: host).content["report"] == .string("main thread"))
    }

    @Test("A networked provider without the network gets its URLError at once, and draws its error state")
    func networkedProviderWithoutNetwork() async throws {
        let host = try await Self.host(.spawned)
        defer { host.stopWorkers() }
        // The request's own timeout is longer than the host's (the fixture's), so a request that
        // waited instead of failing would end in the host's timeout, not in an entry.
        let entry = try await Self.entry(of: "Networked", in: host)
        guard case .string(let report) = entry.content["report"] else { Issue.record("no report: \(entry.content)"); return }
        let failedAtOnce = [URLError.notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost]
            .map { "URLError \($0.rawValue)" }
        #expect(failedAtOnce.contains(report), "\(report)")
        let sandbox = host.bundles.reports.compactMap(\.sandbox).first
        #expect(sandbox?.network == false)
    }

    @Test("An Info.plist as Xcode projects hold it gets its build settings expanded, and an identifier when it names none")
    func infoDictionaryExpandsXcodeSettings() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
            "CFBundleShortVersionString": "$(MARKETING_VERSION)",
            "CFBundleDisplayName": "${PRODUCT_NAME:rfc1034identifier} Widget",
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"],
            "Custom": "$(SOMETHING_ELSE)",
        ] as [String: Any], format: .xml, options: 0)
        let info = ExtensionProcess.infoDictionary(plist: plist, bundleName: "Weather")
        #expect(info["CFBundleIdentifier"] as? String == "dev.widgethost.extension.Weather")
        #expect(info["CFBundleShortVersionString"] as? String == "1.0")
        #expect(info["CFBundleDisplayName"] as? String == "Weather Widget")
        #expect((info["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String == "com.apple.widgetkit-extension")
        #expect(info["Custom"] as? String == "$(SOMETHING_ELSE)", "a setting the host does not know stays as written")
        // No Info.plist at all: still an identifier, so `Bundle.main.bundleIdentifier!` holds.
        #expect(ExtensionProcess.infoDictionary(plist: nil, bundleName: "Weather")["CFBundleIdentifier"] as? String
            == "dev.widgethost.extension.Weather")
    }
}
