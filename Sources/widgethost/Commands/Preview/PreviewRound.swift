import Foundation
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetRender
import WidgetStore
import WidgetStoreModel

/// One rebuild, previewed: the bundle files copied aside (so the build can go on writing the
/// originals, and each round's worker opens a file no earlier worker had), loaded by fresh
/// workers, and every kind's placeholder, snapshot and timeline called in every family.
struct PreviewRound {
    let files: [URL]
    /// A folder of this round's own, for the copies.
    let folder: URL
    let settings: PreviewSettings

    func run() async -> PreviewResult {
        var result = PreviewResult()
        let copies: [(original: URL, copy: URL)]
        do {
            copies = try copyAside()
        } catch {
            result.problems.append(PreviewProblem("cannot copy the build aside: \(error.localizedDescription)",
                                                  fix: "check that \(folder.deletingLastPathComponent().path) is writable"))
            return result
        }
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: settings.limits, storeLocation: settings.store.location, store: settings.store,
            isolation: WorkerIsolation(settings: settings.workerSettings), rescan: true))
        defer { host.stopWorkers() }
        for report in host.bundles.reports where report.status == .failed {
            let name = URL(fileURLWithPath: report.path).lastPathComponent
            for issue in report.issues {
                result.problems.append(PreviewProblem("\(name) did not load: \(issue)",
                                                      fix: "run `widgethost validate \(name)` on the build for the whole story"))
            }
        }
        result.copies = copies
        let drawing = WidgetDrawing(host: host)
        for widget in host.bundles.catalog.widgets {
            result.widgets.append(await preview(widget, drawing: drawing))
        }
        if result.widgets.isEmpty && result.problems.isEmpty {
            result.problems.append(PreviewProblem("no widget kinds in \(files.map(\.lastPathComponent).joined(separator: ", "))",
                                                  fix: "export a WidgetBundle with at least one widget from wk_bundle_entry"))
        }
        return result
    }

    private func preview(_ widget: WidgetDescriptor, drawing: WidgetDrawing) async -> PreviewedWidget {
        var previewed = PreviewedWidget(kind: widget.kind, bundlePath: widget.bundlePath)
        let families = settings.families.isEmpty ? widget.families : settings.families.filter(widget.families.contains)
        for family in settings.families where !widget.families.contains(family) {
            previewed.notes.append("\(family.rawValue) is not among its families (\(widget.families.map(\.rawValue).joined(separator: ", ")))")
        }
        let columns = PreviewLayout.columns(for: families, width: settings.columns)
        for family in families {
            previewed.cells.append(await cell(widget, family: family, columns: columns[family], drawing: drawing))
            previewed.previewCells += await declaredPreviews(widget, family: family, columns: columns[family], drawing: drawing)
        }
        return previewed
    }

    /// The kind's `#Preview`s in `family`, each entry a cell of its own titled by the preview,
    /// as Xcode's canvas shows them; none for a bundle without `#Preview` (or older than ABI 1.6).
    private func declaredPreviews(_ widget: WidgetDescriptor, family: WidgetFamily, columns: Int?, drawing: WidgetDrawing) async -> [PreviewCell] {
        let now = Date()
        let previews: [WidgetPreview]
        do {
            previews = try await drawing.host.previews(kind: widget.kind, in: CallContext(family: family, isPreview: true, now: now))
        } catch {
            var cell = PreviewCell(family: family, title: "#Preview (\(family.rawValue))")
            cell.problems.append(PreviewProblem("previews failed: \(error)", fix: "run `widgethost validate` on the build"))
            return [cell]
        }
        var cells: [PreviewCell] = []
        for preview in previews {
            switch preview.content {
            case .failed(let message):
                var cell = PreviewCell(family: family, title: "#Preview \(preview.title)")
                cell.problems.append(PreviewProblem("#Preview \(preview.title) (\(preview.source)): \(message)",
                                                    fix: "make its entries of the type the widget's provider makes"))
                cells.append(cell)
            case .entries(let entries):
                for (index, entry) in entries.enumerated() {
                    let title = entries.count > 1 ? "#Preview \(preview.title) \(index + 1)/\(entries.count)" : "#Preview \(preview.title)"
                    var cell = PreviewCell(family: family, title: title)
                    draw(entry, at: entry.date, redacted: false, of: widget, into: &cell, columns: columns, drawing: drawing)
                    cells.append(cell)
                }
            }
        }
        return cells
    }

    /// The three calls in one family, and the entry drawn: the timeline's current one, else the
    /// snapshot's, else the placeholder (redacted, as WidgetKit draws it).
    private func cell(_ widget: WidgetDescriptor, family: WidgetFamily, columns: Int?, drawing: WidgetDrawing) async -> PreviewCell {
        var cell = PreviewCell(family: family, title: family.rawValue)
        let now = Date()
        let fix = "see its log: widgethost timeline \(widget.kind) --family \(family.rawValue) --bundles DIR -v"
        var shown: (entry: WidgetEntry, date: Date, redacted: Bool)?
        do {
            let entry = try await drawing.host.placeholder(for: widget, in: CallContext(family: family, now: now))
            shown = (entry, now, true)
        } catch {
            cell.problems.append(PreviewProblem("placeholder failed: \(error)", fix: fix))
        }
        do {
            let entry = try await drawing.host.snapshot(for: widget, in: CallContext(family: family, isPreview: true, now: now))
            shown = (entry, now, false)
        } catch {
            cell.problems.append(PreviewProblem("snapshot failed: \(error)", fix: fix))
        }
        do {
            let timeline = try await drawing.host.timeline(for: widget, in: CallContext(family: family, now: now))
            let (entry, date) = try WidgetDrawing.current(in: timeline, kind: widget.kind, at: nil, now: now)
            shown = (entry, date, false)
        } catch {
            cell.problems.append(PreviewProblem("timeline failed: \(error)", fix: fix))
        }
        guard let shown else { return cell }
        draw(shown.entry, at: shown.date, redacted: shown.redacted, of: widget, into: &cell, columns: columns, drawing: drawing)
        return cell
    }

    private func draw(
        _ entry: WidgetEntry, at date: Date, redacted: Bool, of widget: WidgetDescriptor, into cell: inout PreviewCell,
        columns: Int?, drawing: WidgetDrawing
    ) {
        let environment = LayoutEnvironment(
            family: cell.family, colorScheme: settings.appearance, now: date, redactsPlaceholder: redacted)
        let drawn = drawing.renderer(for: widget).terminal(
            drawing.face(of: entry, kind: widget.kind), in: environment, columns: columns, truecolor: settings.truecolor)
        cell.picture = drawn.text
        for problem in drawn.problems {
            cell.problems.append(PreviewProblem("view: \(problem)", fix: "the view tree's rules are in docs/view-tree.md; assets in docs/assets.md"))
        }
    }

    /// Copies each bundle file, with its asset folder, into `folder`.
    private func copyAside() throws -> [(original: URL, copy: URL)] {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return try files.map { original in
            let copy = folder.appendingPathComponent(original.lastPathComponent)
            try manager.copyItem(at: original, to: copy)
            for shipped in BundleAssetFolder.shipped(beside: original) {
                try manager.copyItem(at: shipped, to: folder.appendingPathComponent(shipped.lastPathComponent))
            }
            return (original, copy)
        }
    }
}

/// How `preview` calls and draws.
struct PreviewSettings {
    var families: [WidgetFamily]
    var appearance: ColorSchemeName
    /// The shared store every round's host reads (the widgets show what apps wrote), opened once.
    var store: LazySharedStore
    var limits: CallLimits
    var workerSettings: WorkerSettings
    /// The terminal's width in columns, shared by the families side by side.
    var columns: Int
    var truecolor: Bool
}

/// Something that went wrong, and what to do about it.
struct PreviewProblem: Hashable {
    let message: String
    let fix: String

    init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }
}

/// What one round found.
struct PreviewResult {
    /// Each bundle file and its copy, for the gallery.
    var copies: [(original: URL, copy: URL)] = []
    var problems: [PreviewProblem] = []
    var widgets: [PreviewedWidget] = []

    var failed: Bool { !problems.isEmpty || widgets.contains { !$0.problems.isEmpty } }
}

struct PreviewedWidget {
    let kind: String
    /// The copy the round loaded.
    let bundlePath: String
    /// One a family: the provider's entry.
    var cells: [PreviewCell] = []
    /// One a `#Preview` entry, in the families' order.
    var previewCells: [PreviewCell] = []
    var notes: [String] = []

    var problems: [PreviewProblem] { (cells + previewCells).flatMap(\.problems) }
}

struct PreviewCell {
    let family: WidgetFamily
    /// The family's name, or the `#Preview` the cell draws.
    var title: String
    var picture: String?
    var problems: [PreviewProblem] = []
}
