/// A host listening to a store's reload inbox (`HostStore.listenForReloadRequests`): keep it as
/// long as the host should hear of new requests; `stop()` it to end.
///
/// Implementations must make `stop()` safe to call from any thread and more than once; once it
/// has returned, no new call of the listener's closure starts (one already running may finish).
public protocol ReloadRequestListener: Sendable {
    func stop()
}
