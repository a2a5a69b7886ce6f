import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// What a host loaded, recorded so apps and the CLI can warn about groups no bundle declares.
@Suite("Bundle catalog")
struct BundleCatalogTests {
    private static let pillar = BundleCatalog.Declaration(bundleName: "PillarWidget", bundlePath: "/b/libPillarWidget.so")
    private static let counter = BundleCatalog.Declaration(bundleName: "CounterWidget", bundlePath: "/a/libCounterWidget.so")
    private static let fish = BundleCatalog.Declaration(bundleName: "FishGoWidget", bundlePath: "/c/libFishGoWidget.so")

    private static let catalog = BundleCatalog(
        groups: [
            // Listed in bundle-path order, which is how catalog() returns them.
            "group.bacon.data": [counter, pillar],
            "group.jp.netflowers.FishGo": [fish],
        ],
        kinds: ["PillarWidget": pillar, "CounterWidget": counter, "FishGoWidget": fish],
        recordedAt: Date(timeIntervalSince1970: 1_767_225_600))

    @Test("A store no host has written to has an empty catalog")
    func emptyAtFirst() throws {
        let catalog = try SharedStore.open(TestStore.temporaryLocation()).catalog()
        #expect(catalog == BundleCatalog())
        #expect(catalog.recordedAt == nil)
    }

    @Test("recordCatalog then catalog() round-trips groups, kinds and recordedAt")
    func roundTrip() throws {
        let location = TestStore.temporaryLocation()
        try SharedStore.open(location).recordCatalog(Self.catalog)
        let read = try SharedStore.open(StoreLocation(directory: location.directory, origin: .environment)).catalog()
        #expect(read.groups == Self.catalog.groups)
        #expect(read.kinds == Self.catalog.kinds)
        #expect(read.recordedAt == Self.catalog.recordedAt)
        #expect(read == Self.catalog)
    }

    @Test("Recording a catalog without a date stamps it with the current time")
    func stampedWhenUndated() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let before = Date()
        try store.recordCatalog(BundleCatalog(groups: ["group.bacon.data": [Self.pillar]]))
        let recordedAt = try #require(try store.catalog().recordedAt)
        #expect(recordedAt.timeIntervalSince(before) > -1)
        #expect(recordedAt.timeIntervalSince(Date()) < 1)
    }

    @Test("A second record replaces the first entirely")
    func secondRecordReplaces() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        try store.recordCatalog(Self.catalog)
        let second = BundleCatalog(
            groups: ["group.example.other": [Self.counter]],
            kinds: ["CounterWidget": Self.counter],
            recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try store.recordCatalog(second)
        #expect(try store.catalog() == second)
    }

    @Test("The app side sees which bundles declare its group")
    func declaringBundles() throws {
        let location = TestStore.temporaryLocation()
        try SharedStore.open(location).recordCatalog(Self.catalog)
        #expect(try SharedDefaults(suiteName: "group.bacon.data", location: location).declaringBundles() == [Self.counter, Self.pillar])
        #expect(try SharedDefaults(suiteName: "group.bacon.dat", location: location).declaringBundles() == [])
    }

    @Test("groupsResembling finds a likely typo's group, and not unrelated names", arguments: [
        ("group.bacon.dat", ["group.bacon.data"]),
        ("group.bacon.datas", ["group.bacon.data"]),
        ("group.bacon.dtaa", ["group.bacon.data"]),
        ("GROUP.BACON.DATA", ["group.bacon.data"]),
        ("group.jp.netflowers.fishgo", ["group.jp.netflowers.FishGo"]),
        ("group.bacon.data", []),
        ("group.movie.planner", []),
        ("group.bacon.d", []),
    ])
    func groupsResembling(_ name: String, _ expected: [String]) throws {
        #expect(Self.catalog.groupsResembling(name) == expected)
    }
}
