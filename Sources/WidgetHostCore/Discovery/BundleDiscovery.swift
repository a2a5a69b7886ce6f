import Foundation

/// A `.so` file found on the search path.
public struct DiscoveredFile: Sendable, Hashable {
    public let path: String
    public let location: SearchLocation
}

/// A folder the user named that could not be searched.
public struct DiscoveryProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let location: SearchLocation
    public let reason: String

    public var description: String {
        "bundle folder \(location.directory) (from \(location.origin.rawValue)): \(reason)"
    }
}

/// Lists the bundle files on a search path.
public enum BundleDiscovery {
    public static let fileExtension = "so"

    /// The `.so` files of every location, in search order and by name within a folder. A file
    /// reached twice (through a symbolic link, say) is listed once.
    public static func discover(on searchPath: BundleSearchPath) -> (files: [DiscoveredFile], problems: [DiscoveryProblem]) {
        var files: [DiscoveredFile] = []
        var problems: [DiscoveryProblem] = []
        var seen = Set<String>()
        for location in searchPath.locations {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: location.directory)
            } catch {
                if location.isNamedByUser {
                    problems.append(DiscoveryProblem(
                        location: location,
                        reason: "cannot be read (\(Self.reason(error))); check the path"))
                }
                continue
            }
            for name in names.sorted() where (name as NSString).pathExtension == fileExtension {
                let path = location.directory + "/" + name
                let identity = Self.identity(of: path)
                guard seen.insert(identity).inserted else { continue }
                files.append(DiscoveredFile(path: path, location: location))
            }
        }
        return (files, problems)
    }

    /// What makes two paths the same bundle file: the path with symbolic links resolved.
    /// realpath(3) directly: Foundation's `resolvingSymlinksInPath` took a tenth of a warm
    /// `list` of 1,000 bundles.
    package static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
