import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// The samples as iOS draws them beyond the Home Screen in full colour, compared with golden
/// images as `GoldenImageTests` compares (same host, folder, tolerance and regeneration):
/// each system family in the accented mode (`KIND.FAMILY.accented.png`), each accessory family in
/// full colour (`KIND.FAMILY.full-color.png`; `GoldenImageTests` draws them vibrant, their
/// default), and each kind's placeholder in its first family, redacted (`KIND.FAMILY.placeholder.png`).
///
/// Serialized: as `GoldenImageTests` is, since every case draws synchronously on the cooperative
/// pool and one case at a time leaves the pool's other thread to the rest of the run.
@Suite("Golden images: rendering modes and placeholders", .serialized)
struct GoldenModeImageTests {
    enum Drawing: String, Sendable {
        case accented
        case fullColor = "full-color"
        case placeholder
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let kind: String
        let family: WidgetFamily
        let drawing: Drawing
        var file: String { "\(kind).\(family.rawValue).\(drawing.rawValue).png" }
        var testDescription: String { file }
    }

    static var cases: [Case] {
        guard let host = try? GoldenImageTests.host.get() else { return [] }
        return host.bundles.catalog.widgets.sorted { $0.kind < $1.kind }.flatMap { widget in
            widget.families.map { family in
                Case(kind: widget.kind, family: family, drawing: family.rawValue.hasPrefix("accessory") ? .fullColor : .accented)
            } + widget.families.prefix(1).map { Case(kind: widget.kind, family: $0, drawing: .placeholder) }
        }
    }

    @Test(arguments: cases)
    func matchesGolden(_ golden: Case) async throws {
        let host = try GoldenImageTests.host.get()
        let widget = try host.widget(kind: golden.kind)
        let context = CallContext(family: golden.family, now: GoldenImageTests.now)
        let entry: WidgetEntry
        if golden.drawing == .placeholder {
            entry = try await host.placeholder(for: widget, in: context)
        } else {
            let timeline = try await host.timeline(for: widget, in: context)
            entry = try #require(timeline.entry(at: GoldenImageTests.now) ?? timeline.entries.first)
        }
        let assets = BundleAssets(besideBundle: URL(fileURLWithPath: widget.bundlePath))
        let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
        let environment = LayoutEnvironment(
            family: golden.family, now: GoldenImageTests.now, timeZone: TimeZone(identifier: "UTC")!,
            redactsPlaceholder: golden.drawing == .placeholder,
            renderingMode: golden.drawing == .accented ? .accented : golden.drawing == .fullColor ? .fullColor : nil)
        let image = try WidgetRenderer(assets: assets).image(face, in: environment, format: .png, scale: 2)
        #expect(image.problems.isEmpty, "\(image.problems)")
        try Self.compare(image.bytes, with: golden.file)
    }

    /// Writes the golden image when updating; else records where the drawing differs.
    static func compare(_ bytes: [UInt8], with name: String) throws {
        let file = GoldenImageTests.folder.appendingPathComponent(name)
        if GoldenImageTests.updating {
            try Data(bytes).write(to: file)
        }
        guard let expected = try? Data(contentsOf: file) else {
            Issue.record("no golden image \(name); look at the widget, then make it with WIDGETHOST_UPDATE_GOLDENS=1 (see GoldenImageTests)")
            return
        }
        let drawn = try RasterImage(png: bytes)
        let reference = try RasterImage(png: [UInt8](expected))
        guard let differing = drawn.pixelsDiffering(from: reference, byMoreThan: GoldenImageTests.channelTolerance) else {
            Issue.record("\(name): drawn \(drawn.width)×\(drawn.height), golden \(reference.width)×\(reference.height)")
            return
        }
        let share = Double(differing) / Double(drawn.pixels.count)
        if share > GoldenImageTests.tolerance {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-golden-\(name)")
            try? Data(bytes).write(to: actual)
            Issue.record("\(name): \(differing) pixels (\(String(format: "%.2f", share * 100)) %) differ from the golden image; this drawing is at \(actual.path)")
        }
    }
}
