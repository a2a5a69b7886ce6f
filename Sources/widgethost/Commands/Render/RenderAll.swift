import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// `render --all`: every kind × family × appearance as a file, and one contact sheet of them all.
/// A kind that fails is reported and the others are still drawn; the command then fails.
struct RenderAll {
    let drawing: WidgetDrawing
    let now: Date
    let appearances: [ColorSchemeName]
    /// nil: each family's own.
    let renderingMode: RenderingModeName?
    let scale: Int
    let format: RenderFormat
    let folder: URL

    func run() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var sheet = ContactSheet()
        var failures = 0
        let widgets = drawing.host.bundles.catalog.widgets.sorted { $0.kind < $1.kind }
        for widget in widgets {
            let renderer = drawing.renderer(for: widget)
            for family in widget.families {
                do {
                    let (entry, date) = try await current(widget, family)
                    for appearance in appearances {
                        let environment = LayoutEnvironment(family: family, colorScheme: appearance, now: date, renderingMode: renderingMode)
                        let image = try drawing.image(entry, of: widget, in: environment, format: format, scale: scale, renderer: renderer)
                        let file = folder.appendingPathComponent("\(widget.kind).\(family.rawValue).\(appearance.rawValue).\(format.rawValue)")
                        try image.bytes.write(to: file)
                        print(file.path)
                        sheet.add(
                            image.displayList, assets: renderer.assets,
                            label: "\(widget.kind) · \(family.rawValue) · \(appearance.rawValue)",
                            onLockScreen: family.rawValue.hasPrefix("accessory"))
                    }
                } catch {
                    failures += 1
                    StandardError.print("error: \(widget.kind) (\(family.rawValue)): \(error)")
                }
            }
        }
        let sheetFile = folder.appendingPathComponent("contact-sheet.png")
        try sheet.png(scale: 1).write(to: sheetFile)
        print(sheetFile.path)
        if failures > 0 { throw RenderAllError(failures: failures) }
    }

    /// The entry current now, or the timeline's first when it starts later.
    private func current(_ widget: WidgetDescriptor, _ family: WidgetFamily) async throws -> (WidgetEntry, Date) {
        let timeline = try await drawing.host.timeline(for: widget, in: CallContext(family: family, now: now))
        return try WidgetDrawing.current(in: timeline, kind: widget.kind, at: nil, now: now)
    }
}

struct RenderAllError: Error, CustomStringConvertible {
    let failures: Int
    var description: String { "\(failures) widget\(failures == 1 ? "" : "s") could not be drawn (see above)" }
}

extension Array where Element == UInt8 {
    func write(to url: URL) throws {
        try Data(self).write(to: url, options: .atomic)
    }
}
