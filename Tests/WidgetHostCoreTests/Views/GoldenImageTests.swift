import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// Every sample × family × appearance drawn at 2× and compared with its golden image in
/// `Tests/Fixtures/Golden/`, with a small tolerance for anti-aliasing.
///
/// After a deliberate change to the samples or the renderer, look at the new images, then
/// regenerate them with
///
///     swift build --build-tests && WIDGETHOST_UPDATE_GOLDENS=1 swift test --skip-build --filter Golden
///
/// Serialized: every case draws its image synchronously, on the cooperative pool (two threads on
/// a 2-core machine); one case at a time holds at most one of them and leaves the other to the
/// rest of the run's tasks, such as provider answers and daemon wake-ups (TestSupport/OffThePool.swift).
@Suite("Golden images", .serialized)
struct GoldenImageTests {
    static let samples = ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"]
    static let now = Date(timeIntervalSince1970: 1_767_279_600)  // 2026-01-01T15:00:00Z
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Golden", isDirectory: true)
    static let updating = ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDENS"] == "1"

    /// A pixel differs when a channel moves by more than this; an image when more than
    /// `tolerance` of its pixels differ.
    static let channelTolerance = 24
    static let tolerance = 0.005

    struct Case: CustomTestStringConvertible, Sendable {
        let kind: String
        let family: WidgetFamily
        let appearance: ColorSchemeName
        var file: String { "\(kind).\(family.rawValue).\(appearance.rawValue).png" }
        var testDescription: String { file }
    }

    /// One host for every case: the samples, copied with MoviePlanner's assets into a folder
    /// of their own, in process, with an empty store.
    static let host: Result<BundleHost, any Error> = Result {
        let folder = try TestPaths.folderOfSamples(samples, prefix: "widgethost-golden")
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
    }

    static var cases: [Case] {
        guard let host = try? host.get() else { return [] }
        return host.bundles.catalog.widgets.sorted { $0.kind < $1.kind }.flatMap { widget in
            widget.families.flatMap { family in
                ColorSchemeName.allCases.map { Case(kind: widget.kind, family: family, appearance: $0) }
            }
        }
    }

    @Test func everySampleLoads() throws {
        let kinds = Set(try Self.host.get().bundles.catalog.widgets.map(\.kind))
        #expect(kinds == Set(Self.samples))
    }

    @Test(arguments: cases)
    func matchesGolden(_ golden: Case) async throws {
        let host = try Self.host.get()
        let widget = try host.widget(kind: golden.kind)
        let timeline = try await host.timeline(for: widget, in: CallContext(family: golden.family, now: Self.now))
        let entry = try #require(timeline.entry(at: Self.now) ?? timeline.entries.first)
        #expect(entry.view?.tree != nil, "\(golden.kind) sends no view")
        let assets = BundleAssets(besideBundle: URL(fileURLWithPath: widget.bundlePath))
        let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
        let environment = LayoutEnvironment(
            family: golden.family, colorScheme: golden.appearance, now: Self.now, timeZone: TimeZone(identifier: "UTC")!)
        let image = try WidgetRenderer(assets: assets).image(face, in: environment, format: .png, scale: 2)
        #expect(image.problems.isEmpty, "\(image.problems)")

        let file = Self.folder.appendingPathComponent(golden.file)
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(image.bytes).write(to: file)
        }
        guard let expected = try? Data(contentsOf: file) else {
            Issue.record("no golden image \(golden.file); look at the widget, then make it with WIDGETHOST_UPDATE_GOLDENS=1 (see this suite's comment)")
            return
        }
        let drawn = try RasterImage(png: image.bytes)
        let reference = try RasterImage(png: [UInt8](expected))
        guard let differing = drawn.pixelsDiffering(from: reference, byMoreThan: Self.channelTolerance) else {
            Issue.record("\(golden.file): drawn \(drawn.width)×\(drawn.height), golden \(reference.width)×\(reference.height)")
            return
        }
        let share = Double(differing) / Double(drawn.pixels.count)
        if share > Self.tolerance {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-golden-\(golden.file)")
            try? Data(image.bytes).write(to: actual)
            Issue.record("\(golden.file): \(differing) pixels (\(String(format: "%.2f", share * 100)) %) differ from the golden image; this drawing is at \(actual.path)")
        }
    }
}
