#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetHostCore

extension WorkerForkServer {
    /// Runs once, before the first fork, the worker's own Swift work that needs no bundle:
    /// reading its library folders for the sandbox, decoding a configuration and the host's
    /// messages, encoding what a worker sends, failing to load a bundle. The type metadata and
    /// protocol conformances the runtime looks up on the way are then in every forked worker
    /// from the start, in pages shared with the server, instead of being looked up again by each
    /// (perf of a thousand forked starts without it: a third of their time in libswiftCore).
    ///
    /// On a thread of its own, joined before the server forks: no other thread may hold a lock
    /// when the server forks (see `wh_fork_as_sibling`).
    static func warmUp() {
        var thread = pthread_t()
        let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
            WorkerForkServer.exerciseWorkerCoding()
            return nil
        }
        guard pthread_create(&thread, nil, body, nil) == 0 else { return }
        pthread_join(thread, nil)
    }

    static func exerciseWorkerCoding() {
        _ = SandboxSystemPaths.readable()
        let sandbox = WorkerSandboxPolicy(readable: ["/"], appGroups: [], containers: [], network: false)
        let configuration = WorkerConfiguration(
            bundlePath: "/", limits: CallLimits(), sandbox: sandbox, resourceLimits: .defaults, abiVersion: .host)
        // Through the worker's own function: each call site looks its types up once per process.
        if let json = try? configuration.json() { _ = WorkerServer.decodeConfiguration(Data(json)) }
        // A call is read by hand, every other message through `Codable` (the shutdown that ends
        // each worker: a third of a millisecond of look-ups in each, unwarmed).
        let call = HostMessage.call(WorkerCallRequest(id: 1, call: .timeline, kind: "Kind", context: CallContext(family: .systemSmall, now: Date())))
        for message in [call, .shutdown] {
            guard let frame = try? FrameCodec.encode(message) else { continue }
            var decoder = FrameCodec.Decoder()
            decoder.append(frame[...])
            if let decoded = try? decoder.next() { _ = try? decoded.message(as: HostMessage.self) }
        }
        // What every start does before its bundle's first call: count its threads for the
        // sandbox, name a thread, and load a bundle (here one that is not there).
        _ = SandboxSystemPaths.threadCount()
        _ = Thread.current.name
        // Making the bundle's info dictionary for `Bundle.main` (a fifth of a forked start's time
        // unwarmed): a plist with a build setting to expand, then the dictionary written back.
        let plist = try? PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "NSExtension": ["Point": "widgetkit"]],
            format: .xml, options: 0)
        _ = ExtensionProcess.infoDictionary(plist: plist, bundleName: "B")
        _ = ExtensionProcess.infoPlistBytes(of: URL(fileURLWithPath: "/nonexistent/libB.so"), resourceFolder: nil)
        _ = BundleLoader(delegate: WorkerServicesDelegate(channel: WorkerChannel(descriptor: -1))).load("/", resourceFolder: .known(nil))
        let widget = ScannedWidget(kind: "Kind", displayName: "Kind", description: "", families: [.systemSmall])
        let messages: [WorkerMessage] = [
            .hello(protocolVersion: WorkerProtocol.version, pid: 1, sandbox: WorkerSandboxStatus(state: .landlock, landlockABI: 1, networkDenied: true)),
            .scanned(WorkerScanReport(
                status: .loaded, bundle: ScannedBundle(name: "B", version: "1", abiVersion: .host, appGroups: [], widgets: [widget]), error: nil)),
            .result(WorkerCallResult(id: 1, outcome: .completed, nanoseconds: 1)),
        ]
        for message in messages { _ = try? FrameCodec.encode(message, body: [1]) }
    }
}
