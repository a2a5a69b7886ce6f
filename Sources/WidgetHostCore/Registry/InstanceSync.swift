import WidgetStoreModel

/// What `TimelineRegistry.syncInstances` changed.
public struct InstanceSync: Sendable, Hashable {
    public var added: [TimelineKey] = []
    public var reconfigured: [TimelineKey] = []
    public var removed: [TimelineKey] = []
    /// Instances whose kind no loaded bundle declares (or not in that family): kept in the
    /// store and shown as unavailable, never called.
    public var unavailable: [WidgetInstance] = []

    public var changedAnything: Bool { !added.isEmpty || !reconfigured.isEmpty || !removed.isEmpty }
}
