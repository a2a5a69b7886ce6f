import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// `--instance ID` (a widget added with `instances add`, with its configuration) or `--set
/// NAME=VALUE` (a one-off configuration of a configurable kind, not stored).
struct InstanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Call as this instance (see `widgethost instances list`): its kind, family and configuration.", valueName: "id"))
    var instance: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a parameter of a configurable kind for this call only, e.g. --set spot=harbor. Repeatable.", valueName: "name=value"))
    var assignments: [String] = []

    func validate(kind: String?, family: WidgetFamily?) throws {
        switch (kind, instance) {
        case (nil, nil): throw ValidationError("name a KIND, or an instance with --instance ID")
        case (_?, _?): throw ValidationError("--instance names its kind already: leave KIND out")
        default: break
        }
        if instance != nil, family != nil { throw ValidationError("--instance has its own family: leave --family out") }
        if instance != nil, !assignments.isEmpty {
            throw ValidationError("--instance calls with the instance's configuration; change it with `widgethost instances set`, or call the kind with --set")
        }
    }

    /// What to call: the instance's widget and configuration, or the kind with `--set`'s.
    func target(in host: BundleHost, kind: String?, family: WidgetFamily?, now: Date, isPreview: Bool) throws -> CallTarget {
        if let instance {
            let resolved = try host.resolve(instance: WidgetInstanceID(rawValue: instance), now: now)
            var context = resolved.context
            context.isPreview = isPreview
            return CallTarget(widget: resolved.widget, context: context, instance: resolved.instance.id)
        }
        let (widget, family) = try host.resolve(kind: kind ?? "", family: family)
        let configuration = try ConfigurationAssignments.read(assignments, for: widget)
        return CallTarget(
            widget: widget,
            context: CallContext(family: family, isPreview: isPreview, now: now, configuration: assignments.isEmpty ? nil : configuration),
            instance: nil)
    }
}

/// A widget to call, the context to call it in, and the instance it is (nil: the kind itself).
struct CallTarget {
    let widget: WidgetDescriptor
    let context: CallContext
    let instance: WidgetInstanceID?

    var family: WidgetFamily { context.family }
}
