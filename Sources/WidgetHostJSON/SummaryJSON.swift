import WidgetPayload

/// A kind's `parameterSummary` resolved for one configuration, as the server's
/// `POST /v1/kinds/{kind}/summary` serves it: the sentence's pieces, each literal text or a
/// parameter with its value and that value as people read it, the parameters listed after,
/// and the whole sentence as text.
public struct SummaryJSON: Encodable, Sendable {
    public struct Part: Encodable, Sendable {
        /// Literal text; absent for a parameter.
        public let text: String?
        /// A parameter's name; absent for text.
        public let parameter: String?
        /// The parameter's title (what a sheet shows where it has no value).
        public let title: String?
        /// The value as a configuration spells it; null when it has none.
        @ExplicitNull public private(set) var value: JSONValue?
        /// The value as people read it (an enum's case title, an entity's title); null when it
        /// has none.
        @ExplicitNull public private(set) var display: String?

        private enum CodingKeys: String, CodingKey { case text, parameter, title, value, display }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let text {
                try container.encode(text, forKey: .text)
                return
            }
            try container.encodeIfPresent(parameter, forKey: .parameter)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encode(_value, forKey: .value)
            try container.encode(_display, forKey: .display)
        }
    }

    public let sentence: [Part]
    public let parameters: [String]
    public let text: String

    public init(_ summary: ResolvedParameterSummary, schema: ConfigurationSchema) {
        var titles: [String: String] = [:]
        for parameter in schema.parameters { titles[parameter.name] = parameter.title }
        sentence = summary.sentence.map { part in
            switch part {
            case .text(let text):
                Part(text: text, parameter: nil, title: nil, value: nil, display: nil)
            case .parameter(let name, let value, let display):
                Part(text: nil, parameter: name, title: titles[name] ?? name, value: value, display: display)
            }
        }
        parameters = summary.parameters
        text = summary.text(titles: titles)
    }
}
