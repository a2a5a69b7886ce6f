import Synchronization
import WidgetABI
import WidgetPayload

/// One `AppIntent` type with its type erased, ready to be declared in `intents_json` and run by
/// `wk_bundle_t.perform` (ABI 1.4).
struct ExportedIntent: Sendable {
    let declaration: IntentDeclaration
    /// Fills a fresh intent from the host's parameters and performs it.
    let perform: @Sendable (_ parameters: [String: JSONValue]) async throws -> Void

    init<Intent: AppIntent>(_ type: Intent.Type) {
        let parameters = IntentParameters(of: Intent())
        declaration = IntentDeclaration(
            name: Intent.intentName, title: Intent.title.key,
            parameters: parameters.slots.map { $0.slot.schema(name: $0.name) })
        perform = { members in
            let intent = Intent()
            try await Self.fill(IntentParameters(of: intent), from: members)
            _ = try await intent.perform()
        }
    }

    /// Assigns each given value to its `@Parameter`, as a configuration fills a configuration
    /// intent: the host checked them already; the SDK checks again so a mistaken host gets a
    /// clear error rather than an intent reading a parameter without a value.
    private static func fill(
        _ parameters: IntentParameters, from members: [String: JSONValue]
    ) async throws(ConfigurationDecodingError) {
        for name in members.keys.sorted() where parameters.slot(named: name) == nil {
            throw .unknownParameter(name: name, known: parameters.names)
        }
        for (name, slot) in parameters.slots {
            if let value = members[name], value != .null {
                do {
                    try await slot.assign(value)
                } catch {
                    throw .parameter(name: name, error)
                }
            }
            guard slot.isSatisfied else { throw .missingValue(parameter: name) }
        }
    }
}

extension ExportedIntent {
    /// The bundles' intents, by the address of their `wk_bundle_t`: `perform` is handed the
    /// bundle, and a process may export more than one bundle type (tests do).
    static let registry = IntentRegistry()
}

/// Intents by bundle table, written once per table before the table is handed out.
final class IntentRegistry: Sendable {
    private let intents = Mutex<[UInt: [String: ExportedIntent]]>([:])

    func register(_ list: [ExportedIntent], for bundle: UnsafePointer<wk_bundle_t>) {
        let byName = Dictionary(list.map { ($0.declaration.name, $0) }, uniquingKeysWith: { first, _ in first })
        intents.withLock { $0[UInt(bitPattern: bundle)] = byName }
    }

    func intent(named name: String, of bundle: UnsafePointer<wk_bundle_t>) -> ExportedIntent? {
        intents.withLock { $0[UInt(bitPattern: bundle)]?[name] }
    }
}
