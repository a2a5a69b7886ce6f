import Foundation
import WidgetHostCore

/// One check of `BundleValidator`: what it looked at, how it came out, and for a warning or a
/// failure, what the bundle's author should change.
public struct ValidationCheck: Sendable, Hashable {
    /// Every check, in the order the validator runs and reports them. The raw values are stable:
    /// scripts and CI read them.
    public enum ID: String, Sendable, Hashable, Codable, CaseIterable {
        case entrySymbol = "entry-symbol"
        case abiVersion = "abi-version"
        case loads = "loads"
        case descriptors = "descriptors"
        case kindsUnique = "kinds-unique"
        case appGroups = "app-groups"
        case placeholderFast = "placeholder-fast"
        case snapshotPreviewFast = "snapshot-preview-fast"
        case timelineValid = "timeline-valid"
        case completesOnce = "completes-once"
        case completesOffThread = "completes-off-thread"
        case survives = "survives"
        case sandbox = "sandbox"
        case views = "views"

        /// What the check asks of the bundle, in a few words.
        public var title: String {
            switch self {
            case .entrySymbol: "The file is a shared object exporting wk_bundle_entry"
            case .abiVersion: "Built against an ABI this host accepts"
            case .loads: "Loads, and its init succeeds"
            case .descriptors: "Every widget is fully described"
            case .kindsUnique: "No kind declared twice in the bundle"
            case .appGroups: "Declared App Groups are well formed"
            case .placeholderFast: "Placeholder answers at once in every family"
            case .snapshotPreviewFast: "Preview snapshot answers quickly"
            case .timelineValid: "Timeline valid in every family"
            case .completesOnce: "Every call completes exactly once, in time"
            case .completesOffThread: "Completes exactly once under concurrent calls"
            case .survives: "The worker survives every call"
            case .sandbox: "Runs sandboxed, using only the App Groups it declares"
            case .views: "Every view decodes and draws, with its assets"
            }
        }
    }

    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case pass
        /// Works, but should be fixed; does not fail the bundle.
        case warn
        case fail
        /// Not run: a check it depends on failed, or it does not apply.
        case skip
    }

    public let id: ID
    public let status: Status
    /// One line: what was found.
    public let message: String
    /// One line: what to change. Set for `warn` and `fail`, nil otherwise.
    public let fix: String?

    public var title: String { id.title }

    public init(_ id: ID, _ status: Status, _ message: String, fix: String? = nil) {
        self.id = id
        self.status = status
        self.message = Self.oneLine(message)
        self.fix = fix.map(Self.oneLine)
    }

    static func pass(_ id: ID, _ message: String) -> ValidationCheck {
        ValidationCheck(id, .pass, message)
    }

    static func warn(_ id: ID, _ message: String, fix: String) -> ValidationCheck {
        ValidationCheck(id, .warn, message, fix: fix)
    }

    static func fail(_ id: ID, _ message: String, fix: String) -> ValidationCheck {
        ValidationCheck(id, .fail, message, fix: fix)
    }

    static func skip(_ id: ID, _ message: String) -> ValidationCheck {
        ValidationCheck(id, .skip, message)
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

/// What `BundleValidator` found in one bundle file: every check, in `ValidationCheck.ID` order.
public struct ValidationReport: Sendable, Hashable {
    /// The file as the caller named it.
    public let bundlePath: String
    public let checks: [ValidationCheck]

    public init(bundlePath: String, checks: [ValidationCheck]) {
        self.bundlePath = bundlePath
        self.checks = checks
    }

    /// True when no check failed; warnings are allowed.
    public var passed: Bool { !checks.contains { $0.status == .fail } }

    public func check(_ id: ValidationCheck.ID) -> ValidationCheck? {
        checks.first { $0.id == id }
    }

    /// How many checks ended with `status`.
    public func count(_ status: ValidationCheck.Status) -> Int {
        checks.count { $0.status == status }
    }
}

/// Why a bundle could not be validated at all (not what is wrong with it: that is the report).
public enum BundleValidatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path.
    case fileNotFound(path: String)
    /// Something other than a file at the path: a folder, a device.
    case notAFile(path: String)
    /// The temporary folder the bundle is validated from could not be made.
    case cannotStage(path: String, reason: String)
    /// The worker process that runs the bundle could not be started.
    case workerUnavailable(reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file"
        case .notAFile(let path):
            "\(path) is not a regular file; name the bundle's .so file"
        case .cannotStage(let path, let reason):
            "cannot prepare \(path) for validation: \(reason)"
        case .workerUnavailable(let reason):
            "the worker process that runs the bundle could not be started (\(reason)); install widgethost-worker beside widgethost or set WIDGETHOST_WORKER, or use --isolation in-process for a bundle you trust"
        }
    }
}
