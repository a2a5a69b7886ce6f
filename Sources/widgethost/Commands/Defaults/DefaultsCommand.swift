import ArgumentParser
import WidgetHostCore
import WidgetPayload

/// `widgethost defaults`: an App Group's shared defaults, from the command line (macOS's
/// `defaults`, for App Groups).
struct DefaultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults",
        abstract: "Read and write App Groups' shared defaults.",
        discussion: """
            Values are typed: bool, int, double, string, data (base64), date (ISO-8601 or seconds \
            since 1970) and json (a JSON document, for a Codable payload). Widgets read them with \
            SharedDefaults(suiteName:); after a write, `widgethost reload KIND` asks for fresh timelines.
            """,
        subcommands: [
            DefaultsWriteCommand.self, DefaultsReadCommand.self, DefaultsDeleteCommand.self, DefaultsListCommand.self,
        ])
}

/// Why a defaults command could not do what was asked.
enum DefaultsCommandError: Error, CustomStringConvertible {
    case unparsableValue(text: String, type: StoredValueType, reason: String)

    var description: String {
        switch self {
        case .unparsableValue(let text, let type, let reason):
            "'\(text)' is not \(type.withArticle): \(reason)"
        }
    }
}

extension StoredValueType: @retroactive ExpressibleByArgument {
    var withArticle: String { self == .int ? "an int" : "a \(self)" }
}
