import Foundation
import WidgetHostCore
import WidgetStoreModel

/// Replaces a file whole: writes a temporary file beside it, syncs it and renames it over the
/// old one, so a crash mid-write leaves the old file or the new, never half of one.
///
/// The files are the host's, in the data folder: the temporary file is made 0600 whatever the
/// umask, so the file renamed into place is 0600 (`DataFolderPrivacy`).
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try DataFolderPrivacy.createFolder(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = try DataFolderPrivacy.openFile(temporary.path, flags: O_WRONLY | O_EXCL)
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
