import WidgetPayload

/// The intent's `ParameterSummary` resolved for the values a sheet holds, as the daemon answers
/// `POST /v1/kinds/{kind}/summary`: the sentence at the top of Edit Widget (its values tappable,
/// as iOS draws them) and the parameters listed under it. Only the parameters it names or lists
/// are shown as rows.
public struct ResolvedSummary: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case text(String)
        /// A parameter's value in the sentence: its `display` (nil when it has none: the title
        /// is shown, dimmed, as iOS shows an unset value).
        case value(parameter: String, title: String, display: String?)
    }

    public let sentence: [Part]
    /// The parameters listed after the sentence (`Summary("…") { \.$days }`).
    public let parameters: [String]
    /// The sentence as plain text.
    public let text: String

    public init(sentence: [Part], parameters: [String], text: String) {
        self.sentence = sentence
        self.parameters = parameters
        self.text = text
    }

    /// The parameters the sentence names, in its order.
    public var named: [String] {
        sentence.compactMap { if case .value(let name, _, _) = $0 { name } else { nil } }
    }

    /// Whether `parameter` has a row: named in the sentence or listed after it.
    public func shows(_ parameter: String) -> Bool { named.contains(parameter) || parameters.contains(parameter) }
}
