import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender
import WidgetHostJSON

/// What `render`, `timeline` and `refresh` share: a widget's entry, drawn with its bundle's
/// assets and its declared App Groups' containers, problems reported as warnings.
struct WidgetDrawing {
    let host: BundleHost

    /// The entry to draw and the moment it is drawn at (relative dates count from it).
    /// - Parameter date: `--at`; nil for `now`, when a timeline that starts a moment later (its
    ///   first date is the provider's `context.now`, which may lose a microsecond in transit)
    ///   is drawn from its first entry.
    func entry(_ which: RenderedEntry, of target: CallTarget, at date: Date?) async throws -> (entry: WidgetEntry, date: Date) {
        let (widget, context, instance, now) = (target.widget, target.context, target.instance, target.context.now)
        switch which {
        case .placeholder: return (try await host.placeholder(for: widget, in: context, instance: instance), date ?? now)
        case .snapshot: return (try await host.snapshot(for: widget, in: context, instance: instance), date ?? now)
        case .timeline:
            let timeline = try await host.timeline(for: widget, in: context, instance: instance)
            // No entries (WidgetKit's "nothing new") and nothing shown before: iOS shows the placeholder.
            if timeline.entries.isEmpty { return (try await host.placeholder(for: widget, in: context, instance: instance), date ?? now) }
            return try Self.current(in: timeline, kind: widget.kind, at: date, now: now)
        }
    }

    /// The entry current at `date`; without one, at `now`, or else the first.
    static func current(in timeline: WidgetTimeline, kind: String, at date: Date?, now: Date) throws -> (entry: WidgetEntry, date: Date) {
        if let entry = timeline.entry(at: date ?? now) { return (entry, date ?? now) }
        let first = timeline.entries[0]
        guard let date else { return (first, first.date) }
        throw RenderCommandError.noCurrentEntry(kind: kind, at: date, first: first.date)
    }

    func renderer(for widget: WidgetDescriptor) -> WidgetRenderer {
        let groups = host.bundles.reports.first { $0.path == widget.bundlePath }?.bundle?.appGroups ?? []
        return WidgetRenderer(assets: BundleAssets(
            besideBundle: URL(fileURLWithPath: widget.bundlePath),
            appGroupContainers: host.storeLocation.containerURLs(for: groups)))
    }

    func face(of entry: WidgetEntry, kind: String) -> WidgetFace {
        WidgetFace(kind: kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
    }

    func image(
        _ entry: WidgetEntry, of widget: WidgetDescriptor, in environment: LayoutEnvironment, format: RenderFormat, scale: Int,
        renderer: WidgetRenderer? = nil
    ) throws -> RenderedImage {
        let image = try (renderer ?? self.renderer(for: widget)).image(face(of: entry, kind: widget.kind), in: environment, format: format, scale: scale)
        report(image.problems, kind: widget.kind, family: environment.family)
        return image
    }

    func terminal(_ entry: WidgetEntry, of widget: WidgetDescriptor, in environment: LayoutEnvironment) -> String {
        let drawn = renderer(for: widget).terminal(
            face(of: entry, kind: widget.kind), in: environment, columns: TerminalSize.columns(), truecolor: terminalSupportsTruecolor())
        report(drawn.problems, kind: widget.kind, family: environment.family)
        return drawn.text
    }

    /// The entry current at `date` drawn in the terminal, for `timeline` and `refresh` on a
    /// terminal; empty when none is current yet.
    func terminalPreview(_ timeline: WidgetTimeline, of widget: WidgetDescriptor, family: WidgetFamily, at date: Date?, now: Date) -> String {
        guard let (entry, shown) = try? Self.current(in: timeline, kind: widget.kind, at: date, now: now) else { return "" }
        return "\n" + terminal(entry, of: widget, in: LayoutEnvironment(family: family, now: shown))
    }

    private func report(_ problems: [RenderProblem], kind: String, family: WidgetFamily) {
        for problem in problems { StandardError.print("warning: \(kind) (\(family.rawValue)): \(problem)") }
    }
}

enum RenderCommandError: Error, CustomStringConvertible {
    case noCurrentEntry(kind: String, at: Date, first: Date)

    var description: String {
        switch self {
        case .noCurrentEntry(let kind, let at, let first):
            "\(kind) has no entry current at \(at.isoString): its timeline starts at \(first.isoString); pass --at \(first.isoString) or later"
        }
    }
}
