/// The name of an App Group: `group.` followed by a reverse-DNS name, as in WidgetKit
/// (`group.bacon.data`, `group.jp.netflowers.FishGo`).
///
/// Only a well-formed name can be built, so a typo such as `grup.bacon.data` or `group.bacon..data`
/// is caught where it is written instead of silently sharing nothing.
public struct AppGroupID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let prefix = "group."
    /// Longer names are refused; it also keeps the group's container folder name legal.
    public static let maximumLength = 255

    public let rawValue: String

    public init(validating name: String) throws(AppGroupIDError) {
        func refuse(_ problem: AppGroupIDError.Problem) -> AppGroupIDError {
            AppGroupIDError(name: name, problem: problem)
        }
        guard name.hasPrefix(Self.prefix) else { throw refuse(.missingPrefix) }
        guard name.utf8.count <= Self.maximumLength else { throw refuse(.tooLong) }
        let labels = name.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { throw refuse(.tooFewLabels) }
        for label in labels {
            guard !label.isEmpty else { throw refuse(.emptyLabel) }
            guard label.unicodeScalars.allSatisfy(Self.isAllowed), label.first != "-", label.last != "-" else {
                throw refuse(.invalidLabel(String(label)))
            }
        }
        self.rawValue = name
    }

    public var description: String { rawValue }

    public static func < (lhs: AppGroupID, rhs: AppGroupID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-": true
        default: false
        }
    }
}

/// Why a string is not an App Group name, with the fix.
public struct AppGroupIDError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable, Codable {
        case missingPrefix
        case tooLong
        case tooFewLabels
        case emptyLabel
        case invalidLabel(String)
    }

    public let name: String
    public let problem: Problem

    public var description: String {
        let reason = switch problem {
        case .missingPrefix: "does not start with 'group.'"
        case .tooLong: "is longer than \(AppGroupID.maximumLength) bytes"
        case .tooFewLabels: "needs a reverse-DNS name after 'group.', with at least two labels"
        case .emptyLabel: "has an empty label (two dots in a row, or a dot at the end)"
        case .invalidLabel(let label): "has the label '\(label)'; labels use letters, digits and inner hyphens only"
        }
        return "'\(name)' is not an App Group name: it \(reason). Write it as group.<reverse-DNS>, e.g. group.com.example.app"
    }
}
