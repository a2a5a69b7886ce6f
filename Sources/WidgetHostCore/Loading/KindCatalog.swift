/// Every callable kind across all loaded bundles. A kind declared twice is refused.
public struct KindCatalog: Sendable {
    /// The accepted widgets, in search order.
    public let widgets: [WidgetDescriptor]
    public let duplicates: [DuplicateKind]
    private let byKind: [String: WidgetDescriptor]

    public init(bundles: [LoadedBundle]) {
        var pathsByKind: [String: [String]] = [:]
        for bundle in bundles {
            for widget in bundle.widgets { pathsByKind[widget.kind, default: []].append(bundle.path) }
        }
        let accepted = bundles.flatMap(\.widgets).filter { pathsByKind[$0.kind]?.count == 1 }
        widgets = accepted
        byKind = Dictionary(uniqueKeysWithValues: accepted.map { ($0.kind, $0) })
        duplicates = pathsByKind
            .filter { $0.value.count > 1 }
            .map { DuplicateKind(kind: $0.key, paths: $0.value) }
            .sorted { $0.kind < $1.kind }
    }

    public func widget(kind: String) -> WidgetDescriptor? {
        byKind[kind]
    }
}
