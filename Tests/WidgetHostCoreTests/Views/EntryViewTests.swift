import Foundation
import Testing
import TestSupport
import WidgetDaemon
import WidgetHostCore
import WidgetRender
import WidgetStoreModel

/// Views across the ABI: a bad view never costs its entry, is recorded against the kind, and is
/// drawn as the content card with a badge; a missing asset draws a box and is reported.
@Suite("Entry views")
struct EntryViewTests {
    /// `Tests/Fixtures/ViewBundles/bad_views.c`, in a folder of its own, in process.
    static func host(store: StoreLocation = TestStore.temporaryLocation()) throws -> BundleHost {
        let bundle = try FixtureCompiler.compile("Tests/Fixtures/ViewBundles/bad_views.c")
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: bundle.deletingLastPathComponent().path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: store))
    }

    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func aMalformedViewKeepsItsEntryAndNamesItsPath() async throws {
        let host = try Self.host()
        let widget = try host.widget(kind: "BadViews")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Self.now))
        #expect(timeline.entries.count == 3)
        #expect(timeline.entries[0].view?.tree != nil)
        let error = try #require(timeline.entries[1].view?.error)
        #expect(error.path == "view.root.children.1")
        #expect(error.problem == .exactlyOneOf(["text", "date", "runs"], found: []))
        #expect(timeline.firstMalformedView?.index == 1)
    }

    @Test func theRegistryRecordsTheBadViewAndTheDatabaseKeepsIt() async throws {
        let store = TestStore.temporaryLocation()
        let host = try Self.host(store: store)
        await host.refreshAllTimelines(now: Self.now)
        let record = try #require(host.registry.record(for: TimelineKey(kind: "BadViews", family: .systemSmall)))
        #expect(record.lastError?.code == "malformedView")
        #expect(record.lastError?.description.contains("entry 1") == true)
        #expect(record.lastError?.description.contains("view.root.children.1") == true)

        // Saved and read back, the views are as they came: the good one a tree, the bad one refused.
        let database = try RegistryDatabase.open(store)
        try database.save(host.registry.allRecords)
        let restored = try database.restore()
        let timeline = try #require(restored.records.first { $0.key.kind == "BadViews" }?.timeline)
        #expect(timeline.entries.map { $0.view?.tree != nil } == [true, false, true])
        #expect(timeline.entries[1].view?.error?.path == "view.root.children.1")
    }

    @Test func aBadViewIsDrawnAsItsContentCardWithABadge() async throws {
        let host = try Self.host()
        let timeline = try await host.timeline(for: try host.widget(kind: "BadViews"), in: CallContext(family: .systemSmall, now: Self.now))
        let entry = timeline.entries[1]
        let face = WidgetFace(kind: "BadViews", content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
        let renderer = WidgetRenderer(assets: .empty)
        let list = renderer.displayList(face, in: LayoutEnvironment(family: .systemSmall, now: Self.now))
        let texts = list.commands.compactMap { command -> String? in
            if case .text(let string, _, _, _) = command { string } else { nil }
        }
        #expect(texts.contains("BadViews"))
        #expect(texts.contains { $0.contains("n: 1") || $0.contains("n") })
        #expect(renderer.problems(in: face).count == 1)
    }

    @Test func aMissingAssetDrawsABoxAndIsReported() async throws {
        let host = try Self.host()
        let timeline = try await host.timeline(for: try host.widget(kind: "BadViews"), in: CallContext(family: .systemSmall, now: Self.now))
        let entry = timeline.entries[2]
        let face = WidgetFace(kind: "BadViews", content: entry.content, view: entry.view?.tree, viewError: nil)
        let renderer = WidgetRenderer(assets: BundleAssets(assetFolder: try TestPaths.makeTemporaryDirectory("widgethost-assets")))
        let image = try renderer.image(face, in: LayoutEnvironment(family: .systemSmall, now: Self.now), format: .png, scale: 1)
        #expect(image.displayList.commands.contains { if case .missingImage = $0 { true } else { false } })
        #expect(image.problems.map(\.description).contains { $0.contains("missing-poster") })
    }
}
