/// Where a bundle's entitlements or Info.plist was found, in the order the host looks
/// (`BundleInfoFiles.candidates`): the first place holding a file is the one it would read.
public enum BundleFilePlace: String, Sendable, Hashable, Codable, CaseIterable {
    /// `<Name>.entitlements` or `<Name>-Info.plist` beside the `.so`, as Xcode lays them out.
    case besideBundle
    /// In the bundle's own asset folder, `lib<Name>.assets/`.
    case assetFolder
    /// In SwiftPM's resource folder, `<Package>_<Name>.resources/`, copied there on every build
    /// from the target's `resources`.
    case resourceFolder

    /// The place, as a sentence says it.
    public var phrase: String {
        switch self {
        case .besideBundle: "beside the .so"
        case .assetFolder: "in its asset folder"
        case .resourceFolder: "in its SwiftPM resource folder"
        }
    }

    /// How to take a file out of this place: SwiftPM rewrites its resource folder on each build,
    /// so deleting the copy there does not last.
    func removal(of path: String) -> String {
        switch self {
        case .besideBundle, .assetFolder: "delete \(path)"
        case .resourceFolder: "take \(Self.fileName(path)) out of the target's resources in Package.swift (SwiftPM copies it to \(path) on every build)"
        }
    }

    private static func fileName(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }
}

/// A file the host found, and where.
public struct PlacedBundleFile: Sendable, Hashable, Codable {
    public let path: String
    public let place: BundleFilePlace
}

/// Why a bundle's entitlements or Info.plist was refused: the file, and what is wrong with it.
public struct BundleFileError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        case entitlements
        case infoPlist = "Info.plist"
    }

    enum Problem: Sendable, Hashable, Codable {
        /// The file is in more than one place. `path` is the first in looking order, found in
        /// `place`: the one the host would read were it alone; it reads none while `others` exist.
        case ambiguous(place: BundleFilePlace, others: [PlacedBundleFile])
        case escapesFolder(resolved: String)
        case notRegularFile
        case unreadable(reason: String)
        case tooLarge(limit: Int)
        case notPropertyList(reason: String)
        case tooDeep(limit: Int)
        case notADictionary(found: String)
        case wrongType(key: String, expected: String, found: String)
        case invalidValue(key: String, reason: String)
    }

    /// The file refused.
    public let path: String
    public let kind: Kind
    let problem: Problem

    init(path: String, kind: Kind, problem: Problem) {
        self.path = path
        self.kind = kind
        self.problem = problem
    }

    /// A stable name for what is wrong, for JSON output and tests.
    public var code: String {
        switch problem {
        case .ambiguous: "ambiguous"
        case .escapesFolder: "escapesFolder"
        case .notRegularFile: "notRegularFile"
        case .unreadable: "unreadable"
        case .tooLarge: "tooLarge"
        case .notPropertyList: "notPropertyList"
        case .tooDeep: "tooDeep"
        case .notADictionary: "notADictionary"
        case .wrongType: "wrongType"
        case .invalidValue: "invalidValue"
        }
    }

    /// For a file in several places: every copy found, the one the host would read first.
    public var copies: [PlacedBundleFile]? {
        guard case .ambiguous(let place, let others) = problem else { return nil }
        return [PlacedBundleFile(path: path, place: place)] + others
    }

    /// What to do about it, when the problem has a fix of its own; nil for a file that is not a
    /// property list as Xcode writes it, whose fix is to write one.
    public var fix: String? {
        guard case .ambiguous(let place, let others) = problem else { return nil }
        let removals = others.map { $0.place.removal(of: $0.path) }.joined(separator: ", and ")
        return "keep one \(kindName): \(removals), and the host reads \(path) (\(place.phrase), the first place it looks); "
            + "or keep another and remove the rest"
    }

    private var kindName: String { kind == .entitlements ? "entitlements file" : "Info.plist" }

    public var description: String {
        let reason = switch problem {
        case .ambiguous(let place, let others):
            "is in \(others.count + 1) places: here, \(place.phrase), and "
                + others.map { "\($0.path), \($0.place.phrase)" }.joined(separator: "; ")
                + "; the host reads only one, and refuses the bundle rather than guess which"
        case .escapesFolder(let resolved): "resolves to \(resolved), outside its folder; ship the file itself, not a link out of the bundle"
        case .notRegularFile: "is not a regular file"
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .tooLarge(let limit): "is larger than \(limit) bytes"
        case .notPropertyList(let reason): "is not a property list (XML or binary): \(reason)"
        case .tooDeep(let limit): "opens more than \(limit) arrays and dictionaries, so it may nest that deep"
        case .notADictionary(let found): "holds \(found), not a dictionary"
        case .wrongType(let key, let expected, let found): "has \(found) for \(key), not \(expected)"
        case .invalidValue(let key, let reason): "has a \(key) that \(reason)"
        }
        return "\(path): the bundle's \(kindName) \(reason)"
    }
}
