import Foundation

/// The ordered list of folders to search for bundles.
///
/// Order: every `--bundles DIR` as given, then each entry of `WIDGETHOST_PATH`
/// (colon-separated), then the defaults: `Bundles/` under the working directory, the folder of
/// the host executable, `$XDG_DATA_HOME/widgethost/bundles` (or
/// `~/.local/share/widgethost/bundles`), `lib/widgethost/bundles` under the executable's install
/// prefix (`<prefix>/bin/widgethost`), `/usr/local/lib/widgethost/bundles` and
/// `/usr/lib/widgethost/bundles`. A folder that appears twice is searched once, at its first
/// place.
public struct BundleSearchPath: Sendable {
    public static let environmentVariable = "WIDGETHOST_PATH"

    public private(set) var locations: [SearchLocation]

    public init(locations: [SearchLocation]) {
        var seen = Set<String>()
        self.locations = locations.filter { seen.insert(Self.normalized($0.directory)).inserted }
    }

    /// The standard search path.
    /// - Parameters:
    ///   - includeDefaults: false to search only the folders named on the command line and in
    ///     the environment.
    public static func standard(
        commandLine: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        executableDirectory: String? = Self.currentExecutableDirectory,
        includeDefaults: Bool = true
    ) -> BundleSearchPath {
        var locations = commandLine.map { SearchLocation(directory: absolute($0, in: workingDirectory), origin: .commandLine) }
        let fromEnvironment = (environment[environmentVariable] ?? "")
            .split(separator: ":", omittingEmptySubsequences: true)
            .map { SearchLocation(directory: absolute(String($0), in: workingDirectory), origin: .environment) }
        locations += fromEnvironment
        if includeDefaults {
            locations.append(SearchLocation(directory: absolute("Bundles", in: workingDirectory), origin: .workingDirectory))
            if let executableDirectory {
                locations.append(SearchLocation(directory: executableDirectory, origin: .executableDirectory))
            }
            if let userFolder = userFolder(environment: environment) {
                locations.append(SearchLocation(directory: userFolder, origin: .userData))
            }
            if let executableDirectory {
                // The install prefix's (scripts/install.sh): <prefix>/bin/widgethost searches
                // <prefix>/lib/widgethost/bundles, wherever the prefix is.
                let prefix = URL(fileURLWithPath: executableDirectory).deletingLastPathComponent()
                locations.append(SearchLocation(
                    directory: prefix.appendingPathComponent("lib/widgethost/bundles").standardizedFileURL.path, origin: .system))
            }
            locations.append(SearchLocation(directory: "/usr/local/lib/widgethost/bundles", origin: .system))
            locations.append(SearchLocation(directory: "/usr/lib/widgethost/bundles", origin: .system))
        }
        return BundleSearchPath(locations: locations)
    }

    /// The user's own bundle folder, `$XDG_DATA_HOME/widgethost/bundles` (default
    /// `~/.local/share/widgethost/bundles`): where `widgethost install` puts bundles.
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        return dataHome.map { $0 + "/widgethost/bundles" }
    }

    /// The folder of the running executable, with symbolic links resolved.
    public static var currentExecutableDirectory: String? {
        guard let executable = Bundle.main.executableURL else { return nil }
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    private static func absolute(_ path: String, in workingDirectory: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).path
    }

    private static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
