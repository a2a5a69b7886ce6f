#if canImport(Glibc)
import Glibc
#endif
import CWorkerLaunch
import Foundation
import WidgetHostCore
import WidgetPayload

/// The worker process's side of `WorkerProtocol`: what `widgethost-worker` runs.
///
/// In order: read the configuration (the one argument), apply the resource limits, enter the
/// sandbox (`WorkerSandbox`), say hello, make `Bundle.main` the bundle's (`ExtensionProcess`),
/// load the bundle and report it, then answer calls on other threads until the host says
/// `shutdown` or hangs up, while the main thread runs the main run loop.
/// A bundle that did not load is reported and nothing more: the worker waits for the host to
/// hang up. Exit statuses are `WorkerExitStatus`.
///
/// Descriptors: 3 is the channel and carries nothing but frames; 0, 1 and 2 are left as the host
/// set them up (standard output and error are the bundle's, read by the host).
public enum WorkerServer {
    public static func main(arguments: [String]) -> Never {
        if arguments.count == 2 && arguments[1] == WorkerForkServer.argument { WorkerForkServer.main() }
        // Whatever else the host had open that was not close-on-exec (a pipe to a compiler it
        // runs, say) must not stay open for the worker's life: its reader would never see the end.
        closefrom(WorkerProtocol.channelDescriptor + 1)
        if arguments.count == 2 && arguments[1] == awaitConfigurationArgument { serve(awaitConfiguration()) }
        serve(parseConfiguration(arguments))
    }

    /// Everything after the configuration is read: what a worker spawned afresh and one forked
    /// by the fork server both run, with the channel on descriptor 3 and nothing else open
    /// beyond the standard three.
    static func serve(_ configuration: WorkerConfiguration) -> Never {
        // A fault in the worker (the bundle's, or its own) is logged with the crashing stack.
        if wh_install_crash_report() != 0 {
            WorkerExit.complain("no crash report: \(String(cString: strerror(errno)))")
        }
        applyResourceLimits(configuration.resourceLimits)
        // A dead host is a send error (MSG_NOSIGNAL), never a signal; this also covers pipes the
        // bundle itself writes to.
        signal(SIGPIPE, SIG_IGN)
        // Before anything of the bundle's is opened, and while the worker has one thread.
        let sandbox = WorkerSandbox.enter(configuration.sandbox)

        let channel = WorkerChannel(descriptor: WorkerProtocol.channelDescriptor)
        send(.hello(protocolVersion: WorkerProtocol.version, pid: getpid(), sandbox: sandbox), on: channel)

        let services = WorkerServicesDelegate(channel: channel)
        // Before the bundle's code runs: its static initialisers may already ask for Bundle.main.
        if let problem = ExtensionProcess.adoptMainBundle(bundlePath: configuration.bundlePath, resourceFolder: configuration.resourceFolder) {
            WorkerExit.complain(problem)
        }
        // The resource folder as the host found it: the sandbox may not let this process list.
        let result = BundleLoader(delegate: services, abiVersion: configuration.abiVersion ?? .host).load(
            configuration.bundlePath, resourceFolder: .known(configuration.resourceFolder.map { URL(fileURLWithPath: $0) }))
        send(.scanned(scanReport(for: result)), on: channel)
        services.scanWasSent()

        switch result {
        case .success(let bundle):
            let server = WorkerCallServer(bundle: bundle, limits: configuration.limits, channel: channel, services: services)
            ExtensionProcess.serveBesideMainRunLoop { server.serve() }
        case .failure:
            waitForHangUp(on: channel, services: services)
        }
    }

    /// The report the host gets for `result`, as it is: the host decides what it means
    /// (`BundleReport(file:loading:)`), as for bundles it loads itself.
    static func scanReport(for result: Result<LoadedBundle, BundleLoadError>) -> WorkerScanReport {
        switch result {
        case .success(let bundle):
            let scanned = ScannedBundle(
                name: bundle.name,
                version: bundle.version,
                abiVersion: bundle.abiVersion,
                appGroups: bundle.appGroups.map(\.rawValue),
                widgets: bundle.widgets.map {
                    ScannedWidget(
                        kind: $0.kind, displayName: $0.displayName, description: $0.description, families: $0.families,
                        configurationSchema: $0.configurationSchema?.jsonValue)
                },
                sdkVersion: bundle.sdkVersion,
                intents: bundle.intents.isEmpty ? nil : IntentDeclaration.jsonValue(of: bundle.intents),
                usesNetwork: bundle.usesNetwork)
            return WorkerScanReport(status: .loaded, bundle: scanned, error: nil)
        case .failure(let error):
            return WorkerScanReport(status: .failed, bundle: nil, error: error)
        }
    }

    /// Sends `message`, from any thread. A host that hung up ends the conversation: the channel
    /// is shut down so that the reader on the main thread sees it closed and the worker exits.
    static func send(_ message: WorkerMessage, body: [UInt8] = [], on channel: WorkerChannel) {
        do {
            try channel.send(message, body: body)
        } catch .closed {
            channel.hangUp()
        } catch .writeFailed(let error) {
            WorkerExit.fail(.systemError, "cannot write to the channel (descriptor \(channel.descriptor)): \(String(cString: strerror(error)))")
        } catch {
            WorkerExit.complain("cannot send \(message): \(error); dropped")
        }
    }

    /// Reads until the host hangs up or says `shutdown`, after a bundle that did not load: there
    /// is nothing to call, and exiting first would look like a crash to the host.
    private static func waitForHangUp(on channel: WorkerChannel, services: WorkerServicesDelegate) -> Never {
        let ended = channel.readFrames { frame in
            switch decode(frame) {
            case .shutdown:
                WorkerExit.exit(.finished)
            case .defaultsAnswer(let id, let reply):
                services.received(reply, for: id)
            case .call(let request):
                WorkerExit.complain("call \(request.id) for kind '\(request.kind)', but the bundle did not load; not answered")
            case .entityOptions(let request):
                WorkerExit.complain(
                    "entity options request \(request.id) for kind '\(request.kind)', but the bundle did not load; not answered")
            case .perform(let request):
                WorkerExit.complain(
                    "perform request \(request.id) for kind '\(request.kind)', but the bundle did not load; not answered")
            case .previews(let request):
                WorkerExit.complain(
                    "previews request \(request.id) for kind '\(request.kind)', but the bundle did not load; not answered")
            case .entityQuery(let request):
                WorkerExit.complain(
                    "entity query request \(request.id) for kind '\(request.kind)', but the bundle did not load; not answered")
            }
        }
        channelEnded(ended)
    }

    /// The host's message in `frame`; one that does not decode ends the worker.
    static func decode(_ frame: Frame) -> HostMessage {
        do {
            return try frame.message(as: HostMessage.self)
        } catch {
            WorkerExit.fail(.protocolError, "the host sent a frame that is not a message: \(error)")
        }
    }

    /// The reader returned: the host hung up, or the channel broke.
    static func channelEnded(_ failure: WorkerChannel.Failure) -> Never {
        switch failure {
        case .closed:
            WorkerExit.exit(.finished)
        case .protocolError(let error):
            WorkerExit.fail(.protocolError, "the host broke the protocol: \(error)")
        case .readFailed(let error), .writeFailed(let error):
            WorkerExit.fail(.systemError, "cannot read the channel (descriptor \(WorkerProtocol.channelDescriptor)): \(String(cString: strerror(error)))")
        }
    }
}
