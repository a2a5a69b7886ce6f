import Foundation
import WidgetPayload
import WidgetStoreModel

/// The shared store as a host's store. Its defaults, reload inbox, catalog and instances members
/// are its own (in the other files); what a `HostStore` asks beyond them is how the processes
/// sharing the data folder hear of a change: a datagram to a socket in it.
extension SharedStore: HostStore {
    /// Sends a `DefaultsChangeNotice` to the daemon listening in the data folder, if any.
    public func announceDefaultsChange(keys: [String], in group: AppGroupID) {
        DefaultsChangeNotice.send(group: group.rawValue, keys: keys, location: location)
    }

    /// Listens on the data folder's wake-up socket (`HostWakeup`), which apps, the CLI and other
    /// hosts poke after recording requests. One host per data folder: a second listener throws
    /// `HostWakeupError.anotherHostListening`.
    public func listenForReloadRequests(
        _ onRecorded: @escaping @Sendable () -> Void
    ) throws(HostWakeupError) -> any ReloadRequestListener {
        try HostWakeupListener(location: location, onWake: onRecorded)
    }
}

extension HostWakeupListener: ReloadRequestListener {}
