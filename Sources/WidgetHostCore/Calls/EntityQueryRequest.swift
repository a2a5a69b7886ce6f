import WidgetPayload

/// What the host asks an entity parameter's query (`wk_widget_t.entity_query`, ABI 1.7): the
/// entities matching a person's text (EntityStringQuery's `entities(matching:)`) or those with
/// given identifiers (EntityQuery's `entities(for:)`).
public struct EntityQueryRequest: Sendable, Hashable, Codable {
    public enum Question: Sendable, Hashable, Codable {
        case matching(String)
        case identifiers([String])
    }

    public let parameter: String
    public let question: Question

    public init(parameter: String, _ question: Question) {
        self.parameter = parameter
        self.question = question
    }

    /// The request as the bundle reads it (`widget.h`):
    /// `{"version":1,"parameter":P,"matching":TEXT}` or `{"version":1,"parameter":P,"identifiers":[ID…]}`.
    public var json: String {
        var members: [String: JSONValue] = [
            "version": .integer(Int64(PayloadVersion.current)), "parameter": .string(parameter),
        ]
        switch question {
        case .matching(let text): members["matching"] = .string(text)
        case .identifiers(let ids): members["identifiers"] = .array(ids.map(JSONValue.string))
        }
        // Strings only: nothing here can be a non-finite number.
        let bytes = (try? JSONWriter.bytes(of: .object(members))) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }
}
