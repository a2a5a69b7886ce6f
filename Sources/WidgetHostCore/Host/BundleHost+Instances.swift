import Foundation
import WidgetStoreModel

extension BundleHost {
    /// Brings the registry in line with the instances in the host's store (`widgethost instances`,
    /// the gallery, apps): what the daemon does at start and on every wake-up, and what `refresh`
    /// does before it fetches.
    @discardableResult
    public func syncInstances() throws(StoreError) -> InstanceSync {
        registry.syncInstances(try store.instances(), widgets: bundles.catalog.widgets, at: clock.now)
    }

    /// The instance `id`, its widget and the context to call it in: what `--instance` names.
    public func resolve(instance id: WidgetInstanceID, now: Date) throws(InstanceLookupError) -> ResolvedInstance {
        let instance: WidgetInstance?
        do {
            instance = try store.instance(id)
        } catch {
            throw .store(error)
        }
        guard let instance else {
            let known = (try? store.instances().map(\.id.rawValue)) ?? []
            throw .unknownInstance(id, known: known)
        }
        let widget: WidgetDescriptor
        do {
            (widget, _) = try resolve(kind: instance.kind, family: instance.family)
        } catch {
            throw .unavailable(instance, error)
        }
        return ResolvedInstance(
            instance: instance, widget: widget,
            context: CallContext(family: instance.family, now: now, configuration: instance.configuration))
    }
}

/// An instance ready to call.
public struct ResolvedInstance: Sendable {
    public let instance: WidgetInstance
    public let widget: WidgetDescriptor
    public let context: CallContext
}

/// Why `--instance ID` names nothing to call.
public enum InstanceLookupError: Error, Sendable, CustomStringConvertible {
    case unknownInstance(WidgetInstanceID, known: [String])
    /// The instance's kind is not loaded (its bundle vanished), or lacks the family.
    case unavailable(WidgetInstance, HostCallError)
    case store(StoreError)

    public var description: String {
        switch self {
        case .unknownInstance(let id, let known):
            let list = known.isEmpty ? "there are none; add one with `widgethost instances add KIND`" : "known instances: \(known.joined(separator: ", "))"
            return "no instance '\(id)'; \(list)"
        case .unavailable(let instance, let error):
            return "instance \(instance.id) (\(instance.kind), \(instance.family.rawValue)) is unavailable: \(error)"
        case .store(let error):
            return error.description
        }
    }
}
