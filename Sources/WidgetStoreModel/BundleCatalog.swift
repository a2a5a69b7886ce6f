import Foundation
import WidgetPayload

/// What a host loaded, as recorded in the store: which bundle declares which App Groups and
/// kinds. Apps and the CLI read it to be loud about a group or kind that no bundle declares.
public struct BundleCatalog: Sendable, Hashable {
    public struct Declaration: Sendable, Hashable {
        public let bundleName: String
        public let bundlePath: String

        public init(bundleName: String, bundlePath: String) {
            self.bundleName = bundleName
            self.bundlePath = bundlePath
        }
    }

    /// The bundles declaring each group.
    public var groups: [String: [Declaration]]
    /// The bundle serving each kind.
    public var kinds: [String: Declaration]
    /// When a host recorded it; nil when no host ever has.
    public var recordedAt: Date?

    public init(groups: [String: [Declaration]] = [:], kinds: [String: Declaration] = [:], recordedAt: Date? = nil) {
        self.groups = groups
        self.kinds = kinds
        self.recordedAt = recordedAt
    }

    /// Declared groups that look like a mistyping of `name`: same name ignoring case, or one edit away.
    public func groupsResembling(_ name: String) -> [String] {
        Self.names(groups.keys, resembling: name)
    }

    /// Those of `names` that look like a mistyping of `name`, by the same rule.
    public static func names(_ names: some Sequence<String>, resembling name: String) -> [String] {
        names.filter { $0 != name && NameDistance.isNear($0, name) }.sorted()
    }
}
