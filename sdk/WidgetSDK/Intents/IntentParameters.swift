import WidgetPayload

/// An intent's `@Parameter`s, found by `Mirror` in declaration order: the wrapper is stored as
/// `_name` for a property `name`.
struct IntentParameters {
    let slots: [(name: String, slot: any IntentParameterSlot)]

    // Any intent: a configuration intent or an `AppIntent`, both declare `@Parameter`s alike.
    init(of intent: Any) {
        slots = Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let slot = child.value as? any IntentParameterSlot else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, slot)
        }
    }

    var names: [String] { slots.map(\.name) }

    func slot(named name: String) -> (any IntentParameterSlot)? {
        slots.first { $0.name == name }?.slot
    }

    /// The parameters as a configuration: each one that has a value.
    var configuration: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for (name, slot) in slots {
            if let value = slot.currentConfigurationValue, value != .null { members[name] = value }
        }
        return members
    }
}
