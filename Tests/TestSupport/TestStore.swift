import Foundation
import WidgetHostCore
import WidgetStoreModel

/// Shared stores for tests: each in its own temporary folder, so tests never touch the user's
/// store nor each other's.
public enum TestStore {
    /// A new store location; the store creates the folder on first use.
    public static func temporaryLocation() -> StoreLocation {
        let directory = TestPaths.temporaryURL("store")
        return StoreLocation(directory: directory, origin: .option)
    }
}
