import Testing
@testable import WidgetDaemon

/// Reloads due together are taken one bundle at a time in turn, so the scheduler's window of
/// calls reaches as many bundles (in worker mode, as many worker starts) as it has calls.
@Suite struct BundleInterleavingTests {
    @Test func eachBundleTakesItsTurn() {
        let keys = ["a1", "a2", "a3", "b1", "b2", "c1"]
        let ordered = BundleInterleaving.interleaved(keys) { String($0.prefix(1)) }
        #expect(ordered == ["a1", "b1", "c1", "a2", "b2", "a3"])
    }

    @Test func aWindowOfSixteenReachesSixteenBundles() {
        // 1,000 bundles of four keys each, sorted by kind as the registry gives them.
        let keys = (0..<1_000).flatMap { bundle in (0..<4).map { (bundle: bundle, key: $0) } }
        let ordered = BundleInterleaving.interleaved(keys) { "\($0.bundle)" }
        #expect(ordered.count == keys.count)
        #expect(Set(ordered.prefix(16).map(\.bundle)).count == 16)
        // Nothing lost or repeated, and each bundle's own order kept.
        #expect(Set(ordered.map { "\($0.bundle)/\($0.key)" }).count == keys.count)
        #expect(ordered.filter { $0.bundle == 7 }.map(\.key) == [0, 1, 2, 3])
    }

    @Test func oneBundleKeepsItsOrder() {
        #expect(BundleInterleaving.interleaved(["x", "y", "z"]) { _ in "one" } == ["x", "y", "z"])
        #expect(BundleInterleaving.interleaved([String]()) { $0 }.isEmpty)
    }
}
