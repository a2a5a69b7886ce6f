import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload

/// What a bundle can do through its host services (`host_services.h`): log, and ask for reloads
/// of its own kinds only. The services_probe fixture calls every service from its timeline and
/// reports the status codes it got in its entry.
///
/// Serialized: every test fetches the probe's timeline, which requests reloads, and the checks
/// on the registry must not see another test's fetch land in between.
@Suite("Host services", .serialized)
struct HostServicesTests {
    /// The host's clock, which stamps reload requests.
    private static let hostNow = Date(timeIntervalSince1970: 1_767_225_600)

    /// A host over a private copy of the probe, beside the real samples. The copy is a library
    /// of its own, so the services table it keeps is this host's even if another suite loads the
    /// fixture folder in the same process.
    private static let sharedHost = BackgroundBuild<(host: BundleHost, probePath: String)> {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-services-probe")
        let probe = folder.appendingPathComponent("services_probe.so")
        try FileManager.default.copyItem(at: try FixtureBundles.bundleWaiting("services_probe"), to: probe)
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [
                SearchLocation(directory: folder.path, origin: .commandLine),
                SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine),
            ]),
            limits: .hangGuard,
            clock: VirtualClock(start: hostNow),
            storeLocation: TestStore.temporaryLocation()))
        return (host, probe.path)
    }

    private static func host() async throws -> BundleHost {
        try await sharedHost.value().host
    }

    /// Fetches the probe's timeline, which calls every host service, and returns its one entry's
    /// content.
    private static func probe() async throws -> JSONValue {
        let host = try await host()
        let widget = try host.widget(kind: "ServicesProbe")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)
        return entry.content
    }

    @Test("Reloading an own kind and all kinds succeeds; another bundle's kind is refused")
    func reloadStatusCodes() async throws {
        let content = try await Self.probe()
        #expect(content["ownStatus"] == .integer(0))      // WK_STATUS_OK
        #expect(content["foreignStatus"] == .integer(2))  // WK_STATUS_UNKNOWN_KIND
        #expect(content["allStatus"] == .integer(0))      // WK_STATUS_OK
    }

    @Test("A bundle's log line reaches the host tagged with the bundle's name and path")
    func logLineIsTaggedWithBundle() async throws {
        _ = try await Self.probe()
        let probePath = try await Self.sharedHost.value().probePath
        let lines = try await Self.host().bundleLogLines
        let line = try #require(lines.last { $0.message == "probe timeline" })
        #expect(line.bundle == "ServicesProbe")
        #expect(line.path == probePath)
        #expect(line.level == .info)
    }

    @Test("A refused reload of another bundle's kind is logged as an error against the asker")
    func foreignReloadIsLoggedAsError() async throws {
        _ = try await Self.probe()
        let lines = try await Self.host().bundleLogLines
        let refusal = try #require(lines.last { $0.level == .error && $0.message.contains("CounterWidget") })
        #expect(refusal.bundle == "ServicesProbe")
        #expect(refusal.path == (try await Self.sharedHost.value().probePath))
    }

    @Test("reload_all_timelines marks every kind of the bundle, and only its kinds")
    func reloadAllMarksOwnKindsOnly() async throws {
        _ = try await Self.probe()
        let registry = try await Self.host().registry

        // Never fetched, so nothing has cleared the request reload_all_timelines made.
        let sibling = try #require(registry.record(for: TimelineKey(kind: "ServicesProbeTwo", family: .systemSmall)))
        #expect(sibling.reloadRequestedAt == Self.hostNow)
        #expect(sibling.timeline == nil)

        // The probe asked for a reload during its fetch: the fetch's answer does not cancel a
        // request made while it was running.
        let probe = try #require(registry.record(for: TimelineKey(kind: "ServicesProbe", family: .systemSmall)))
        #expect(probe.timeline != nil)
        #expect(probe.bundleName == "ServicesProbe")
        #expect(probe.reloadRequestedAt == Self.hostNow)

        // The refused request for another bundle's kind left that kind alone.
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            let counter = try #require(registry.record(for: TimelineKey(kind: "CounterWidget", family: family)))
            #expect(counter.reloadRequestedAt == nil, "CounterWidget (\(family.rawValue)) was marked for reload by another bundle")
        }
    }
}
