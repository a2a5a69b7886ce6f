import Synchronization
import WidgetABI
import WidgetPayload
import WidgetStoreModel

/// What a bundle's host-services calls mean, for one bundle: the `userData` of its libffi
/// closures.
final class BundleServiceBinding: Sendable {
    let bundlePath: String
    let bundleName: String
    private let currentDelegate: Mutex<any BundleServicesDelegate>
    /// The kinds this bundle may ask about; known once its widgets have been read.
    private let kinds = Mutex<Set<String>>([])
    /// The App Groups this bundle declared, the only ones its defaults calls may reach.
    private let groups = Mutex<[AppGroupID]>([])

    init(bundlePath: String, bundleName: String, delegate: any BundleServicesDelegate) {
        self.bundlePath = bundlePath
        self.bundleName = bundleName
        self.currentDelegate = Mutex(delegate)
    }

    /// Sends this bundle's calls to another host from now on: a bundle is initialised once per
    /// process, so a second host in the same process takes over its services.
    func retarget(to delegate: any BundleServicesDelegate) {
        currentDelegate.withLock { $0 = delegate }
    }

    func delegate() -> any BundleServicesDelegate {
        currentDelegate.withLock { $0 }
    }

    func declare(kinds declared: [String], appGroups: [AppGroupID]) {
        kinds.withLock { $0 = Set(declared) }
        groups.withLock { $0 = appGroups }
    }

    var appGroups: [AppGroupID] { groups.withLock { $0 } }

    func log(level: Int32, message: String) {
        let level = BundleLogLevel(rawValue: level) ?? .error
        delegate().bundleLogged(BundleLogLine(bundle: bundleName, path: bundlePath, level: level, message: message))
    }

    func requestReload(ofKind kind: String) -> wk_status_t {
        guard kinds.withLock({ $0.contains(kind) }) else {
            delegate().bundleLogged(BundleLogLine(
                bundle: bundleName, path: bundlePath, level: .error,
                message: "asked to reload kind '\(kind)', which this bundle does not declare; ignored"))
            return Int32(WK_STATUS_UNKNOWN_KIND)
        }
        delegate().reloadRequested(kinds: [kind], bundle: bundleName, path: bundlePath)
        return Int32(WK_STATUS_OK)
    }

    func requestReloadOfAllKinds() -> wk_status_t {
        delegate().reloadRequested(kinds: kinds.withLock { $0.sorted() }, bundle: bundleName, path: bundlePath)
        return Int32(WK_STATUS_OK)
    }
}

/// Where a bundle's host-service calls end up.
public protocol BundleServicesDelegate: Sendable {
    /// A bundle wrote to the log. Called on the bundle's thread.
    func bundleLogged(_ line: BundleLogLine)
    /// A bundle asked for fresh timelines of some of its own kinds. Called on the bundle's thread.
    func reloadRequested(kinds: [String], bundle: String, path: String)
    /// Answers a bundle's shared-defaults call for `group`, which the bundle declared. Called
    /// on the bundle's thread, and blocks it until answered.
    func answerDefaults(_ request: DefaultsRequest, in group: AppGroupID, bundle: String) -> DefaultsReply
}

public enum BundleLogLevel: Int32, Sendable, Codable {
    case debug = 0, info = 1, warning = 2, error = 3
}

/// One line a bundle logged, tagged with the bundle it came from.
public struct BundleLogLine: Sendable, Codable, Hashable {
    public let bundle: String
    public let path: String
    public let level: BundleLogLevel
    public let message: String

    package init(bundle: String, path: String, level: BundleLogLevel, message: String) {
        self.bundle = bundle
        self.path = path
        self.level = level
        self.message = message
    }
}
