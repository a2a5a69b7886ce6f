/// Which widgets `watch` shows: the kinds named (every kind when none), and for each kind one
/// family: `--family` when given, else `accessoryInline` when the kind supports it (the family
/// drawn as one line of text, made for panels), else the first family the daemon lists for it.
/// Every instance a user added of a watched kind (in `--family`, when given) is shown too, after
/// its kind's line: each is a widget of its own.
public struct WidgetSelection: Sendable, Hashable {
    /// Empty: every kind the daemon serves.
    public let kinds: [String]
    public let family: String?

    public static let inlineFamily = "accessoryInline"

    public init(kinds: [String] = [], family: String? = nil) {
        self.kinds = kinds
        self.family = family
    }

    /// The widgets to show out of the daemon's list, one per kind, in the order the kinds were
    /// named (else the list's). A named kind that lacks `--family` is an error; when no kind is
    /// named, kinds without it are left out.
    public func choose(from widgets: [WidgetState]) throws(WatchError) -> [WidgetState] {
        var byKind: [String: [WidgetState]] = [:]
        var listOrder: [String] = []
        var instancesByKind: [String: [WidgetState]] = [:]
        for widget in widgets {
            if byKind[widget.kind] == nil, instancesByKind[widget.kind] == nil { listOrder.append(widget.kind) }
            if widget.instance == nil {
                byKind[widget.kind, default: []].append(widget)
            } else {
                instancesByKind[widget.kind, default: []].append(widget)
            }
        }
        var chosen: [WidgetState] = []
        for kind in kinds.isEmpty ? listOrder : kinds {
            defer { chosen += (instancesByKind[kind] ?? []).filter { family == nil || $0.family == family } }
            guard let families = byKind[kind] else { continue }  // not served, or only as instances
            if let family {
                if let widget = families.first(where: { $0.family == family }) {
                    chosen.append(widget)
                } else if !kinds.isEmpty, instancesByKind[kind] == nil {
                    throw .familyNotSupported(kind: kind, family: family, supported: families.map(\.family))
                }
            } else if let widget = families.first(where: { $0.family == Self.inlineFamily }) ?? families.first {
                chosen.append(widget)
            }
        }
        return chosen
    }

    /// Named kinds the daemon does not serve (a bundle it did not load).
    public func missingKinds(in widgets: [WidgetState]) -> [String] {
        let served = Set(widgets.map(\.kind))
        return kinds.filter { !served.contains($0) }
    }

    /// Whether an event can change what is shown: one about a watched kind, or a bundle change,
    /// which can add or remove kinds. (An event about another family of a watched kind costs
    /// one read of the list that prints nothing.)
    func isRelevant(_ event: DaemonEvent) -> Bool {
        switch event.subject {
        case .bundle, .instances: true
        case .widget(let kind, _): isWatched(kind)
        case .other: false
        }
    }

    private func isWatched(_ kind: String) -> Bool { kinds.isEmpty || kinds.contains(kind) }
}

/// What `watch` was asked that cannot be shown.
public enum WatchError: Error, Sendable, Hashable, CustomStringConvertible {
    case familyNotSupported(kind: String, family: String, supported: [String])

    public var description: String {
        switch self {
        case .familyNotSupported(let kind, let family, let supported):
            "\(kind) does not support the family \(family); its families: \(supported.joined(separator: ", "))"
        }
    }
}
