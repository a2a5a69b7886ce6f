/// A folder the host looks for bundles in, and why it looks there.
public struct SearchLocation: Sendable, Hashable, Codable {
    /// Where a location comes from, in search order.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// `--bundles DIR`.
        case commandLine
        /// `WIDGETHOST_PATH`.
        case environment
        /// `Bundles/` under the working directory.
        case workingDirectory
        /// The folder holding the host executable: where `swift build` puts the samples.
        case executableDirectory
        /// `$XDG_DATA_HOME/widgethost/bundles` (`~/.local/share/widgethost/bundles`).
        case userData
        /// `<prefix>/lib/widgethost/bundles` for the executable's install prefix,
        /// `/usr/local/lib/widgethost/bundles`, `/usr/lib/widgethost/bundles`.
        case system
    }

    public let directory: String
    public let origin: Origin

    public init(directory: String, origin: Origin) {
        self.directory = directory
        self.origin = origin
    }

    /// Folders the user named are reported on when something in them is wrong; default folders
    /// may hold unrelated files, which are passed over quietly.
    public var isNamedByUser: Bool {
        origin == .commandLine || origin == .environment
    }
}
