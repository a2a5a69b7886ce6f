import Foundation
import Synchronization
import WidgetPayload

/// The resource folders of each bundle folder, listed once and listed again only when the folder
/// changes (its modification time): the sandbox planner asks once per bundle, and a thousand
/// bundles in one folder made that a thousand listings of two thousand names.
final class ResourceFolderListing: Sendable {
    private struct Listing {
        let modified: timespec
        let names: [String]
    }

    private let listings = Mutex<[String: Listing]>([:])

    func resourceFolders(in directory: String) -> [String] {
        var info = stat()
        guard stat(directory, &info) == 0 else { return [] }
        let modified = info.st_mtim
        if let known = listings.withLock({ $0[directory] }),
           known.modified.tv_sec == modified.tv_sec, known.modified.tv_nsec == modified.tv_nsec {
            return known.names
        }
        let names = BundleAssetFolder.resourceFolders(in: directory)
        listings.withLock { $0[directory] = Listing(modified: modified, names: names) }
        return names
    }
}
