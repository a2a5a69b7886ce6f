import Foundation
import WidgetHostCore
import WidgetIsolation
import WidgetRender

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
            limits: settings.limits, storeLocation: settings.storeLocation,
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
        }
        return previewed
    }

    /// The three calls in one family, and the entry drawn: the timeline's current one, else the
    /// snapshot's, else the placeholder (redacted, as WidgetKit draws it).
    private func cell(_ widget: WidgetDescriptor, family: WidgetFamily, columns: Int?, drawing: WidgetDrawing) async -> PreviewCell {
        var cell = PreviewCell(family: family)
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
        let environment = LayoutEnvironment(
            family: family, colorScheme: settings.appearance, now: shown.date, redactsPlaceholder: shown.redacted)
        let drawn = drawing.renderer(for: widget).terminal(
            drawing.face(of: shown.entry, kind: widget.kind), in: environment, columns: columns, truecolor: settings.truecolor)
        cell.picture = drawn.text
        for problem in drawn.problems {
            cell.problems.append(PreviewProblem("view: \(problem)", fix: "the view tree's rules are in docs/view-tree.md; assets in docs/assets.md"))
        }
        return cell
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
    var storeLocation: StoreLocation
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
    var cells: [PreviewCell] = []
    var notes: [String] = []

    var problems: [PreviewProblem] { cells.flatMap(\.problems) }
}

struct PreviewCell {
    let family: WidgetFamily
    var picture: String?
    var problems: [PreviewProblem] = []
}
