import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetRender

/// `widgethost render`: a widget as the home screen would show it, as PNG, SVG or in the
/// terminal; or, with `--all`, every kind × family as files and one contact sheet.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a widget's entry to a PNG or SVG file, or to the terminal (--output -).",
        discussion: """
            The entry is the timeline's entry current at --at (default: --now), or the placeholder \
            (drawn redacted, as WidgetKit does) or the snapshot. The accessory families are drawn \
            in the vibrant rendering mode, as on the Lock Screen, unless --rendering-mode says \
            otherwise. A bundle that sends no view \
            (ABI 1.0 and 1.1) is drawn as a card of its content. With --all, --output names a \
            folder that gets KIND.FAMILY.APPEARANCE.png (or .svg with --svg) for every kind and \
            family, and contact-sheet.png.
            """)

    @Argument(help: "The widget kind (omit with --all or --instance).")
    var kind: String?

    @Flag(help: "Every kind in every family, into the folder --output names.")
    var all = false

    @Option(help: ArgumentHelp("The widget family (default: the kind's first supported family).", valueName: "family"))
    var family: WidgetFamily?

    @Option(help: ArgumentHelp("The clock the providers see, ISO-8601 (default: now).", valueName: "date"))
    var now: ISODate?

    @Option(help: ArgumentHelp("Draw the timeline's entry current at this ISO-8601 date (default: --now).", valueName: "date"))
    var at: ISODate?

    @Flag(help: "Which entry to draw (default: the timeline's).")
    var entry: RenderedEntry = .timeline

    @Option(help: ArgumentHelp("\(AppearanceOption.choices) (default: light; both with --all).", valueName: "appearance"))
    var appearance: ColorSchemeName?

    @Option(help: RenderingModeOption.help)
    var renderingMode: RenderingModeWord?

    @Option(help: ArgumentHelp("Pixels per point for PNG (a whole number, 1 to 3 pixels)", valueName: "scale"))
    var scale: RenderScale = .two

    @Flag(help: "With --all: write SVG files rather than PNG.")
    var svg = false

    @Option(name: .shortAndLong, help: ArgumentHelp("FILE.png, FILE.svg, or - for the terminal; a folder with --all.", valueName: "path"))
    var output: String

    @OptionGroup var instance: InstanceOptions

    @OptionGroup var host: HostOptions

    func validate() throws {
        switch (kind, all) {
        case (nil, false) where instance.instance == nil:
            throw ValidationError("name a KIND to draw (or --instance ID), or pass --all for every kind")
        case (_?, true): throw ValidationError("--all draws every kind: leave KIND out, or drop --all")
        default: break
        }
        if all, instance.instance != nil || !instance.assignments.isEmpty {
            throw ValidationError("--all draws every kind as it is; --instance and --set are for one widget")
        }
        if !all { try instance.validate(kind: kind, family: family) }
        if !all, RenderFormat(output: output) == nil {
            throw ValidationError("--output \(output): name a .png or .svg file, or - for the terminal")
        }
        if all, output == "-" {
            throw ValidationError("--output: --all writes files; name a folder")
        }
        if all, at != nil || entry != .timeline {
            throw ValidationError("--all draws every kind's current timeline entry; --at, --placeholder and --snapshot are for one KIND")
        }
    }

    func run() async throws {
        let clock = now?.date ?? Date()
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let drawing = WidgetDrawing(host: bundleHost)
            if all {
                try await RenderAll(drawing: drawing, now: clock, appearances: appearance.map { [$0] } ?? ColorSchemeName.allCases,
                                    renderingMode: renderingMode?.mode, scale: scale.rawValue, format: svg ? .svg : .png, folder: URL(fileURLWithPath: output)).run()
                return
            }
            let target = try instance.target(in: bundleHost, kind: kind, family: family, now: clock, isPreview: false)
            let widget = target.widget
            let shown = try await drawing.entry(entry, of: target, at: at?.date)
            let environment = LayoutEnvironment(
                family: target.family, colorScheme: appearance ?? .light, now: shown.date,
                redactsPlaceholder: entry == .placeholder, renderingMode: renderingMode?.mode)
            if output == "-" {
                print(drawing.terminal(shown.entry, of: widget, in: environment), terminator: "")
                return
            }
            // Checked in validate(): a .png or .svg file.
            let format = RenderFormat(output: output) ?? .png
            let image = try drawing.image(shown.entry, of: widget, in: environment, format: format, scale: scale.rawValue)
            try image.bytes.write(to: URL(fileURLWithPath: output))
        }
    }
}

/// Which of the provider's entries to draw.
enum RenderedEntry: String, EnumerableFlag {
    case timeline, placeholder, snapshot

    static func help(for value: RenderedEntry) -> ArgumentHelp? {
        switch value {
        case .timeline: "The timeline's entry current at --at (the default)."
        case .placeholder: "The placeholder, drawn redacted."
        case .snapshot: "The snapshot."
        }
    }
}

/// `--scale`.
enum RenderScale: Int, ExpressibleByArgument, CaseIterable {
    case one = 1, two = 2, three = 3
}
