import ArgumentParser
import WidgetServer

/// `--open-url-command`: how `run` (for `POST …/open`) and `open` open a widget's URL.
struct OpenURLOptions: ParsableArguments {
    @Option(
        name: .customLong("open-url-command"),
        help: ArgumentHelp(
            "The command that opens a widget's URL, split on whitespace (no shell, no quoting), the URL appended as its last argument; none to only show the URL.",
            valueName: "command"))
    var openURLCommand: String = OpenURLCommand.standard.description

    func command() throws -> OpenURLCommand {
        do {
            return try OpenURLCommand(parsing: openURLCommand)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
