#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A data folder that other users can reach and that could not be made private (it belongs to
/// another user, say): what was found, and the commands that fix it.
public struct DataFolderPrivacyWarning: Sendable, Hashable, CustomStringConvertible {
    /// A folder or file of the data folder that is still open to other users.
    public struct LoosePath: Sendable, Hashable {
        public let path: String
        /// The permission bits found, such as 0o755.
        public let mode: mode_t
        public let isFolder: Bool
        /// Why it could not be changed, the system's words.
        public let reason: String
    }

    /// The data folder.
    public let folder: String
    public let loosePaths: [LoosePath]

    public var description: String {
        let found = loosePaths.map { "\($0.path) is \(Self.octal($0.mode)) (\($0.reason))" }.joined(separator: ", ")
        var commands: [String] = []
        let folders = loosePaths.filter(\.isFolder).map(\.path)
        let files = loosePaths.filter { !$0.isFolder }.map(\.path)
        if !folders.isEmpty { commands.append("`chmod 700 \(folders.joined(separator: " "))`") }
        if !files.isEmpty { commands.append("`chmod 600 \(files.joined(separator: " "))`") }
        return "other users may read the data folder \(folder), and it could not be made private: \(found). "
            + "Run \(commands.joined(separator: " and ")) as its owner, or choose another --data-dir"
    }

    static func octal(_ mode: mode_t) -> String {
        "0" + String(mode, radix: 8)
    }
}

extension DataFolderPrivacy {
    /// The warning `secure` found for this folder in this process and nobody has shown yet. Each
    /// folder's warning is handed out once per process, however often the store and the
    /// registry are opened.
    public static func takeWarning(for location: StoreLocation) -> DataFolderPrivacyWarning? {
        privacyWarnings.withLock { $0.pending.removeValue(forKey: location.directory.path) }
    }

    static func record(_ warning: DataFolderPrivacyWarning) {
        privacyWarnings.withLock { warnings in
            guard warnings.recorded.insert(warning.folder).inserted else { return }
            warnings.pending[warning.folder] = warning
        }
    }
}

private let privacyWarnings = Mutex<(recorded: Set<String>, pending: [String: DataFolderPrivacyWarning])>(([], [:]))
