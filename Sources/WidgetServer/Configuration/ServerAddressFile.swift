import Foundation
import WidgetStore
import WidgetStoreModel

/// `<data>/http.address`: the URL the running daemon serves, one line (`http://HOST:PORT/` or
/// `unix:PATH`). Written once the socket is bound and removed when the daemon stops, so a
/// client such as `widgethost watch` finds the daemon without being told its address.
public enum ServerAddressFile {
    public static func url(in folder: URL) -> URL { folder.appendingPathComponent("http.address") }

    /// The served address, or nil when no daemon serves (none runs, or it runs with `--http off`).
    public static func read(in folder: URL) -> String? {
        guard let text = try? String(contentsOf: url(in: folder), encoding: .utf8) else { return nil }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return line.isEmpty ? nil : line
    }

    static func write(_ address: String, in folder: URL) {
        let file = url(in: folder)
        try? DataFolderPrivacy.createFolder(folder)
        // Written beside (0600, like every file of the data folder) and renamed, so a reader
        // never sees half a line.
        let temporary = folder.appendingPathComponent(".http.address.\(getpid())")
        guard let descriptor = try? DataFolderPrivacy.openFile(temporary.path, flags: O_WRONLY | O_TRUNC) else { return }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let written = (try? handle.write(contentsOf: Data((address + "\n").utf8))) != nil
        try? handle.close()
        if !written || rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    static func remove(in folder: URL, ifItIs address: String) {
        // Only our own line: a second daemon refused by the lock must not remove the first's.
        guard read(in: folder) == address else { return }
        try? FileManager.default.removeItem(at: url(in: folder))
    }
}
