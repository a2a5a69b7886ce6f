import WidgetPayload

/// Why the host will not ask a bundle for a parameter's options: only an entity parameter of a
/// configurable kind has options at run time. Found from the schema, before any call.
public struct EntityParameterRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The kind declares no configuration (`configuration_schema_json` is NULL or absent).
        case staticKind
        /// The kind's schema has no parameter of that name.
        case unknownParameter(known: [String])
        /// The parameter is of another type: an enum's options are in the schema, and the other
        /// types have none.
        case notAnEntity(ParameterType)
        /// A search was asked of an entity whose query does not search by text (it is no
        /// `EntityStringQuery`); iOS shows no search field for it either.
        case notSearchable
    }

    public let kind: String
    public let parameter: String
    public let reason: Reason

    public init(kind: String, parameter: String, reason: Reason) {
        self.kind = kind
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .staticKind:
            return "kind '\(kind)' is not configurable, so it has no parameter '\(parameter)' to list options for; "
                + "ask only a kind whose `widgethost list` shows parameters"
        case .unknownParameter(let known):
            let list = known.isEmpty ? "it declares no parameters" : "its parameters are \(known.joined(separator: ", "))"
            return "kind '\(kind)' has no parameter '\(parameter)'; \(list): ask for one of type entity"
        case .notAnEntity(let type):
            let instead = type == .enum
                ? "its options are listed in the kind's schema (`widgethost list`)"
                : "only entity parameters have options to list"
            return "parameter '\(parameter)' of kind '\(kind)' is of type \(type.rawValue), not entity; \(instead)"
        case .notSearchable:
            return "parameter '\(parameter)' of kind '\(kind)' cannot be searched: its query is not an EntityStringQuery "
                + "(the schema's \"searchable\" is false); list its suggested entities without `matching`"
        }
    }
}
