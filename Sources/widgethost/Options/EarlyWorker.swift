import WidgetIsolation

/// A worker started before the command line is even parsed, for the commands that call one
/// kind's provider in a worker: its process start then overlaps the CLI's own (argument parsing
/// alone is a third of it). `HostOptions.makeHost` hands it to the host.
enum EarlyWorker {
    /// The worker started for this run, if any; bound around the command's `run()`.
    @TaskLocal static var started: PrestartedWorker?

    /// The commands that call one kind's provider.
    static let commands: Set<String> = ["timeline", "snapshot", "placeholder", "render", "perform"]

    /// Whether `arguments` (the process's, its name first) run such a command in worker mode. A
    /// wrong guess costs one worker process that exits with the CLI.
    static func isWanted(by arguments: [String]) -> Bool {
        let words = arguments.dropFirst()
        guard let command = words.first, commands.contains(command) else { return false }
        if words.contains(where: { ["--all", "--help", "-h", "--isolation=in-process"].contains($0) }) { return false }
        return !zip(words, words.dropFirst()).contains { $0 == "--isolation" && $1 == "in-process" }
    }
}
