// A plain executable for profilers (valgrind --tool=callgrind): N timeline calls of the
// 10-entry provider through an in-process (default) or worker host; KIND TenEntryMainQueueWidget
// is the same provider completing from the main queue.
//
//   ProfileTimeline [calls] [in-process|worker] [KIND]
import Foundation
import Logging
import WidgetHostCore
import WidgetIsolation
import WidgetStoreModel

let calls = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 2_000 : 2_000
let worker = CommandLine.arguments.count > 2 && CommandLine.arguments[2] == "worker"
let products = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    .deletingLastPathComponent()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-profile-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
for library in ["libTenEntryWidget.so", "libTenEntryMainQueueWidget.so"]
where FileManager.default.fileExists(atPath: products.appendingPathComponent(library).path) {
    try FileManager.default.copyItem(at: products.appendingPathComponent(library), to: folder.appendingPathComponent(library))
}
var logger = Logger(label: "profile")
logger.logLevel = .critical
let host = BundleHost(HostConfiguration(
    searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
    logger: logger, storeLocation: StoreLocation(directory: folder.appendingPathComponent("data")),
    isolation: worker ? .worker(WorkerSettings(executable: products.appendingPathComponent("widgethost-worker"))) : .inProcess))
let kind = CommandLine.arguments.count > 3 ? CommandLine.arguments[3] : "TenEntryWidget"
let widget = try host.widget(kind: kind)
let now = Date(timeIntervalSince1970: 1_767_225_600)
let clock = ContinuousClock()
let started = clock.now
for _ in 0..<calls {
    _ = try await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: now))
}
let took = clock.now - started
print("\(calls) calls, \(took / calls) each")
host.stopWorkers()
try? FileManager.default.removeItem(at: folder)
