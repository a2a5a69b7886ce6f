import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// The entry forms of a Swift bundle (docs/authoring.md), each a real .so of
/// The entry-form bundles of Tests/Fixtures/SwiftBundles loaded through the real loader, in this process and in a worker: a
/// WidgetBundle marked `@main` is the bundle's entry with nothing else written, as in an Xcode
/// widget extension; so is a single Widget marked `@main`; a bundle's own `wk_bundle_entry`
/// still takes the place of the SDK's; and a bundle with neither is refused, not crashed.
@Suite struct MainEntryTests {
    typealias Isolation = ConfigurableFixture.Isolation

    /// A host of its own over a copy of one bundle. Stop its workers when done.
    private static func host(_ product: MainEntryBundles.Product, _ isolation: Isolation) async throws -> (BundleHost, BundleReport) {
        try await offThePool {
            let folder = try MainEntryBundles.folder(with: product)
            let host = BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: .hangGuard,
                storeLocation: TestStore.temporaryLocation(),
                isolation: isolation == .worker ? WorkerIsolation() as any BundleIsolation : InProcessIsolation()))
            guard let report = host.bundles.reports.first else {
                throw NoReport(folder: folder.path)
            }
            return (host, report)
        }
    }

    struct NoReport: Error, CustomStringConvertible {
        let folder: String
        var description: String { "the host found no bundle in \(folder)" }
    }

    private static func content(_ host: BundleHost, kind: String) async throws -> JSONValue {
        let timeline = try await host.timeline(for: try host.widget(kind: kind), in: CallContext(family: .systemSmall))
        return try #require(timeline.entries.first).content
    }

    @Test("A WidgetBundle marked @main loads with its kinds, as the SDK names it", arguments: Isolation.allCases)
    func mainBundleLoads(_ isolation: Isolation) async throws {
        let (host, report) = try await Self.host(.mainBundle, isolation)
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        let bundle = try #require(report.bundle)
        #expect(bundle.widgets.map(\.kind) == ["Taps", "TapsLabel"])
        // No export arguments: the type's name, the SDK's default version, no App Groups of its
        // own (the host adds the entitlements' later), and the network kept.
        #expect(bundle.name == "TapsBundle")
        #expect(bundle.version == "1.0")
        #expect(bundle.appGroups == [])
        #expect(bundle.usesNetwork)
        #expect(bundle.abiVersion == ABIVersion.host)
        #expect(bundle.sdkVersion?.hasSuffix("; @main)") == true, "\(bundle.sdkVersion ?? "nil")")
    }

    @Test("A @main bundle's AppIntent is found in its metadata, declared and performed", arguments: Isolation.allCases)
    func mainBundlePerformsItsIntent(_ isolation: Isolation) async throws {
        let (host, report) = try await Self.host(.mainBundle, isolation)
        defer { host.stopWorkers() }
        // Listed nowhere in the bundle's code; its generic intent has no one type and is left out.
        #expect(report.bundle?.intents.map(\.name) == ["TapIntent"])
        #expect(report.bundle?.intents.first?.parameters.map(\.name) == ["amount"])
        #expect(try await Self.content(host, kind: "Taps")["taps"] == .integer(0))
        try await host.perform(kind: "Taps", intent: "TapIntent", parameters: ["amount": .integer(2)])
        try await host.perform(kind: "Taps", intent: "TapIntent", parameters: [:])
        #expect(try await Self.content(host, kind: "Taps")["taps"] == .integer(3))
    }

    @Test("A single Widget marked @main is a bundle of that widget", arguments: Isolation.allCases)
    func mainWidgetLoads(_ isolation: Isolation) async throws {
        let (host, report) = try await Self.host(.mainWidget, isolation)
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.name == "SoloWidget")
        #expect(report.bundle?.widgets.map(\.kind) == ["Solo"])
        #expect(report.bundle?.intents == [])
        #expect(try await Self.content(host, kind: "Solo")["word"] == .string("solo"))
    }

    @Test("A bundle's own wk_bundle_entry still takes the place of the SDK's", arguments: Isolation.allCases)
    func explicitEntryLoads(_ isolation: Isolation) async throws {
        let (host, report) = try await Self.host(.explicitEntry, isolation)
        defer { host.stopWorkers() }
        #expect(report.status == .loaded, "\(report.issues)")
        #expect(report.bundle?.name == "Explicit")
        #expect(report.bundle?.version == "2.0.0")
        #expect(report.bundle?.sdkVersion?.hasPrefix("WidgetSDK ") == true)
        #expect(report.bundle?.sdkVersion?.contains("@main") == false)
        #expect(try await Self.content(host, kind: "Explicit")["word"] == .string("explicit"))
    }

    @Test("A bundle with neither @main nor wk_bundle_entry is refused: its entry returns NULL")
    func noEntryIsRefused() async throws {
        // In this process: were the SDK's entry to call the host's main, or crash, so would the test.
        let (host, report) = try await Self.host(.noEntry, .inProcess)
        defer { host.stopWorkers() }
        #expect(report.status != .loaded)
        let refusedForNull = report.issues.contains {
            if case .load(.entryReturnedNull) = $0 { true } else { false }
        }
        #expect(refusedForNull, "\(report.issues)")
    }

    @Test("Each entry-form bundle exports wk_bundle_entry and nothing else", arguments: MainEntryBundles.Product.allCases)
    func exportsOnlyTheEntry(_ product: MainEntryBundles.Product) async throws {
        let library = try await offThePool { try MainEntryBundles.library(product) }
        let nm = try await offThePool {
            try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["nm", "-D", "--defined-only", library.path])
        }
        #expect(nm.status == 0, "\(nm.standardError)")
        // "ADDRESS TYPE NAME": the global ones (an upper-case type); the table also holds local
        // Swift metadata symbols, which no lookup finds.
        let names = nm.standardOutput.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1].first?.isUppercase == true else { return nil }
            return String(fields[2])
        }
        #expect(names == ["wk_bundle_entry"], "\(nm.standardOutput)")
    }
}
