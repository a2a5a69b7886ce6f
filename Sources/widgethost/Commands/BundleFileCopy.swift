#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Puts a bundle file (or its asset folder) in place for hosts that may be reading the folder:
/// `install` and `preview`.
enum BundleFileCopy {
    /// Copies `source` over `target` by way of a temporary name beside it, so that a host
    /// scanning the folder meanwhile never sees half a file (rename(2) replaces a file in one
    /// step; a folder is removed first). Returns the target's path.
    static func replace(_ target: URL, with source: URL) throws -> String {
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).installing")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.copyItem(at: source, to: temporary)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            try FileManager.default.removeItem(at: target)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path, NSLocalizedDescriptionKey: reason])
        }
        return target.path
    }
}
