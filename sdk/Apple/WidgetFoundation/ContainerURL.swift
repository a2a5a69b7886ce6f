import Foundation
import Synchronization
import WidgetSDK

extension FileManager {
    /// The App Group's container folder, the one the sandbox lets the widget's worker reach (as
    /// on iOS, where it needs the group in the extension's entitlements); nil for a group the
    /// extension does not declare, which is also said loudly in the host's log.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let group = AppGroupCheck.reachable(groupIdentifier, asking: "containerURL(forSecurityApplicationGroupIdentifier:)") else {
            return nil
        }
        return AppGroupCheck.container(of: group)
    }
}

/// Whether the host lets this bundle reach an App Group, asked once per use as iOS checks the
/// entitlement, and the container folders handed out (for `UIImage(contentsOfFile:)`).
package enum AppGroupCheck {
    static let prefix = "group."

    private static let containers = Mutex<[String: URL]>([:])

    /// The group's defaults when the host answers for it; nil, after a loud log line naming the
    /// group and the fix, when it does not.
    static func reachable(_ name: String, asking api: String) -> SharedDefaults? {
        let defaults = SharedDefaults(suiteName: name)
        do {
            let container = try defaults.containerURL()
            containers.withLock { $0[name] = container }
            return defaults
        } catch {
            WidgetLog.error("\(api) for \"\(name)\" is nil: \(error). Declare the group in the extension's .entitlements (com.apple.security.application-groups), exactly as the app spells it.")
            return nil
        }
    }

    static func container(of group: SharedDefaults) -> URL? {
        containers.withLock { $0[group.suiteName] }
    }

    /// The group and the path inside its container, for a file under a container handed out
    /// before; nil for any other path.
    package static func groupFile(at path: String) -> (group: String, relativePath: String)? {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        return containers.withLock { containers in
            for (group, container) in containers {
                let folder = container.standardizedFileURL.path
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                if file.hasPrefix(prefix) { return (group, String(file.dropFirst(prefix.count))) }
            }
            return nil
        }
    }
}
