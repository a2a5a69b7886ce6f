import ArgumentParser
import Foundation
import WidgetApp
import WidgetHostCore
import WidgetHostJSON
import WidgetStoreModel

/// `widgethost perform KIND INTENT`: what a tap on a widget's `Button(intent:)` does, from a
/// terminal. The bundle performs the intent; after it succeeds every timeline of the kind (each
/// family, each instance) gets one forced reload, as `widgethost reload --force KIND` asks: the
/// intent changed what all of them show (a Counter on the desktop, the same Counter in another
/// size). A running host is woken to make them; with none running the request waits in the store
/// for the next `run` or `refresh`, and the widget performed for (the kind in `--family`, or
/// `--instance`) is fetched here and shown. A failed perform reloads nothing. An intent that
/// completes twice or late is reported as a warning.
struct PerformCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perform",
        abstract: "Perform one of a kind's intents (AppIntent), then reload every widget of the kind once.")

    @Argument(help: "The widget kind whose bundle declares the intent.")
    var kind: String

    @Argument(help: "The intent's name, as `widgethost bundles` lists it.")
    var intent: String

    @Option(help: ArgumentHelp("The instance to reload and show after (see `widgethost instances list`).", valueName: "id"))
    var instance: String?

    @Option(help: ArgumentHelp("The family to reload and show after (default: the kind's first).", valueName: "family"))
    var family: WidgetFamily?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set one of the intent's parameters, e.g. --set amount=2. Repeatable.", valueName: "name=value"))
    var assignments: [String] = []

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if instance != nil, family != nil { throw ValidationError("--instance has its own family: leave --family out") }
    }

    func run() async throws {
        let bundleHost = host.makeHost()
        defer { bundleHost.stopWorkers() }
        let widget = try bundleHost.widget(kind: kind)
        // An undeclared intent is left to `perform`, which refuses it naming the declared ones.
        let parameters = try widget.intents.first(where: { $0.name == intent }).map { declaration in
            try ConfigurationAssignments.read(assignments, for: declaration, kind: kind)
        } ?? [:]
        let clock = Date()
        // Resolved before performing: a wrong --instance or --family is refused before any call.
        let target = try self.target(in: bundleHost, now: clock)
        let key = TimelineKey(kind: kind, family: target.family, instance: target.instance)
        try await bundleHost.perform(kind: kind, intent: intent, parameters: parameters, for: key)

        // One forced reload of every timeline of the kind, recorded as `reload --force KIND`
        // records it, where a running host (or the next run) finds it.
        let center = WidgetCenter(location: host.store.location, source: "cli")
        let (_, delivery) = try center.recordRequests([.kind(kind)], forced: true)
        let delivered = delivery == .deliveredToRunningHost
        let reloads = timelines(ofKind: kind, in: bundleHost)
        let timeline = delivered
            ? nil
            : try await bundleHost.timeline(for: target.widget, in: target.context, instance: target.instance)
        // Seen once the fetch (or the request) is done: a worker reports it after the result.
        let violations = bundleHost.intentViolations.violations.filter { $0.kind == kind && $0.intent == intent }
        switch output.format {
        case .json:
            try JSONOutput.print(PerformJSON(
                kind: kind, family: target.family.rawValue, instance: target.instance?.rawValue, intent: intent,
                performed: true, deliveredToRunningHost: delivered, reloads: reloads.map(TimelineKeyJSON.init),
                violations: violations.map { RecordedErrorJSON(RecordedError(cause: .intentCompletion($0), at: clock)) },
                timeline: timeline.map { timeline in
                    TimelineJSON(
                        kind: kind, family: target.family.rawValue, instance: target.instance?.rawValue,
                        configuration: target.context.configuration, entries: timeline.entries.map(EntryJSON.init),
                        policy: PolicyJSON(timeline.policy), current: nil)
                }))
        case .text:
            print("Performed \(intent) of \(kind).")
            for violation in violations { StandardError.print("warning: \(violation)") }
            let what = "every timeline of \(kind) (\(reloads.map(\.label).joined(separator: ", ")))"
            if let timeline {
                print(TextOutput.timeline(timeline, kind: kind, family: target.family, at: nil))
                print("No host is running; the request to reload \(what) waits in the store for the next `widgethost run` or `refresh`.")
            } else {
                print("Asked the running host to reload \(what).")
            }
        }
    }

    /// The timelines a reload of `kind` reaches: each family the kind declares, and each of its
    /// instances in the store, as the host's registry holds them.
    private func timelines(ofKind kind: String, in bundleHost: BundleHost) -> [TimelineKey] {
        // Without the store's instances only the families are known; the reload still reaches all.
        _ = try? bundleHost.syncInstances()
        return bundleHost.registry.allRecords.map(\.key).filter { $0.kind == kind }.sorted()
    }

    /// The widget to reload and show: the instance (which must be of the kind), or the kind in
    /// `--family`.
    private func target(in bundleHost: BundleHost, now: Date) throws -> CallTarget {
        guard let instance else {
            let (widget, family) = try bundleHost.resolve(kind: kind, family: family)
            return CallTarget(widget: widget, context: CallContext(family: family, now: now), instance: nil)
        }
        let resolved = try bundleHost.resolve(instance: WidgetInstanceID(rawValue: instance), now: now)
        guard resolved.widget.kind == kind else {
            throw ValidationError("instance \(instance) is a \(resolved.widget.kind), not a \(kind)")
        }
        return CallTarget(widget: resolved.widget, context: resolved.context, instance: resolved.instance.id)
    }
}

/// What `widgethost perform --format json` prints.
struct PerformJSON: Encodable {
    let kind: String
    let family: String
    /// Absent unless performed for an instance (`--instance`).
    let instance: String?
    let intent: String
    let performed: Bool
    /// True when a running host was woken to reload; the timeline is then its to fetch.
    let deliveredToRunningHost: Bool
    /// Every timeline of the kind, each family and instance: what the forced reload reaches.
    let reloads: [TimelineKeyJSON]
    /// Completions the intent got wrong during this perform (twice, late): empty when none.
    let violations: [RecordedErrorJSON]
    /// The timeline fetched after the perform; null when a running host reloads instead.
    @ExplicitNull var timeline: TimelineJSON?
}
