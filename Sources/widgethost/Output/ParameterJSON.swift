import WidgetHostCore
import WidgetPayload

/// One parameter of a configurable kind in `list --format json`. Every member is present:
/// `default` is null when the parameter has none, `options` null but for enums (an entity's
/// options come from the bundle at run time).
struct ParameterJSON: Encodable {
    let name: String
    let title: String
    let type: String
    let defaultValue: JSONValue?
    let options: [OptionJSON]?
    let required: Bool

    init(_ parameter: ConfigurationParameter) {
        name = parameter.name
        title = parameter.title
        type = parameter.type.rawValue
        defaultValue = parameter.defaultValue
        options = parameter.options?.map { OptionJSON(value: $0.value, title: $0.title) }
        required = parameter.isRequired
    }

    struct OptionJSON: Encodable {
        let value: String
        let title: String
    }

    private enum CodingKeys: String, CodingKey {
        case name, title, type, options, required
        case defaultValue = "default"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(title, forKey: .title)
        try container.encode(type, forKey: .type)
        try container.encode(defaultValue ?? .null, forKey: .defaultValue)
        try container.encode(options, forKey: .options)
        try container.encode(required, forKey: .required)
    }
}
