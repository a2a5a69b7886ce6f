import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a bundle's own property lists say, as Xcode lays them out for an extension: the App
/// Groups of its `.entitlements` (`com.apple.security.application-groups`), and the version
/// (`CFBundleShortVersionString`) and fonts (`UIAppFonts`) of its `Info.plist`.
///
/// For `lib<Name>.so` (or `<Name>.so`) the files are:
/// - entitlements: `<Name>.entitlements` beside the `.so`, in its own asset folder
///   `lib<Name>.assets/`, or in SwiftPM's resource folder `<Package>_<Name>.resources/`;
/// - Info.plist: `<Name>-Info.plist` beside the `.so`, `Info.plist` in `lib<Name>.assets/`, or
///   `<Name>-Info.plist` in `<Package>_<Name>.resources/` (SwiftPM refuses a resource named
///   `Info.plist`).
/// Two places holding one is an error (which one counts would be a guess). The resource folder
/// is found by listing the folder of the `.so` (the package's name is not in the file's), which a
/// sandboxed worker cannot do: the host lists (`resourceFolder(of:listing:)`) and tells the
/// worker, which reads with `ResourceFolder.known`.
///
/// They come from untrusted bundles, so every read is bounded: a regular file, at most
/// `maximumBytes`, whose real path stays in the folder it was found in, opening at most
/// `maximumContainers` arrays and dictionaries; decoded by Foundation's `PropertyListDecoder`
/// (XML or binary), only the keys read, on a thread with a stack of its own.
public struct BundleInfoFiles: Sendable, Hashable {
    public static let maximumBytes = 256 * 1024
    public static let appGroupsKey = "com.apple.security.application-groups"
    public static let versionKey = "CFBundleShortVersionString"
    public static let fontsKey = "UIAppFonts"

    /// The entitlements file read, if any.
    public var entitlementsPath: String?
    /// The Info.plist read, if any.
    public var infoPlistPath: String?
    /// The groups the entitlements list, as written (the loader validates each).
    public var appGroups: [String] = []
    /// The entitlements put the extension in the App Sandbox (`com.apple.security.app-sandbox`)
    /// without `com.apple.security.network.client`: as on macOS, it gets no network, and a
    /// sandboxed worker denies it TCP (what `export(usesNetwork: false)` says for an explicit entry).
    public var deniesNetwork = false
    public var version: String?
    /// Font files, relative to `fontFolder`.
    public var appFonts: [String] = []
    /// The folder `appFonts` are relative to: the asset folder when there is one (SwiftPM's
    /// `Assets/` for an Info.plist in its resource folder), else the folder of the `.so`.
    public var fontFolder: String?

    public init() {}

    /// The candidate files of a bundle, existing or not, in the order they are looked for.
    public static func candidates(
        besideBundle library: URL, assetFolder: URL?, resourceFolder: URL? = nil
    ) -> (entitlements: [Candidate], infoPlist: [Candidate]) {
        let directory = library.deletingLastPathComponent()
        let name = bundleName(of: library)
        var entitlements = [Candidate(file: directory.appendingPathComponent("\(name).entitlements").path, folder: directory.path, place: .besideBundle)]
        var info = [Candidate(file: directory.appendingPathComponent("\(name)-Info.plist").path, folder: directory.path, place: .besideBundle)]
        if let assetFolder {
            entitlements.append(Candidate(file: assetFolder.appendingPathComponent("\(name).entitlements").path, folder: assetFolder.path, place: .assetFolder))
            info.append(Candidate(file: assetFolder.appendingPathComponent("Info.plist").path, folder: assetFolder.path, place: .assetFolder))
        }
        if let resourceFolder {
            entitlements.append(Candidate(file: resourceFolder.appendingPathComponent("\(name).entitlements").path, folder: resourceFolder.path, place: .resourceFolder))
            info.append(Candidate(file: resourceFolder.appendingPathComponent("\(name)-Info.plist").path, folder: resourceFolder.path, place: .resourceFolder))
        }
        return (entitlements, info)
    }

    /// `<Name>` of `lib<Name>.so` (or `<Name>.so`).
    static func bundleName(of library: URL) -> String {
        let stem = library.deletingPathExtension().lastPathComponent
        return stem.hasPrefix("lib") && stem.count > 3 ? String(stem.dropFirst(3)) : stem
    }

    /// How the reader knows SwiftPM's resource folder of a bundle.
    public enum ResourceFolder: Sendable, Hashable {
        /// Find it by listing the folder of the `.so` (`resourceFolder(of:listing:)`): in the host.
        case listed
        /// As the host found it (nil: there is none), without listing: in a worker, whose sandbox
        /// may not let it list the bundles folder. A path that is no longer a folder counts as none.
        case known(URL?)
    }

    /// SwiftPM's `<Package>_<Name>.resources/` beside the real file of the bundle at `library`:
    /// the first, sorted, of the names `listing` gives for its folder that is a folder itself
    /// (not a link to one), so that two packages shipping one target name resolve the same way
    /// each time. nil when there is none.
    /// - Parameter listing: the `*.resources` names in a folder; a host asking for many bundles of
    ///   one folder passes a remembered listing, as for `BundleAssetFolder.beside(_:listing:)`.
    public static func resourceFolder(
        of library: URL, listing: (_ directory: String) -> [String] = BundleAssetFolder.resourceFolders(in:)
    ) -> URL? {
        let real = resolved(library)
        let directory = real.deletingLastPathComponent()
        let suffix = "_\(bundleName(of: real)).resources"
        for name in listing(directory.path).filter({ $0.hasSuffix(suffix) && $0.count > suffix.count }).sorted() {
            let folder = directory.appendingPathComponent(name)
            if isRealFolder(folder) { return folder }
        }
        return nil
    }

    /// A folder, not a link to one: lstat.
    private static func isRealFolder(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func resourceFolder(of real: URL, _ source: ResourceFolder) -> URL? {
        switch source {
        case .listed: return resourceFolder(of: real)
        case .known(let folder): return folder.flatMap { isRealFolder($0) ? $0 : nil }
        }
    }

    /// A place a file may be, and the folder its real path must stay in.
    public struct Candidate: Sendable, Hashable {
        public let file: String
        public let folder: String
        public let place: BundleFilePlace
    }

    /// The files present among the candidates (a dangling or escaping link counts: reading it
    /// says why it is refused), for the scan cache's key and the worker's sandbox.
    public static func present(besideBundle library: URL, assetFolder: URL?, resourceFolder: URL? = nil) -> [String] {
        let (entitlements, info) = candidates(besideBundle: library, assetFolder: assetFolder, resourceFolder: resourceFolder)
        return (entitlements + info).map(\.file).filter(exists)
    }

    /// Reads both files of the bundle at `library`, looked for beside the file it really is (a
    /// link in a bundles folder, or `validate`'s staged one, points at the shipped bundle), in
    /// its `ownAssetFolder(of:)` and in its SwiftPM resource folder. Missing files are no error.
    public static func read(besideBundle library: URL, resourceFolder: ResourceFolder = .listed) throws(BundleFileError) -> BundleInfoFiles {
        let real = resolved(library)
        return try read(
            besideBundle: real, assetFolder: ownAssetFolder(of: real), resourceFolder: Self.resourceFolder(of: real, resourceFolder))
    }

    /// `lib<Name>.assets/` beside `lib<Name>.so`, when it is a folder: found without listing
    /// the folder, as a sandboxed worker must.
    public static func ownAssetFolder(of library: URL) -> URL? {
        let folder = library.deletingPathExtension().appendingPathExtension("assets")
        var info = stat()
        guard stat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return folder
    }

    /// The real paths of the files of the bundle at `library` that a reader may open: those
    /// that resolve inside their folder. A sandbox allows these, and no more.
    public static func readablePaths(besideBundle library: URL, resourceFolder: ResourceFolder = .listed) -> [String] {
        let real = resolved(library)
        let (entitlements, info) = candidates(
            besideBundle: real, assetFolder: ownAssetFolder(of: real), resourceFolder: Self.resourceFolder(of: real, resourceFolder))
        return (entitlements + info).compactMap { candidate in
            guard let file = realPath(candidate.file), let folder = realPath(candidate.folder), file.hasPrefix(folder + "/") else { return nil }
            return file
        }
    }

    /// What the files of the bundle at `library` are now (each present one's path, size and
    /// modification time), so that a cache of what they said can tell when they change.
    public static func signature(besideBundle library: URL, resourceFolder: ResourceFolder = .listed) -> String {
        let real = resolved(library)
        let files = present(
            besideBundle: real, assetFolder: ownAssetFolder(of: real), resourceFolder: Self.resourceFolder(of: real, resourceFolder))
        return files.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return "\(path) -" }
            return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: "\n")
    }

    private static func resolved(_ library: URL) -> URL {
        realPath(library.path).map { URL(fileURLWithPath: $0) } ?? library
    }

    public static func read(besideBundle library: URL, assetFolder: URL?, resourceFolder: URL? = nil) throws(BundleFileError) -> BundleInfoFiles {
        let (entitlementCandidates, infoCandidates) = candidates(besideBundle: library, assetFolder: assetFolder, resourceFolder: resourceFolder)
        var files = BundleInfoFiles()
        if let found = try single(entitlementCandidates, kind: .entitlements) {
            files.entitlementsPath = found.file
            let entitlements = try parseEntitlementFile(try readBounded(found), path: found.file)
            files.appGroups = entitlements.appGroups
            files.deniesNetwork = entitlements.deniesNetwork
        }
        if let found = try single(infoCandidates, kind: .infoPlist) {
            files.infoPlistPath = found.file
            (files.version, files.appFonts) = try parseInfoPlist(try readBounded(found), path: found.file)
        }
        if !files.appFonts.isEmpty {
            // SwiftPM's images and fonts are in the resource folder's `Assets/` (BundleAssetFolder).
            let fromResources = resourceFolder.map { files.infoPlistPath?.hasPrefix($0.path + "/") == true } ?? false
            files.fontFolder = (assetFolder ?? (fromResources ? resourceFolder!.appendingPathComponent("Assets") : library.deletingLastPathComponent())).path
        }
        return files
    }

    private static func single(_ candidates: [Candidate], kind: BundleFileError.Kind) throws(BundleFileError) -> Candidate? {
        let found = candidates.filter { exists($0.file) }
        guard found.count <= 1 else {
            // The first in looking order is the one the host would read; the others name their places.
            throw BundleFileError(path: found[0].file, kind: kind, problem: .ambiguous(
                place: found[0].place, others: found.dropFirst().map { PlacedBundleFile(path: $0.file, place: $0.place) }))
        }
        return found.first
    }

    /// lstat, so that a dangling link is found (and then refused) rather than ignored.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    // MARK: Reading

    /// At most `maximumBytes` of a regular file whose real path is inside `candidate.folder`.
    static func readBounded(_ candidate: Candidate) throws(BundleFileError) -> Data {
        let kind: BundleFileError.Kind = candidate.file.hasSuffix(".entitlements") ? .entitlements : .infoPlist
        func refuse(_ problem: BundleFileError.Problem) -> BundleFileError {
            BundleFileError(path: candidate.file, kind: kind, problem: problem)
        }
        guard let folder = realPath(candidate.folder) else { throw refuse(.unreadable(reason: "its folder does not resolve")) }
        guard let real = realPath(candidate.file) else { throw refuse(.unreadable(reason: "it does not resolve (a dangling link?)")) }
        guard real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else { throw refuse(.escapesFolder(resolved: real)) }
        // O_NONBLOCK: a FIFO planted under the name must not hang the open; it is refused below.
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw refuse(.unreadable(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw refuse(.notRegularFile) }
        guard Int64(info.st_size) <= Int64(maximumBytes) else { throw refuse(.tooLarge(limit: maximumBytes)) }
        // The size can change after fstat: read at most one byte past the limit, never the whole file.
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw refuse(.unreadable(reason: String(cString: strerror(errno)))) }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumBytes else { throw refuse(.tooLarge(limit: maximumBytes)) }
        return Data(bytes[..<count])
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: Parsing

    /// The groups of an entitlements plist: a dictionary whose `appGroupsKey`, when present, is
    /// an array of strings. Other keys are Apple's and ignored.
    public static func parseEntitlements(_ data: Data, path: String) throws(BundleFileError) -> [String] {
        try parseEntitlementFile(data, path: path).appGroups
    }

    /// The groups an entitlements file lists, and whether it keeps the extension off the network.
    public static func parseEntitlementFile(_ data: Data, path: String) throws(BundleFileError) -> (appGroups: [String], deniesNetwork: Bool) {
        let entitlements = try decode(EntitlementsPlist.self, from: data, path: path, kind: .entitlements)
        let deniesNetwork = entitlements.appSandbox == true && entitlements.networkClient != true
        return (unique(entitlements.appGroups ?? []), deniesNetwork)
    }

    /// The version and fonts of an Info.plist.
    public static func parseInfoPlist(_ data: Data, path: String) throws(BundleFileError) -> (version: String?, fonts: [String]) {
        let info = try decode(InfoPlist.self, from: data, path: path, kind: .infoPlist)
        var version: String?
        if let text = info.version {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            // A version is a short label in lists; a long or multi-line one is a mistake.
            guard !trimmed.isEmpty, trimmed.count <= 64, !trimmed.contains(where: \.isNewline) else {
                throw BundleFileError(path: path, kind: .infoPlist, problem: .invalidValue(key: versionKey, reason: "must be a non-empty line of at most 64 characters"))
            }
            version = trimmed
        }
        return (version, unique(info.fonts ?? []))
    }

    /// The keys read, typed: the decoder reads these and nothing else of the file.
    private struct EntitlementsPlist: Decodable {
        var appGroups: [String]?
        var appSandbox: Bool?
        var networkClient: Bool?
        enum CodingKeys: String, CodingKey {
            case appGroups = "com.apple.security.application-groups"
            case appSandbox = "com.apple.security.app-sandbox"
            case networkClient = "com.apple.security.network.client"
        }
    }

    private struct InfoPlist: Decodable {
        var version: String?
        var fonts: [String]?
        enum CodingKeys: String, CodingKey {
            case version = "CFBundleShortVersionString"
            case fonts = "UIAppFonts"
        }
    }

    /// The most arrays and dictionaries an XML or text plist may open. The decoder's XML reader
    /// recurses once per level with no limit of its own (about 1 KiB of stack a level), so this
    /// bounds the nesting, whatever the file's comments or strings say, at a count no
    /// entitlements file or Info.plist comes near.
    public static let maximumContainers = 1024

    /// `PropertyListDecoder`, not `PropertyListSerialization`: on Linux the latter crashes
    /// bridging a binary plist's set to Swift (Tests/Fixtures/FuzzRegressions/bundle-plist/),
    /// and the decoder reads only the keys asked for, typed, from XML or binary.
    private static func decode<T: Decodable & Sendable>(
        _ type: T.Type, from data: Data, path: String, kind: BundleFileError.Kind
    ) throws(BundleFileError) -> T {
        func refuse(_ problem: BundleFileError.Problem) -> BundleFileError {
            BundleFileError(path: path, kind: kind, problem: problem)
        }
        if !data.starts(with: Array("bplist".utf8)), containers(in: data) > maximumContainers {
            throw refuse(.tooDeep(limit: maximumContainers))
        }
        let outcome = onOwnStack { () -> Result<T, DecodingFailure> in
            do {
                return .success(try PropertyListDecoder().decode(T.self, from: data))
            } catch let error as DecodingError {
                return .failure(DecodingFailure(error))
            } catch {
                return .failure(DecodingFailure(path: [], reason: "\(error)", typeMismatch: nil))
            }
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let failure):
            guard !failure.path.isEmpty else {
                if let found = failure.typeMismatch { throw refuse(.notADictionary(found: found)) }
                throw refuse(.notPropertyList(reason: failure.reason))
            }
            let key = failure.path.joined()
            if let found = failure.typeMismatch {
                let expected = failure.path.count > 1 || key == versionKey ? "a string" : "an array of strings"
                throw refuse(.wrongType(key: key, expected: expected, found: found))
            }
            throw refuse(.invalidValue(key: key, reason: "cannot be read: \(failure.reason)"))
        }
    }

    /// What the decoder said, in plain values (it ran on another thread).
    private struct DecodingFailure: Error, Sendable {
        /// `key` then `[index]`, as the report names them.
        var path: [String]
        var reason: String
        /// For a type mismatch, what was found (`a set`, `an array`).
        var typeMismatch: String?

        init(path: [String], reason: String, typeMismatch: String?) {
            self.path = path
            self.reason = reason
            self.typeMismatch = typeMismatch
        }

        init(_ error: DecodingError) {
            let context: DecodingError.Context
            var mismatch = false
            switch error {
            case .typeMismatch(_, let found): context = found; mismatch = true
            case .valueNotFound(_, let found): context = found; mismatch = true
            case .keyNotFound(_, let found): context = found
            case .dataCorrupted(let found): context = found
            @unknown default: context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            }
            path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            let underlying = (context.underlyingError as NSError?).map { ": \($0.userInfo[NSDebugDescriptionErrorKey] ?? $0.localizedDescription)" } ?? ""
            reason = context.debugDescription + underlying
            typeMismatch = mismatch ? Self.found(in: context.debugDescription) : nil
        }

        /// "Expected to decode X but found a set instead." → "a set".
        private static func found(in description: String) -> String {
            guard let start = description.range(of: "but found "), let end = description.range(of: " instead", range: start.upperBound..<description.endIndex) else {
                return "another type"
            }
            return String(description[start.upperBound..<end.lowerBound])
        }
    }

    /// How many arrays and dictionaries the text opens (`<array`, `<dict`, `(`, `{`), counted
    /// byte by byte without parsing: an upper bound on its nesting that no comment can hide.
    static func containers(in data: Data) -> Int {
        let array = Array("<array".utf8), dict = Array("<dict".utf8)
        var count = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "{"):
                    count += 1
                case UInt8(ascii: "<"):
                    if bytes[index...].starts(with: array) || bytes[index...].starts(with: dict) { count += 1 }
                default:
                    break
                }
            }
        }
        return count
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The decoder's readers recurse once per level of nesting; the parse runs on a thread of its
    /// own, with a stack that holds `maximumContainers` levels many times over, whatever thread
    /// asked (a 128 KiB one in Tests/WidgetHostCoreTests/BundleInfoFilesTests.swift).
    static let parseStackBytes = 8 * 1024 * 1024

    private static func onOwnStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = OutcomeBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.outcome = body()
            done.signal()
        }
        thread.stackSize = parseStackBytes
        thread.start()
        done.wait()
        return box.outcome!
    }

    /// Written by the parsing thread before it signals, read after the wait.
    private final class OutcomeBox<T>: @unchecked Sendable {
        var outcome: T?
    }
}
