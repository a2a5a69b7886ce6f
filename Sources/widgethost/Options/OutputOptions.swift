import ArgumentParser

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: text (a readable table) or json.")
    var format: OutputFormat = .text
}
