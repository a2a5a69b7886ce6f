import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

// ABI 1.7's `wk_widget_t.entity_query`: a search is answered by the entity's query
// (EntityStringQuery's `entities(matching:)`), not by the host matching the suggestions, and a
// lookup by id (`entities(for:)`) titles a saved value the query does not suggest. The
// configurable C fixture built as an edit sheet's kind knows a spot, "Hidden Cove", that it never
// suggests: only a search that reached the bundle finds it. Built against the frozen 1.6 headers
// it has no entity_query, and the host searches its suggestions itself, as before 1.7.

@Suite struct EntityQueryTests {
    typealias Isolation = ConfigurableFixture.Isolation
    private let kind = ConfigurableFixture.kind
    private static let cove = EntityOption(value: "cove", title: "Hidden Cove")

    @Test(arguments: Isolation.allCases)
    func theQuerySearchesBeyondItsSuggestions(_ isolation: Isolation) async throws {
        let (host, _) = try await offThePool { try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_EDIT_SHEET"]) }
        defer { host.stopWorkers() }
        // Not among the suggestions: host-side matching would find nothing.
        #expect(try await host.entityOptions(kind: kind, parameter: "spot").contains(Self.cove) == false)
        #expect(try await host.entityOptions(kind: kind, parameter: "spot", matching: "COVE") == [Self.cove])
        #expect(try await host.entityOptions(kind: kind, parameter: "spot", matching: "bea") == [EntityOption(value: "beach", title: "Beach")])
        // Nothing typed: the suggestions, as an empty search field shows.
        #expect(try await host.entityOptions(kind: kind, parameter: "spot", matching: " ").count == 2)
    }

    @Test(arguments: Isolation.allCases)
    func theQueryFindsEntitiesByIdentifier(_ isolation: Isolation) async throws {
        let (host, _) = try await offThePool { try ConfigurableFixture.host(isolation, defines: ["CONFIGURABLE_EDIT_SHEET"]) }
        defer { host.stopWorkers() }
        #expect(try await host.entities(kind: kind, parameter: "spot", identifiers: ["cove", "nowhere"]) == [Self.cove])
        // The summary titles a saved spot the query does not suggest.
        let summary = try #require(try await host.resolvedSummary(kind: kind, configuration: ["spot": .string("cove")]))
        #expect(summary.text(titles: [:]) == "Fish at Hidden Cove for 3 days")
    }

    @Test(arguments: Isolation.allCases)
    func aBundleOlderThan17IsSearchedByTheHost(_ isolation: Isolation) async throws {
        let (host, report) = try await offThePool {
            try ConfigurableFixture.host(
                isolation, defines: ["CONFIGURABLE_EDIT_SHEET"], headers: "Tests/Fixtures/Headers/abi-1.6")
        }
        defer { host.stopWorkers() }
        #expect(report.bundle?.abiVersion == ABIVersion(major: 1, minor: 6, patch: 0))
        // Its suggestions, matched by the host, ignoring case.
        #expect(try await host.entityOptions(kind: kind, parameter: "spot", matching: "BEA") == [EntityOption(value: "beach", title: "Beach")])
        #expect(try await host.entityOptions(kind: kind, parameter: "spot", matching: "cove") == [])
        // No lookup by id without entity_query: nil, not a failure.
        #expect(try await host.entities(kind: kind, parameter: "spot", identifiers: ["cove"]) == nil)
    }

    @Test(arguments: Isolation.allCases)
    func aSwiftBundleExportsItsQuery(_ isolation: Isolation) async throws {
        // FishGo's SpotQuery (an EntityStringQuery) with no saved spots: it suggests none, and
        // `entities(for:)` answers a spot it has no data for with its id as its name.
        let host = try await offThePool {
            let folder = try TestPaths.makeTemporaryDirectory("widgethost-entity-query")
            try TestPaths.copyBundle(TestPaths.sampleBundle("FishGoWidget"), into: folder)
            return BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: .hangGuard, storeLocation: TestStore.temporaryLocation(),
                isolation: isolation == .worker ? WorkerIsolation() as any BundleIsolation : InProcessIsolation()))
        }
        defer { host.stopWorkers() }
        #expect(try await host.entities(kind: "FishGoWidget", parameter: "spot", identifiers: ["reef"]) == [EntityOption(value: "reef", title: "reef")])
        #expect(try await host.entityOptions(kind: "FishGoWidget", parameter: "spot", matching: "reef") == [])
    }

    @Test func theRequestIsTheJSONWidgetHDescribes() throws {
        let search = try JSONReader().read(Array(EntityQueryRequest(parameter: "spot", .matching("lak")).json.utf8))
        #expect(search == .object(["version": .integer(1), "parameter": .string("spot"), "matching": .string("lak")]))
        let lookup = try JSONReader().read(Array(EntityQueryRequest(parameter: "spot", .identifiers(["a", "b"])).json.utf8))
        #expect(lookup == .object(["version": .integer(1), "parameter": .string("spot"), "identifiers": .array([.string("a"), .string("b")])]))
    }
}
