import Foundation
import WidgetStore
import WidgetStoreModel

/// An App Group's shared defaults, for the app side: the `UserDefaults(suiteName:)` an app and
/// its widgets share. Writes go straight to the shared store; a widget reads them through its host.
///
///     let defaults = SharedDefaults(suiteName: "group.bacon.data")
///     try defaults.set(42, forKey: "pillarsTraversed")
///     try WidgetCenter.shared.reloadTimelines(ofKind: "PillarWidget")
///
/// A suite name that is not an App Group name fails every call with `DefaultsError.invalidGroup`,
/// instead of quietly sharing nothing.
///
/// Each suite opens the store on its first call and keeps it; suites made from one `AppService`
/// share its store, so an app that makes many opens it once.
public struct SharedDefaults: DefaultsSuite {
    public let suiteName: String
    private let group: Result<AppGroupID, DefaultsError>
    private let service: AppService

    /// - Parameters:
    ///   - suiteName: The App Group, e.g. `group.bacon.data`.
    ///   - location: Where the store is; by default `$WIDGETHOST_DATA_DIR` or the XDG data folder.
    public init(suiteName: String, location: StoreLocation = .resolve()) {
        self.init(suiteName: suiteName, service: AppService(location: location))
    }

    /// A suite over `service`'s store, opened once for all the suites made from it.
    public init(suiteName: String, service: AppService) {
        self.suiteName = suiteName
        self.service = service
        self.group = Result { () throws(DefaultsError) in
            do throws(AppGroupIDError) { return try AppGroupID(validating: suiteName) } catch { throw .invalidGroup(error) }
        }
    }

    public func storedValue(forKey key: String) throws(DefaultsError) -> StoredValue? {
        let (store, group) = try open()
        return try store.value(forKey: key, in: group)
    }

    public func set(storedValue value: StoredValue, forKey key: String) throws(DefaultsError) {
        try setValues([key: value])
    }

    public func removeObject(forKey key: String) throws(DefaultsError) {
        try setValues([key: nil])
    }

    /// Writes several keys at once: all land, or none do. A nil value removes its key. Written
    /// by `AppService`, so a running daemon hears of it as of any app's write.
    public func setValues(_ values: [String: StoredValue?]) throws(DefaultsError) {
        let (store, group) = try open()
        try service.write(values, to: group, in: store)
    }

    /// The group's container folder, for files the widget shows (home_widget's rendered images).
    public func containerURL() throws(DefaultsError) -> URL {
        let (store, group) = try open()
        return try store.containerURL(for: group)
    }

    /// The bundles that declare this group, as the last `widgethost run` recorded them. Empty
    /// means no installed widget will ever read what this suite writes.
    public func declaringBundles() throws(DefaultsError) -> [BundleCatalog.Declaration] {
        let (store, group) = try open()
        do throws(StoreError) { return try store.catalog().groups[group.rawValue] ?? [] } catch { throw .storeUnavailable(reason: error.description) }
    }

    private func open() throws(DefaultsError) -> (SharedStore, AppGroupID) {
        let group = try group.get()
        do throws(StoreError) {
            return (try service.store.open(), group)
        } catch {
            throw .storeUnavailable(reason: error.description)
        }
    }
}
