#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What `widgethost preview` watches: one bundle file, or the bundles a folder's build makes
/// (a Swift package's `.build/debug/lib*.so`, else the folder's own `lib*.so` and `*.so`).
struct PreviewedBuild {
    /// The folder the bundle files appear in (which need not exist yet), and a file in it, or
    /// nil for every shared object there.
    let folder: URL
    let file: String?

    init(argument: String) {
        let url = URL(fileURLWithPath: argument).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            let isPackage = FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
            folder = isPackage ? url.appendingPathComponent(".build/debug") : url
            file = nil
        } else {
            folder = url.deletingLastPathComponent()
            file = url.lastPathComponent
        }
    }

    /// The bundle files there now.
    func files() -> [URL] {
        if let file { return [folder.appendingPathComponent(file)] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".so") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Each file's identity and stamp: a rebuild changes it, whether the linker rewrote the
    /// file in place or renamed a new one over it.
    func signature() -> [FileSignature] {
        files().compactMap(FileSignature.init)
    }
}

/// A file's inode, size and modification time.
struct FileSignature: Hashable {
    let path: String
    let inode: UInt64
    let size: Int64
    let modified: Int64

    init?(_ url: URL) {
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_size > 0 else { return nil }
        path = url.path
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}

/// Waits for the next finished build: the signature changes, then holds still for a moment
/// (a linker writes the file in pieces). Polls: the folder may not exist until the first build,
/// and the few `stat`s a poll costs are nothing beside a build.
struct BuildWatcher {
    let build: PreviewedBuild
    var interval: Duration = .milliseconds(100)

    /// The signature of the next build different from `last` with at least one file.
    func next(after last: [FileSignature]?) async throws -> [FileSignature] {
        while true {
            let current = build.signature()
            if !current.isEmpty, current != last {
                try await Task.sleep(for: interval)
                if build.signature() == current { return current }
            }
            try await Task.sleep(for: interval)
        }
    }
}

extension PreviewedBuild {
    /// What is watched, for people.
    func describe() -> String {
        folder.appendingPathComponent(file ?? "*.so").path
    }
}
