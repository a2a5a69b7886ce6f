import Foundation
import WidgetStore
import WidgetHostCore

/// The bundle's host services inside a worker: log lines and reload requests go to the host as
/// messages on the channel; defaults calls reach the shared store, which the worker opens itself
/// (SQLite in WAL mode under a file lock: safe for several processes at once).
///
/// Every method is called on one of the bundle's threads, and may block there while the channel
/// is full: a bundle that logs faster than the host reads is slowed down, not given memory.
struct WorkerServicesDelegate: BundleServicesDelegate {
    let channel: WorkerChannel
    let storeLocation: StoreLocation

    init(channel: WorkerChannel, storeDirectory: String) {
        self.channel = channel
        storeLocation = StoreLocation(directory: URL(fileURLWithPath: storeDirectory, isDirectory: true), origin: .option)
    }

    func bundleLogged(_ line: BundleLogLine) {
        // The bundle's name and path are the host's to add: it knows which worker this is.
        WorkerServer.send(.log(level: line.level, message: line.message), on: channel)
    }

    func reloadRequested(kinds: [String], bundle: String, path: String) {
        WorkerServer.send(.reloadRequested(kinds: kinds), on: channel)
    }

    func sharedStore() throws(StoreError) -> SharedStore {
        // One store per location and process, opened on the first defaults call.
        try SharedStore.shared(at: storeLocation)
    }
}
