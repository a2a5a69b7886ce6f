import WidgetABI

/// An ABI version (`version.h`), as Swift sees it.
public struct ABIVersion: Sendable, Hashable, Codable, CustomStringConvertible {
    public let major: UInt32
    public let minor: UInt32
    public let patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    init(_ version: wk_version_t) {
        self.init(major: version.major, minor: version.minor, patch: version.patch)
    }

    var cValue: wk_version_t {
        wk_version_t(major: major, minor: minor, patch: patch)
    }

    /// The ABI this host speaks: the one in the headers it was built with.
    public static let host = ABIVersion(
        major: UInt32(WK_ABI_VERSION_MAJOR),
        minor: UInt32(WK_ABI_VERSION_MINOR),
        patch: UInt32(WK_ABI_VERSION_PATCH))

    /// True when a host speaking `self` can load a bundle built against `bundle`: same major, and
    /// a minor no newer than the host's.
    public func canLoad(_ bundle: ABIVersion) -> Bool {
        wk_version_is_compatible(cValue, bundle.cValue)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
