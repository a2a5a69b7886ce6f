/// Why `widgethost open` has no URL to open: each says what to do.
public enum OpenLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No daemon serves the data folder: no address file, or nothing answers at its address.
    case noDaemon(reason: String?)
    /// The daemon answered, but not with the widgets.
    case daemonFailed(String)
    case unknownKind(String, served: [String])
    case unknownInstance(String, kind: String, instances: [String])
    /// The kind is not served in that family (empty: in no family at all, only as instances).
    case familyNotServed(kind: String, family: String, served: [String])
    /// The widget's current entry has no `widgetURL`.
    case noURL(WidgetKey)

    public var description: String {
        switch self {
        case .noDaemon(let reason):
            "no daemon serves this data folder\(reason.map { " (\($0))" } ?? ""); start one with `widgethost run` (with the same --data-dir)"
        case .daemonFailed(let reason):
            "the daemon did not list its widgets: \(reason)"
        case .unknownKind(let kind, let served):
            "the daemon shows no widget of kind \(kind); it shows: \(served.isEmpty ? "none" : served.joined(separator: ", "))"
        case .unknownInstance(let id, let kind, let instances):
            "\(kind) has no instance \(id); its instances: \(instances.isEmpty ? "none (add one with `widgethost instances add`)" : instances.joined(separator: ", "))"
        case .familyNotServed(let kind, let family, let served):
            family.isEmpty
                ? "\(kind) is shown only as instances; pass --instance ID"
                : "\(kind) is not shown in the family \(family); --family one of: \(served.joined(separator: ", "))"
        case .noURL(let key):
            "\(key) has no URL to open: its current entry sets no widgetURL"
        }
    }
}
