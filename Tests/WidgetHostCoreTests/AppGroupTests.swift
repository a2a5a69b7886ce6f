import Foundation
import Synchronization
import Testing
import TestSupport
import FishGoData
import WidgetApp
import WidgetHostCore
import WidgetStore

/// App Groups (ABI 1.1): bundles declare the groups they use and reach the shared store only
/// through their host services, for those groups only.
///
/// One host over a private folder holding copies of the groups fixtures and of the Pillar,
/// Counter and FishGo samples, with a private store. Copies, because a bundle file is loaded
/// once per process and the last host to load it takes over its services: other suites load the
/// samples from the build folder, and their hosts must not steal the calls whose store these
/// tests check. Serialized: the tests share that store.
@Suite("App Groups", .serialized)
struct AppGroupTests {
    private static let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    private struct Fixture: Sendable {
        let host: BundleHost
        let folder: URL
        /// The shared store, as an app writes it (these tests read what SharedDefaults wrote).
        let store: SharedStore
    }

    private static let shared = BackgroundBuild<Fixture> {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-app-groups")
        for name in ["groups_probe", "bad_group", "abi_1_0"] {
            try FileManager.default.copyItem(
                at: try FixtureBundles.bundleWaiting(name), to: folder.appendingPathComponent("\(name).so"))
        }
        for product in ["PillarWidget", "CounterWidget", "FishGoWidget"] {
            try TestPaths.copyBundle(TestPaths.sampleBundle(product), into: folder)
        }
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard,
            storeLocation: location, store: store))
        return Fixture(host: host, folder: folder, store: store)
    }

    private static func host() async throws -> BundleHost { try await shared.value().host }

    private static func path(of file: String) async throws -> String {
        try await shared.value().folder.appendingPathComponent(file).path
    }

    private static func store() async throws -> SharedStore { try await shared.value().store }

    private static func group(_ name: String) throws -> AppGroupID { try AppGroupID(validating: name) }

    private static func report(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> BundleReport {
        let path = try await path(of: file)
        return try #require(try await host().bundles.reports.first { $0.path == path }, "no report for \(path)", sourceLocation: sourceLocation)
    }

    /// The first entry of `kind`'s timeline at New Year.
    private static func timeline(_ kind: String, family: WidgetFamily = .systemSmall) async throws -> WidgetTimeline {
        let host = try await host()
        return try await host.timeline(for: try host.widget(kind: kind), in: CallContext(family: family, now: newYear))
    }

    private static func firstContent(_ kind: String, family: WidgetFamily = .systemSmall) async throws -> JSONValue {
        try #require(try await timeline(kind, family: family).entries.first).content
    }

    // MARK: Samples reading their groups

    @Test("Pillar shows what the game wrote to group.bacon.data")
    func pillarShowsTheStoredCount() async throws {
        let store = try await Self.store()
        let group = try Self.group("group.bacon.data")
        try store.setValue(.int(42), forKey: "pillarsTraversed", in: group)
        defer { _ = try? store.removeValue(forKey: "pillarsTraversed", in: group) }
        #expect(try await Self.firstContent("PillarWidget")["pillarsTraversed"] == .integer(42))

        try store.setValue(.int(43), forKey: "pillarsTraversed", in: group)
        #expect(try await Self.firstContent("PillarWidget")["pillarsTraversed"] == .integer(43))
    }

    @Test("Pillar shows 0 before the game writes, without logging an error")
    func pillarShowsZeroWithoutAValue() async throws {
        let store = try await Self.store()
        try store.removeValue(forKey: "pillarsTraversed", in: Self.group("group.bacon.data"))
        let errorsBefore = try await Self.host().bundleLogLines.filter { $0.bundle == "PillarValley" && $0.level == .error }.count
        #expect(try await Self.firstContent("PillarWidget")["pillarsTraversed"] == .integer(0))
        let errorsAfter = try await Self.host().bundleLogLines.filter { $0.bundle == "PillarValley" && $0.level == .error }.count
        #expect(errorsAfter == errorsBefore)
    }

    @Test("The counter shows the app's count and parsed colour")
    func counterShowsCountAndColour() async throws {
        let store = try await Self.store()
        let group = try Self.group("group.dev.widgethost.counter")
        try store.setValues(["count": .int(7), "color": .string("0.1, 0.5,1")], in: group)
        defer { try? store.setValues(["count": nil, "color": nil], in: group) }
        let content = try await Self.firstContent("CounterWidget", family: .systemMedium)
        #expect(content == .object([
            "count": .integer(7),
            "color": .object(["red": .number(0.1), "green": .number(0.5), "blue": .integer(1)]),
        ]))
    }

    @Test("A malformed colour falls back to the standard one, with a warning in the host's log")
    func counterFallsBackOnAMalformedColour() async throws {
        let store = try await Self.store()
        let group = try Self.group("group.dev.widgethost.counter")
        try store.setValues(["count": .int(3), "color": .string("red")], in: group)
        defer { try? store.setValues(["count": nil, "color": nil], in: group) }
        let content = try await Self.firstContent("CounterWidget")
        #expect(content["count"] == .integer(3))
        #expect(content["color"] == .object(["red": .number(0.2), "green": .number(0.2), "blue": .number(0.2)]))

        let warning = try #require(try await Self.host().bundleLogLines.last { $0.bundle == "Counter" && $0.message.contains("'red'") })
        #expect(warning.level == .warning)
        #expect(warning.message.contains("r,g,b"))
        #expect(warning.path == (try await Self.path(of: "libCounterWidget.so")))
    }

    @Test("FishGo without data shows the placeholder and asks again in 30 minutes")
    func fishGoWithoutDataShowsThePlaceholder() async throws {
        try await Self.store().removeValue(forKey: "widgetFishingData", in: Self.group("group.jp.netflowers.FishGo"))
        let timeline = try await Self.timeline("FishGoWidget")
        #expect(timeline.policy == .after(Self.newYear.addingTimeInterval(30 * 60)))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)
        #expect(entry.date == Self.newYear)
        #expect(entry.content["isPlaceholder"] == .bool(true))
        #expect(entry.content["data"]?["spotName"] == .string("Your spot"))
        #expect(entry.content["data"]?["verdict"] == .string("caution"))
    }

    /// The app's side for real: FishGo's shared type, saved through WidgetApp's SharedDefaults.
    @Test("Fishing data saved the app's way shows in FishGo's timeline")
    func fishGoShowsSavedData() async throws {
        let app = SharedDefaults(suiteName: WidgetFishingData.appGroupID, location: try await Self.host().storeLocation)
        let saved = WidgetFishingData(
            spotName: "Jogashima", verdict: .noGo, windSpeed: 9.5, waveHeight: 2.25,
            windDirection: "SW", tideType: "spring", updatedAt: Date(timeIntervalSince1970: 1_767_222_000))
        try saved.save(to: app)
        defer { try? app.removeObject(forKey: WidgetFishingData.storageKey) }

        let timeline = try await Self.timeline("FishGoWidget", family: .systemMedium)
        let content = try #require(timeline.entries.first).content
        #expect(content["isPlaceholder"] == .bool(false))
        #expect(content["data"] == .object([
            "spotName": .string("Jogashima"),
            "verdict": .string("no_go"),
            "windSpeed": .number(9.5),
            "waveHeight": .number(2.25),
            "windDirection": .string("SW"),
            "tideType": .string("spring"),
            "updatedAt": .string("2025-12-31T23:00:00Z"),
        ]))
        #expect(timeline.policy == .after(Self.newYear.addingTimeInterval(30 * 60)))
    }

    // MARK: The groups probe (C, every defaults service)

    private struct ProbeReport {
        let content: JSONValue

        func status(_ name: String) -> Int64? {
            if case .integer(let value)? = content[name] { value } else { nil }
        }

        /// A reply the probe embedded as a JSON string, decoded.
        func reply(_ name: String) throws -> JSONValue {
            guard case .string(let text)? = content[name] else { throw ProbeError("no reply \(name) in \(content)") }
            return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        }
    }

    private struct ProbeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func probe() async throws -> ProbeReport {
        let content = try await firstContent("GroupsProbe")
        #expect(content["truncatedReplies"] == .integer(0))
        return ProbeReport(content: content)
    }

    @Test("defaults_set then defaults_get of the declared group: OK and the VALUE")
    func probeSetsAndGets() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("setStatus") == 0)
        #expect(probe.status("setReplyCalls") == 0)
        #expect(probe.status("getStatus") == 0)
        #expect(try probe.reply("getReply") == .object(["type": .string("int"), "value": .integer(42)]))
        #expect(probe.status("nullReplyStatus") == 0)
    }

    @Test("A missing key is NOT_FOUND and the reply is not called")
    func probeMissingKeyIsNotFound() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("missingStatus") == 3)  // WK_STATUS_NOT_FOUND
        #expect(probe.status("missingReplyCalls") == 0)
    }

    @Test("An undeclared group is UNDECLARED_GROUP with a FAILURE naming the group and the fix")
    func probeUndeclaredGroupIsRefused() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("undeclaredStatus") == 4)  // WK_STATUS_UNDECLARED_GROUP
        let failure = try probe.reply("undeclaredReply")
        #expect(failure["code"] == .string("undeclaredGroup"))
        guard case .string(let message)? = failure["message"] else {
            Issue.record("the FAILURE has no message: \(failure)")
            return
        }
        #expect(message.contains("'group.widgethost.other'"))
        #expect(message.contains("GroupsProbe"))
        #expect(message.contains("group.widgethost.probe"))  // what it does declare
        #expect(message.contains("wk_bundle_t.app_groups"))  // the fix
    }

    @Test("The undeclared group is logged as an error against the probe")
    func probeUndeclaredGroupIsLogged() async throws {
        _ = try await Self.probe()
        let line = try #require(try await Self.host().bundleLogLines.last { $0.message.contains("group.widgethost.other") })
        #expect(line.level == .error)
        #expect(line.bundle == "GroupsProbe")
        #expect(line.path == (try await Self.path(of: "groups_probe.so")))
    }

    @Test("group_container_path is <store>/groups/<group>, created")
    func probeContainerPath() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("containerStatus") == 0)
        guard case .string(let path)? = try probe.reply("containerReply")["path"] else {
            Issue.record("no path in \(probe.content)")
            return
        }
        let store = try await Self.host().storeLocation
        let expected = store.directory.appendingPathComponent("groups").appendingPathComponent("group.widgethost.probe")
        #expect(URL(fileURLWithPath: path).standardizedFileURL.path == expected.standardizedFileURL.path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("defaults_remove removes the value: OK, then NOT_FOUND, and the store agrees")
    func probeRemoves() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("removeStatus") == 0)
        #expect(probe.status("removeReplyCalls") == 0)
        #expect(probe.status("afterRemoveStatus") == 3)
        #expect(try await Self.store().value(forKey: "answer", in: Self.group("group.widgethost.probe")) == nil)
    }

    @Test("A NULL group or a key that is not UTF-8 is INVALID_ARGUMENT with a FAILURE; nothing is stored")
    func probeInvalidArgumentsAreRefused() async throws {
        let probe = try await Self.probe()
        #expect(probe.status("badKeyStatus") == 1)  // WK_STATUS_INVALID_ARGUMENT
        let badKey = try probe.reply("badKeyReply")
        #expect(badKey["code"] == .string("invalidArgument"))
        #expect(badKey["message"].map { "\($0)".contains("key") } == true)
        #expect(probe.status("nullGroupStatus") == 1)
        let nullGroup = try probe.reply("nullGroupReply")
        #expect(nullGroup["code"] == .string("invalidArgument"))
        #expect(nullGroup["message"].map { "\($0)".contains("group") } == true)
        // Not repaired into another key: the probe's group holds nothing once it has removed `answer`.
        #expect(try await Self.store().entries(in: Self.group("group.widgethost.probe")).isEmpty)
        let line = try #require(try await Self.host().bundleLogLines.last { $0.bundle == "GroupsProbe" && $0.message.contains("UTF-8") })
        #expect(line.level == .error)
    }

    @Test("The probe's writes land in the host's store, in its own group only")
    func probeWritesReachTheHostsStore() async throws {
        let store = try await Self.store()
        let probeGroup = try Self.group("group.widgethost.probe")
        // The probe overwrites and then removes `answer`: what the app wrote before is gone,
        // and the other group is untouched.
        try store.setValue(.string("from the app"), forKey: "answer", in: probeGroup)
        try store.setValue(.int(1), forKey: "answer", in: Self.group("group.widgethost.other"))
        let probe = try await Self.probe()
        #expect(probe.status("setStatus") == 0)
        #expect(try store.value(forKey: "answer", in: probeGroup) == nil)
        #expect(try store.value(forKey: "answer", in: Self.group("group.widgethost.other")) == .int(1))
    }

    // MARK: Declarations

    @Test("A malformed group is refused at load with invalidAppGroup, naming the file and index")
    func malformedGroupIsRefused() async throws {
        let report = try await Self.report("bad_group.so")
        #expect(report.status == .failed)
        #expect(report.bundle == nil)
        #expect(report.issues.count == 1)
        let issue = try #require(report.issues.first)
        #expect(issue.code == "invalidAppGroup")
        // Refused before init, which would have failed with initFailed.
        guard case .load(.invalidAppGroup(let path, let bundle, let index, let problem)) = issue else {
            Issue.record("expected invalidAppGroup, got \(issue)")
            return
        }
        #expect(path == (try await Self.path(of: "bad_group.so")))
        #expect(bundle == "BadGroup")
        #expect(index == 1)
        #expect(problem.name == "group.bad..name")
        #expect(problem.problem == .emptyLabel)
        #expect(issue.description.contains(path))
        #expect(issue.description.contains("app_groups[1]"))
        #expect(issue.description.contains("group.bad..name"))
        await #expect(throws: HostCallError.self) { try await Self.host().widget(kind: "BadGroup") }
    }

    @Test("A bundle built for ABI 1.0 loads, with no App Groups")
    func abi10BundleLoadsWithoutGroups() async throws {
        let report = try await Self.report("abi_1_0.so")
        #expect(report.status == .loaded)
        #expect(report.issues.isEmpty)
        let bundle = try #require(report.bundle)
        #expect(bundle.abiVersion == ABIVersion(major: 1, minor: 0, patch: 0))
        #expect(bundle.appGroups == [])
        #expect(try await Self.timeline("ABIOneZero").entries.count == 1)
    }

    @Test("Loaded bundles report the groups they declare")
    func reportsListDeclaredGroups() async throws {
        func groups(_ file: String) async throws -> [String] {
            try #require(try await Self.report(file).bundle).appGroups.map(\.rawValue)
        }
        #expect(try await groups("groups_probe.so") == ["group.widgethost.probe"])
        #expect(try await groups("libPillarWidget.so") == ["group.bacon.data"])
        #expect(try await groups("libCounterWidget.so") == ["group.dev.widgethost.counter"])
        #expect(try await groups("libFishGoWidget.so") == ["group.jp.netflowers.FishGo"])
    }

    @Test("recordCatalog stores which bundle declares which group and kind")
    func recordCatalogStoresTheGroups() async throws {
        let host = try await Self.host()
        try host.recordCatalog()
        let catalog = try await Self.store().catalog()
        #expect(catalog.recordedAt != nil)
        func declarer(_ group: String) -> [String] { catalog.groups[group]?.map(\.bundleName) ?? [] }
        #expect(declarer("group.bacon.data") == ["PillarValley"])
        #expect(declarer("group.dev.widgethost.counter") == ["Counter"])
        #expect(declarer("group.jp.netflowers.FishGo") == ["FishGo"])
        #expect(declarer("group.widgethost.probe") == ["GroupsProbe"])
        #expect(catalog.groups["group.bacon.data"]?.first?.bundlePath == (try await Self.path(of: "libPillarWidget.so")))
        // Refused bundles declare nothing.
        #expect(catalog.groups["group.bad..name"] == nil)
        #expect(catalog.groups["group.widgethost.fine"] == nil)
        #expect(Set(catalog.groups.keys) == [
            "group.bacon.data", "group.dev.widgethost.counter", "group.jp.netflowers.FishGo", "group.widgethost.probe",
        ])
        #expect(catalog.kinds["PillarWidget"]?.bundleName == "PillarValley")
        #expect(catalog.kinds["ABIOneZero"]?.bundleName == "ABIOneZero")
        #expect(catalog.kinds["BadGroup"] == nil)
        #expect(catalog.groupsResembling("group.bacon.dat") == ["group.bacon.data"])
    }
}
