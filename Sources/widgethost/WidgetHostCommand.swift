#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import WidgetDesktop
import WidgetHostCore
import WidgetIsolation

@main
struct WidgetHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgethost",
        abstract: "Loads widget bundles and shows their kinds, placeholders, snapshots and timelines.",
        discussion: """
            Bundles are searched for in: every --bundles DIR, then WIDGETHOST_PATH (colon-separated), \
            then Bundles/ under the working directory, the folder of this executable, \
            $XDG_DATA_HOME/widgethost/bundles, lib/widgethost/bundles under this executable's \
            install prefix, /usr/local/lib/widgethost/bundles and \
            /usr/lib/widgethost/bundles.
            """,
        version: HostIdentity.version,
        subcommands: [
            RefreshCommand.self, RunCommand.self, ListCommand.self, BundlesCommand.self,
            PlaceholderCommand.self, SnapshotCommand.self, TimelineCommand.self,
            DefaultsCommand.self, ReloadCommand.self, StatusCommand.self, StackCommand.self,
            SimulateCommand.self, ValidateCommand.self, RenderCommand.self, WatchCommand.self, InstancesCommand.self,
            PerformCommand.self, OpenCommand.self, NewCommand.self, PreviewCommand.self, InstallCommand.self,
            HomeCommand.self, DesktopCommand.self,
        ],
        defaultSubcommand: RefreshCommand.self
    )

    /// ArgumentParser's own `main`, with a worker started first for the commands that will need
    /// one (`EarlyWorker`).
    static func main() async {
        // The daemon and the desktop home screen sleep while nothing changes: their tasks run
        // on NIO's event loops, not libdispatch's pool (`EventLoopTasks`).
        EventLoopTasks.install(for: CommandLine.arguments)
        let early = EarlyWorker.isWanted(by: CommandLine.arguments) ? PrestartedWorker.start() : nil
        await EarlyWorker.$started.withValue(early) {
            do {
                var command = try parseAsRoot()
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                exitReporting(error)
            }
        }
    }

    /// ArgumentParser's `exit(withError:)`, except that a failure's message goes through
    /// `StandardError.print`: it ends in exactly one newline whatever the error's own text ends
    /// with (a bundle's error message may end in one).
    private static func exitReporting(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        // Help and --version: ArgumentParser's own, on standard output.
        guard code != .success else { exit(withError: error) }
        StandardError.print(fullMessage(for: error))
        Glibc.exit(code.rawValue)
    }
}
