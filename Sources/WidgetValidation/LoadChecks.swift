import Foundation
import WidgetHostCore
import WidgetPayload

/// The checks decided by reading and loading the file: `entry-symbol`, `abi-version`, `loads`,
/// `descriptors`, `kinds-unique` and `app-groups`.
///
/// The loader stops at the first thing wrong, so one load error decides several checks: the
/// check the error belongs to fails, `loads` fails with the error (unless the error belongs to a
/// check `loads` depends on, which then makes it skip), the loader's earlier steps pass (they
/// were checked before it got that far), and its later ones skip.
struct LoadChecks {
    /// What became of the load.
    enum Outcome {
        case loaded(LoadedBundle)
        case refused(BundleLoadError)
        /// The worker died while loading (or an earlier load of the same file killed one).
        case brokeWorker(WorkerFailure)
        /// Anything else that kept the file from loading.
        case unavailable(String)
    }

    /// The loader's steps, in its order.
    enum Step: Int, Comparable {
        case open, entry, abi, bundleDescriptor, appGroups, hostServices, initialize, widgets

        static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let elf: ELFSymbolReader.Finding
    let outcome: Outcome
    /// The bundle's log lines, for why init refused.
    let logLines: [BundleLogLine]
    /// The bundle's entitlements and Info.plist as the validator read them, if it did.
    var files: Result<BundleInfoFiles, BundleFileError>?
    /// The groups holding values in the store the bundle would see: a declared group holding
    /// nothing, next to one of these with a close name, is a likely typo.
    var storedGroups: [String] = []

    static let entrySymbol = "wk_bundle_entry"

    init(elf: ELFSymbolReader.Finding, report: BundleReport?, logLines: [BundleLogLine]) {
        self.elf = elf
        self.logLines = logLines
        guard let report else {
            outcome = .unavailable("the host did not find the file")
            return
        }
        if let bundle = report.bundle {
            outcome = .loaded(bundle)
            return
        }
        var outcome = Outcome.unavailable(report.issues.first?.description ?? "the host skipped the file")
        for issue in report.issues {
            switch issue {
            case .load(let error): outcome = .refused(error)
            case .scanFailed(let failure), .knownBroken(let failure, _): outcome = .brokeWorker(failure)
            case .discovery, .duplicateKind: continue
            }
            break
        }
        self.outcome = outcome
    }

    var bundle: LoadedBundle? {
        if case .loaded(let bundle) = outcome { bundle } else { nil }
    }

    var checks: [ValidationCheck] {
        [entrySymbolCheck, abiVersionCheck, loadsCheck, descriptorsCheck, kindsUniqueCheck, appGroupsCheck]
    }

    // MARK: Where a load error belongs

    /// The step the loader stopped at, and the check the error belongs to.
    static func classify(_ error: BundleLoadError) -> (step: Step, owner: ValidationCheck.ID) {
        switch error {
        case .notELF: (.open, .entrySymbol)
        case .openFailed, .missing: (.open, .loads)
        case .missingEntrySymbol: (.entry, .entrySymbol)
        case .entryReturnedNull, .incompatibleABI: (.abi, .abiVersion)
        case .malformedBundle(_, "app_groups", _): (.appGroups, .appGroups)
        case .malformedBundle(_, "widgets", _): (.widgets, .descriptors)
        case .malformedBundle: (.bundleDescriptor, .loads)
        case .invalidAppGroup, .invalidEntitlementGroup: (.appGroups, .appGroups)
        case .bundleFile(_, let problem): (.appGroups, problem.kind == .entitlements ? .appGroups : .loads)
        case .hostServicesUnavailable: (.hostServices, .loads)
        case .initFailed: (.initialize, .loads)
        // The only problem with a kind the loader can name is that it is declared twice; a
        // missing or empty kind has none to name.
        case .invalidWidget(_, _, .some, "kind", _): (.widgets, .kindsUnique)
        case .invalidWidget: (.widgets, .descriptors)
        }
    }

    /// How far the load got: nil when it loaded, or when it is not known (the worker died).
    var failure: (error: BundleLoadError, step: Step, owner: ValidationCheck.ID)? {
        guard case .refused(let error) = outcome else { return nil }
        let (step, owner) = Self.classify(error)
        return (error, step, owner)
    }

    var notLoaded: String {
        switch outcome {
        case .loaded: "loaded"
        case .refused(let error): "the bundle did not load (\(Self.classify(error).owner.rawValue) failed)"
        case .brokeWorker: "the bundle did not load (its worker died; see loads)"
        case .unavailable: "the bundle did not load (see loads)"
        }
    }

    // MARK: entry-symbol

    private var entrySymbolCheck: ValidationCheck {
        let exportFix = "export it: `WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *)` in C; in Swift, mark the WidgetBundle @main (or define wk_bundle_entry calling export(...)); and link with sdk/bundle.exports"
        let buildFix = "build the bundle as a shared library: `.library(type: .dynamic)` in Package.swift, or `cc -shared -fPIC`"
        // The loader's word settles it when it got that far.
        if bundle != nil || (failure.map { $0.step > .entry } ?? false) {
            let how = if case .exported = elf { "" } else { " (found by the loader)" }
            // Which form the entry takes, when the bundle loaded far enough to say (sdk_version).
            let form = bundle.map { "; \(BundleEntryForm(sdkVersion: $0.sdkVersion).description)" } ?? ""
            return .pass(.entrySymbol, "an ELF shared object exporting \(Self.entrySymbol)\(how)\(form)")
        }
        switch failure?.error {
        case .notELF:
            return .fail(.entrySymbol, "not an ELF file: it does not start with the ELF magic number", fix: buildFix)
        case .missingEntrySymbol:
            return .fail(.entrySymbol, "the file does not export \(Self.entrySymbol)", fix: exportFix)
        default:
            break
        }
        switch elf {
        case .notELF:
            return .fail(.entrySymbol, "not an ELF file: it does not start with the ELF magic number", fix: buildFix)
        case .notSharedObject(let type):
            return .fail(.entrySymbol, "an ELF file of type \(type), not a shared object (type 3)", fix: buildFix)
        case .exported(isFunction: true):
            return .pass(.entrySymbol, "an ELF shared object exporting \(Self.entrySymbol)")
        case .exported(isFunction: false):
            return .fail(.entrySymbol, "\(Self.entrySymbol) is exported, but not as a function", fix: exportFix)
        case .missing:
            return .fail(.entrySymbol, "the file does not export \(Self.entrySymbol)", fix: exportFix)
        case .notExported:
            return .fail(
                .entrySymbol, "\(Self.entrySymbol) is defined but not exported (local or hidden visibility)",
                fix: "give it default visibility (WK_EXPORT) and keep it in the version script (sdk/bundle.exports)")
        case .unreadable(let reason):
            return .skip(.entrySymbol, "could not read the dynamic symbol table (\(reason)), and the loader did not get that far")
        }
    }

    // MARK: abi-version

    private var abiVersionCheck: ValidationCheck {
        let host = ABIVersion.host
        if let bundle {
            return .pass(.abiVersion, "built against ABI \(bundle.abiVersion); this host speaks \(host)")
        }
        guard let failure else { return .skip(.abiVersion, notLoaded) }
        switch failure.error {
        case .incompatibleABI(_, let version, let hostVersion):
            let why = version.major != hostVersion.major
                ? "a different major version"
                : "a newer minor version than the host's"
            let fix = "rebuild the bundle against widgethost ABI \(hostVersion.major).\(hostVersion.minor)'s SDK or update the host (one that speaks ABI \(version.major).\(version.minor) or later)"
            return .fail(.abiVersion, "built against ABI \(version), but this host speaks ABI \(hostVersion): \(why)", fix: fix)
        case .entryReturnedNull:
            return .fail(
                .abiVersion, "\(Self.entrySymbol) returned NULL when offered host ABI \(host): the bundle declined this host",
                fix: "rebuild the bundle against widgethost ABI \(host.major).\(host.minor)'s SDK or update the host; its log output says why it declined. A bundle that declines a host should return the two permanent fields of wk_bundle_t instead of NULL (bundle.h), so that the host can name the bundle's version. A Swift bundle with neither @main nor a wk_bundle_entry of its own returns NULL too: mark its WidgetBundle @main")
        case .malformedBundle(_, "struct_size", let problem) where problem.contains("version"):
            return .skip(.abiVersion, "the ABI version could not be read: wk_bundle_t.struct_size \(problem) (see loads)")
        default:
            break
        }
        if failure.step > .abi { return .pass(.abiVersion, "accepted: this host speaks ABI \(host)") }
        return .skip(.abiVersion, "the loader did not reach the version: \(failure.owner.rawValue) failed")
    }

    // MARK: loads

    private var loadsCheck: ValidationCheck {
        switch outcome {
        case .loaded(let bundle):
            let version = bundle.version.isEmpty ? "" : " \(bundle.version)"
            let kinds = bundle.widgets.map(\.kind).joined(separator: ", ")
            return .pass(.loads, "loaded \(bundle.name)\(version), init succeeded: \(ValidationFixes.plural(bundle.widgets.count, "widget")) (\(kinds))")
        case .brokeWorker(let failure):
            return Self.brokeWorker(failure)
        case .unavailable(let reason):
            return .fail(.loads, "did not load: \(reason)", fix: "run `widgethost bundles --bundles DIR` to see what the host makes of it")
        case .refused(let error):
            let (_, owner) = Self.classify(error)
            if owner == .entrySymbol || owner == .abiVersion {
                return .skip(.loads, "not loaded: \(owner.rawValue) failed")
            }
            guard owner == .loads else {
                return .fail(.loads, "the loader refused the bundle: see \(owner.rawValue)", fix: "fix what \(owner.rawValue) reports")
            }
            var message = "refused: \(error)"
            let fix: String
            switch error {
            case .openFailed:
                fix = "check its dependencies (`ldd FILE`) and build it with this host's Swift toolchain"
            case .initFailed:
                if let line = logLines.last(where: { $0.level == .error || $0.level == .warning }) ?? logLines.last {
                    message += " (its last log line: \(line.message))"
                }
                fix = "make init return true; return false only when the bundle cannot run at all, and log why"
            case .hostServicesUnavailable:
                fix = "this is the host's problem, not the bundle's: report it"
            case .malformedBundle(_, let field, _):
                fix = "fill in wk_bundle_t.\(field) as bundle.h describes"
            default:
                fix = "fix the bundle as the message says"
            }
            return .fail(.loads, message, fix: fix)
        }
    }

    static func brokeWorker(_ failure: WorkerFailure) -> ValidationCheck {
        switch failure {
        case .crashed(let signal):
            return .fail(
                .loads, "crashed while loading: signal \(signal) (\(WorkerFailure.signalName(signal)))",
                fix: "fix the crash in \(entrySymbol) or init; `gdb --args widgethost bundles --isolation in-process --bundles DIR` shows where")
        case .exited(let status):
            return .fail(.loads, "exited while loading, with status \(status)", fix: "never call exit() from a bundle: return false from init instead")
        case .timedOut(let seconds):
            return .fail(
                .loads, "did not finish loading within \(seconds.formatted()) s",
                fix: "return from \(entrySymbol) and init promptly: do slow setup lazily, in the providers")
        case .protocolError, .spawnFailed, .restarting:
            return .fail(.loads, "could not be loaded in a worker: \(ValidationFixes.problem(failure))", fix: ValidationFixes.fix(failure))
        }
    }
}
