import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// The `views` check: every family's placeholder, snapshot and timeline views decode and draw,
/// and every asset they name is there (in the bundle's own asset folder, or a declared App
/// Group's container).
///
/// Entries without a view are drawn as their content card, which is allowed (every 1.0 and 1.1
/// bundle sends none) but earns a warning: the widget has no face of its own.
struct ViewChecks {
    let host: BundleHost
    let widgets: [WidgetDescriptor]
    /// The bundle file as the author named it: its assets are beside it, not beside the staged link.
    let sourcePath: String
    let appGroupContainers: [String: URL]
    let now: Date

    func run() async -> ValidationCheck {
        let renderer = WidgetRenderer(assets: BundleAssets(
            besideBundle: URL(fileURLWithPath: sourcePath), appGroupContainers: appGroupContainers))
        var problems: [String] = []
        var drawn = 0
        var withoutView: [String] = []
        for widget in widgets {
            for family in widget.families {
                let key = TimelineKey(kind: widget.kind, family: family)
                for (label, entries) in await entries(of: widget, family: family) {
                    for (index, entry) in entries.enumerated() {
                        let place = entries.count > 1 ? "\(label) entry \(index) of \(key)" : "\(label) of \(key)"
                        guard let view = entry.view else {
                            withoutView.append(place)
                            continue
                        }
                        if let error = view.error {
                            problems.append("\(place): \(error)")
                            continue
                        }
                        let environment = LayoutEnvironment(
                            family: family, now: entry.date, redactsPlaceholder: label == "placeholder")
                        let face = WidgetFace(kind: widget.kind, content: entry.content, view: view.tree, viewError: nil)
                        do {
                            let image = try renderer.image(face, in: environment, format: .png, scale: 1)
                            problems += image.problems.map { "\(place): \($0)" }
                            problems += refusedControls(in: image.displayList, of: widget).map { "\(place): \($0)" }
                            drawn += 1
                        } catch {
                            problems.append("\(place): could not be drawn: \(error)")
                        }
                    }
                }
            }
        }
        if !problems.isEmpty {
            return .fail(.views, ValidationFixes.summary(problems),
                         fix: "keep the view within docs/view-tree.md; ship every image and colour the view names in the bundle's asset folder or asset catalog (docs/assets.md); give each Button(intent:) and Toggle(isOn:intent:) an intent declared with export(…, intents:) and values its @Parameters take (docs/intents.md)")
        }
        if !withoutView.isEmpty {
            return .warn(.views, "no view in \(ValidationFixes.plural(withoutView.count, "entry", "entries")) (\(withoutView.prefix(3).joined(separator: ", ")) …): drawn as a card of their content",
                         fix: "give the configuration an entry view: StaticConfiguration(kind:provider:) { entry in … }, or send \"view\" beside \"content\"")
        }
        return .pass(.views, "\(ValidationFixes.plural(drawn, "view")) decode and draw, every asset found")
    }

    /// The drawn controls a click on would be refused: an intent the bundle does not declare,
    /// or values its parameters do not take.
    private func refusedControls(in list: DisplayList, of widget: WidgetDescriptor) -> [String] {
        list.controls.compactMap { control in
            do throws(HostCallError) {
                try BundleHost.checkAction(intent: control.action.intent, parameters: control.action.parameters, of: widget)
                return nil
            } catch {
                return "a click on its \(control.action.intent) control would be refused: \(error)"
            }
        }
    }

    /// The placeholder, snapshot and timeline entries of one family; a call that fails is left
    /// to the call checks.
    private func entries(of widget: WidgetDescriptor, family: WidgetFamily) async -> [(String, [WidgetEntry])] {
        let context = CallContext(family: family, now: now)
        var result: [(String, [WidgetEntry])] = []
        if let entry = try? await host.placeholder(for: widget, in: context) { result.append(("placeholder", [entry])) }
        if let entry = try? await host.snapshot(for: widget, in: context) { result.append(("snapshot", [entry])) }
        if let timeline = try? await host.timeline(for: widget, in: context) { result.append(("timeline", timeline.entries)) }
        return result
    }
}
