import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetPayload

/// The real sample bundles, as `swift build` made them, loaded through the real loader.
@Suite struct SampleBundleTests {
    static let host = BundleHost(HostConfiguration(
        searchPath: BundleSearchPath(locations: [
            SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine),
        ]),
        limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
    private var host: BundleHost { Self.host }
    private let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test func loadsTheThreeSamplesAtTheHostsABI() throws {
        for product in ["CounterWidget", "FishGoWidget", "MoviePlannerWidget", "PillarWidget"] {
            let path = TestPaths.sampleBundle(product).path
            let report = try #require(host.bundles.reports.first { $0.path == path }, "\(path) missing; run swift build first")
            #expect(report.status == .loaded)
            #expect(report.issues.isEmpty)
            #expect(report.bundle?.abiVersion == ABIVersion.host)
        }
    }

    @Test func describesTheCounterAsTheVignetteDoes() throws {
        let counter = try host.widget(kind: "CounterWidget")
        #expect(counter.displayName == "Counter Widget")
        #expect(counter.description == "Displays the current count of the counter app.")
        #expect(counter.families == [.systemSmall, .systemMedium, .systemLarge])
    }

    @Test func counterShowsZeroAndTheStandardColourBeforeTheAppWrites() async throws {
        let counter = try host.widget(kind: "CounterWidget")
        let context = CallContext(family: .systemMedium, now: newYear)
        let standard = JSONValue.object(["red": .number(0.2), "green": .number(0.2), "blue": .number(0.2)])
        #expect(try await host.placeholder(for: counter, in: context).content == .object(["count": .integer(0), "color": standard]))
        let timeline = try await host.timeline(for: counter, in: context)
        #expect(timeline.entries.map(\.date) == [newYear])
        #expect(timeline.policy == .atEnd)
    }

    @Test func moviePlannerShowsThreeMoviesAMinuteApart() async throws {
        let planner = try host.widget(kind: "MoviePlannerWidget")
        let timeline = try await host.timeline(for: planner, in: CallContext(family: .systemSmall, now: newYear))
        #expect(timeline.entries.map(\.date) == [0, 60, 120].map { newYear.addingTimeInterval($0) })
        #expect(timeline.entries.map(\.content) == [
            .object(["name": .string("Avengers: Infinity War"), "movieImageName": .string("infinity")]),
            .object(["name": .string("Avengers: End Game"), "movieImageName": .string("endgame")]),
            .object(["name": .string("Guardians of the Galaxy Volume 3"), "movieImageName": .string("gog3")]),
        ])
        #expect(timeline.policy == .atEnd)
        let current = host.registry.currentEntry(for: TimelineKey(kind: "MoviePlannerWidget", family: .systemSmall), at: newYear.addingTimeInterval(90))
        #expect(current?.content["name"] == .string("Avengers: End Game"))
    }

    @Test func moviePlannerPlaceholderAndSnapshotShowAnEmptyMovie() async throws {
        let planner = try host.widget(kind: "MoviePlannerWidget")
        let empty = JSONValue.object(["name": .string(""), "movieImageName": .string("")])
        let context = CallContext(family: .systemLarge, now: newYear)
        #expect(try await host.placeholder(for: planner, in: context).content == empty)
        #expect(try await host.snapshot(for: planner, in: context).content == empty)
    }

    @Test func pillarIsSmallOnlyWithASampleSnapshot() async throws {
        let pillar = try host.widget(kind: "PillarWidget")
        #expect(pillar.displayName == "Pillar Widget")
        #expect(pillar.description == "Displays the number of pillars traversed.")
        #expect(pillar.families == [.systemSmall])
        let context = CallContext(family: .systemSmall, isPreview: true, now: newYear)
        #expect(try await host.placeholder(for: pillar, in: context).content["pillarsTraversed"] == .integer(0))
        #expect(try await host.snapshot(for: pillar, in: context).content["pillarsTraversed"] == .integer(5))
        #expect(try await host.timeline(for: pillar, in: context).entries.count == 1)
    }

    @Test func refusesAFamilyTheKindDoesNotSupport() {
        #expect(throws: HostCallError.self) { try host.resolve(kind: "PillarWidget", family: .systemLarge) }
    }

    @Test func namesTheKnownKindsForAnUnknownOne() {
        do {
            _ = try host.widget(kind: "NoSuchWidget")
            Issue.record("an unknown kind was found")
        } catch {
            guard case .unknownKind("NoSuchWidget", let known) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(known.contains("PillarWidget"))
        }
    }

    @Test func refreshFillsTheRegistryForEveryKindAndFamily() async throws {
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [
                SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine),
            ]),
            limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
        await host.refreshAllTimelines(now: newYear)
        let keys = host.registry.allRecords.filter { $0.timeline != nil }.map(\.key)
        #expect(keys.count == 13)
        #expect(keys.contains(TimelineKey(kind: "CounterWidget", family: .systemLarge)))
        #expect(keys.contains(TimelineKey(kind: "ClockWidget", family: .accessoryRectangular)))
        let record = try #require(host.registry.record(for: TimelineKey(kind: "PillarWidget", family: .systemSmall)))
        #expect(record.fetchedAt == newYear)
        #expect(record.callDuration != nil)
        #expect(record.bundlePath == TestPaths.sampleBundle("PillarWidget").path)
        #expect(record.lastError == nil)
    }
}

@Suite struct LoadOncePerProcessTests {
    @Test func aSecondHostReusesTheFirstLoadAndTakesOverItsServices() throws {
        let path = BundleSearchPath(locations: [SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine)])
        let first = BundleHost(HostConfiguration(searchPath: path, limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
        let second = BundleHost(HostConfiguration(searchPath: path, limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
        let kinds = { (host: BundleHost) in host.bundles.catalog.widgets.map(\.kind) }
        #expect(kinds(first) == kinds(second))
        // The four Swift samples and the C one.
        #expect(second.bundles.reports.filter { $0.status == .loaded }.count == 5)
    }
}
