import Foundation

/// What happened to one bundle file (or one folder that could not be searched).
public struct BundleReport: Sendable {
    public enum Status: String, Sendable, Codable {
        /// Loaded; its kinds can be called, except any refused as duplicates.
        case loaded
        /// Not loaded; see `issues`.
        case failed
        /// A `.so` without the entry symbol in a default folder: passed over quietly.
        case skipped
    }

    public let path: String
    public let origin: SearchLocation.Origin
    public let status: Status
    /// The loaded bundle; nil unless `status` is `.loaded`.
    public let bundle: LoadedBundle?
    public package(set) var issues: [BundleIssue]
    /// The sandbox its worker runs under; nil in process (unsandboxed).
    public package(set) var sandbox: BundleSandbox?

    package init(path: String, origin: SearchLocation.Origin, status: Status, bundle: LoadedBundle?, issues: [BundleIssue]) {
        self.path = path
        self.origin = origin
        self.status = status
        self.bundle = bundle
        self.issues = issues
    }

    /// The kinds the bundle declares, including refused ones.
    public var kinds: [String] { bundle?.widgets.map(\.kind) ?? [] }

    /// The ABI version the bundle was built against: known when it loaded, or when that version
    /// is why it was refused.
    public var abiVersion: ABIVersion? {
        if let bundle { return bundle.abiVersion }
        for case .load(.incompatibleABI(_, let version, _)) in issues { return version }
        return nil
    }
}

extension BundleReport {
    /// The report for one discovered file, however it was loaded (in process or by a worker):
    /// the one place that decides what a load result means. A `.so` without the entry symbol
    /// in a folder the user did not name is some other library, passed over quietly; in a
    /// folder the user named, it is an error.
    package init(file: DiscoveredFile, loading result: Result<LoadedBundle, BundleLoadError>) {
        let origin = file.location.origin
        switch result {
        case .success(let bundle):
            self.init(path: file.path, origin: origin, status: .loaded, bundle: bundle, issues: [])
        case .failure(.missingEntrySymbol) where !file.location.isNamedByUser:
            self.init(path: file.path, origin: origin, status: .skipped, bundle: nil, issues: [])
        case .failure(let error):
            self.init(path: file.path, origin: origin, status: .failed, bundle: nil, issues: [.load(error)])
        }
    }
}

/// Something wrong with a bundle, typed.
public enum BundleIssue: Error, Sendable, Hashable, CustomStringConvertible {
    case load(BundleLoadError)
    case discovery(DiscoveryProblem)
    case duplicateKind(DuplicateKind)
    /// The worker reading the bundle's descriptors crashed, exited, hung or broke the protocol.
    case scanFailed(WorkerFailure)
    /// An earlier scan of this very file (same size and modification time) broke its worker.
    case knownBroken(WorkerFailure, since: Date)

    public var code: String {
        switch self {
        case .load(let error): error.code
        case .discovery: "folderUnreadable"
        case .duplicateKind: "duplicateKind"
        case .scanFailed: "scanFailed"
        case .knownBroken: "knownBroken"
        }
    }

    public var description: String {
        switch self {
        case .load(let error): error.description
        case .discovery(let problem): problem.description
        case .duplicateKind(let duplicate): duplicate.description
        case .scanFailed(let failure): "scanning the bundle failed: \(failure); it is skipped until the file changes"
        case .knownBroken(let failure, let since):
            "skipped: scanning this file broke its worker at \(since.formatted(.iso8601)) (\(failure)); rebuild or replace the file to try again"
        }
    }
}

/// A kind declared by more than one bundle: refused in all of them, since the host cannot tell
/// which one the user meant.
public struct DuplicateKind: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let paths: [String]

    public var description: String {
        "kind '\(kind)' is declared by \(paths.joined(separator: " and ")); refused in all of them. Rename it in all but one bundle, or remove the extra copy from the search path"
    }
}
