import WidgetHostCore
import WidgetIsolation

// One bundle's worker process: loads the bundle named in its configuration and answers the
// host's calls on descriptor 3 (see WorkerProtocol). Not meant to be run by hand.
WorkerServer.main(arguments: CommandLine.arguments)
