/// Names a summary's key paths (`\.$city`) as the schema names parameters ("city").
///
/// A key path cannot say its property's name, but `\.$city` reads the `Parameter` object itself
/// (its projected value is `self`), and parameters are classes: the name is that of the slot
/// `IntentParameters` found by `Mirror` holding the very object the key path reads from the same
/// intent value.
struct ParameterKeyPathNames {
    private let intent: Any
    private let names: [ObjectIdentifier: String]

    init(intent: Any) {
        self.intent = intent
        var names: [ObjectIdentifier: String] = [:]
        for (name, slot) in IntentParameters(of: intent).slots { names[ObjectIdentifier(slot)] = name }
        self.names = names
    }

    /// The parameter `keyPath` reads; nil when it reads no parameter of this intent.
    func name(of keyPath: AnyKeyPath) -> String? {
        guard let object = Self.read(keyPath, from: intent) else { return nil }
        return names[ObjectIdentifier(object)]
    }

    /// `keyPath` applied to `intent` as its own type, opened from `Any`.
    private static func read(_ keyPath: AnyKeyPath, from intent: Any) -> AnyObject? {
        func open<Root>(_ root: Root) -> AnyObject? {
            (root[keyPath: keyPath] as? any IntentParameterSlot).map { $0 as AnyObject }
        }
        return _openExistential(intent, do: open)
    }
}
