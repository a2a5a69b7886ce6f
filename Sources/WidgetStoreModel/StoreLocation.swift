import Foundation
import WidgetPayload

/// Where the shared store lives: one folder holding the database and each App Group's container.
///
///     <data>/store.sqlite      shared defaults, reload requests, the bundle catalog (SQLite, WAL)
///     <data>/groups/<group>/   each group's container folder, for files such as rendered images
///     <data>/host.sock         where a running host listens for reload requests
///     <data>/registry.sqlite   the host's persisted registry: last good timelines, schedules
///     <data>/daemon.lock       held by the running `widgethost run`
///
/// Private to its owner (`DataFolderPrivacy`): the folder, `groups/` and each container are 0700
/// and every file widgethost keeps here 0600, set explicitly rather than left to the umask; a
/// folder left looser by an older widgethost is tightened when the store or registry is opened.
///
/// `<data>` is, first match wins: the `--data-dir` option, `$WIDGETHOST_DATA_DIR`,
/// `$XDG_DATA_HOME/widgethost`, `~/.local/share/widgethost`.
public struct StoreLocation: Sendable, Hashable {
    public enum Origin: String, Sendable, Codable {
        case option, environment, xdgDataHome, home
    }

    public static let environmentVariable = "WIDGETHOST_DATA_DIR"

    public let directory: URL
    public let origin: Origin

    public init(directory: URL, origin: Origin = .option) {
        self.directory = directory
        self.origin = origin
    }

    /// The location for this process: `override` (an option) first, then the environment.
    public static func resolve(
        override: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> StoreLocation {
        if let override, !override.isEmpty {
            return StoreLocation(directory: URL(fileURLWithPath: override), origin: .option)
        }
        if let path = environment[environmentVariable], !path.isEmpty {
            return StoreLocation(directory: URL(fileURLWithPath: path), origin: .environment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return StoreLocation(directory: URL(fileURLWithPath: dataHome).appendingPathComponent("widgethost"), origin: .xdgDataHome)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return StoreLocation(
            directory: URL(fileURLWithPath: home).appendingPathComponent(".local/share/widgethost"), origin: .home)
    }

    public var databaseURL: URL { directory.appendingPathComponent("store.sqlite") }
    public var groupsDirectory: URL { directory.appendingPathComponent("groups", isDirectory: true) }
    public var wakeupSocketURL: URL { directory.appendingPathComponent("host.sock") }
    /// Where the daemon hears which defaults changed (`DefaultsChangeNotice`).
    public var defaultsChangesSocketURL: URL { directory.appendingPathComponent("defaults.sock") }
    /// Where home screens listen for layout changes (`HomeLayoutWakeup`), a socket each.
    public var homeListenersDirectory: URL { directory.appendingPathComponent("home-listeners", isDirectory: true) }
    package var lockURL: URL { directory.appendingPathComponent("store.lock") }
    /// The host's own database, apart from the shared store so that apps' writes and the
    /// host's never wait on each other.
    public var registryDatabaseURL: URL { directory.appendingPathComponent("registry.sqlite") }
    public var daemonLockURL: URL { directory.appendingPathComponent("daemon.lock") }

    /// An App Group's container folder (not created here).
    public func containerURL(for group: AppGroupID) -> URL {
        // A valid group name is letters, digits, hyphens and dots, so it is a safe folder name.
        groupsDirectory.appendingPathComponent(group.rawValue, isDirectory: true)
    }

    /// The containers of `groups`, by group name: the folders a bundle's images may come from.
    public func containerURLs(for groups: [AppGroupID]) -> [String: URL] {
        Dictionary(groups.map { ($0.rawValue, containerURL(for: $0)) }, uniquingKeysWith: { first, _ in first })
    }
}
