import WidgetHostCore
import WidgetPayload

/// One parameter of a configurable kind in `list --format json` and the server's `/v1/kinds`. Every member is present:
/// `default` is null when the parameter has none, `options` null but for enums (an entity's
/// options come from the bundle at run time).
public struct ParameterJSON: Encodable, Sendable {
    public let name: String
    public let title: String
    public let type: String
    @ExplicitNull public private(set) var defaultValue: JSONValue?
    @ExplicitNull public private(set) var options: [OptionJSON]?
    public let required: Bool
    /// An entity whose query searches by text (`EntityStringQuery`): the options endpoint
    /// takes `?matching=`, and a sheet shows a search field. False for every other parameter.
    public let searchable: Bool

    public init(_ parameter: ConfigurationParameter) {
        name = parameter.name
        title = parameter.title
        type = parameter.type.rawValue
        defaultValue = parameter.defaultValue
        options = parameter.options?.map { OptionJSON(value: $0.value, title: $0.title) }
        required = parameter.isRequired
        searchable = parameter.isSearchable
    }

    public struct OptionJSON: Encodable, Sendable {
        public let value: String
        public let title: String

        public init(value: String, title: String) {
            self.value = value
            self.title = title
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, title, type, options, required, searchable
        case defaultValue = "default"
    }
}
