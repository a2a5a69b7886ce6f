import WidgetPayload

/// WidgetKit's rendering modes as a person types them: `widgethost render --rendering-mode` and
/// the server's `?rendering-mode=` (docs/openapi.yaml's enum). Spelled here once; the CLI's help
/// and both sides' refusals list them from here.
public enum RenderingModeWord: String, CaseIterable, Sendable {
    case fullColor = "full-color"
    case accented
    case vibrant

    public init(_ mode: RenderingModeName) {
        self = switch mode {
        case .fullColor: .fullColor
        case .accented: .accented
        case .vibrant: .vibrant
        }
    }

    public var mode: RenderingModeName {
        switch self {
        case .fullColor: .fullColor
        case .accented: .accented
        case .vibrant: .vibrant
        }
    }

    /// Where WidgetKit draws a widget in the mode, for help; nil for full colour, the plain one.
    public var shownOn: String? {
        switch self {
        case .fullColor: nil
        case .accented: "the tinted Home Screen"
        case .vibrant: "the Lock Screen"
        }
    }

    /// "full-color, accented or vibrant".
    public static var choices: String { ChoiceList.text(of: Self.self) }
}

/// The values an option or a query parameter takes, listed for a person: "light or dark",
/// "full-color, accented or vibrant". From the values' one spelling (an enum's raw values).
public enum ChoiceList {
    public static func text(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        let others = words.dropLast()
        return others.isEmpty ? last : others.joined(separator: ", ") + " or " + last
    }

    public static func text<Choice: CaseIterable & RawRepresentable>(of type: Choice.Type) -> String where Choice.RawValue == String {
        text(type.allCases.map(\.rawValue))
    }
}
