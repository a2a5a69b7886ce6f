#if canImport(Glibc)
import Glibc
#endif
import CWorkerLaunch
import Foundation
import WidgetPayload

/// What makes a worker its bundle's extension process, as iOS runs a widget extension: the
/// process's `Bundle.main` is the extension's bundle, and its main thread runs the main run loop.
///
/// - `Bundle.main` is the folder the bundle ships its files in (SwiftPM's
///   `<Package>_<Name>.resources/`, else its own `lib<Name>.assets/`, else the folder of the
///   `.so`), so `url(forResource:withExtension:)` and `path(forResource:ofType:)` find them, and
///   its info dictionary holds what the bundle's Info.plist says (`bundleIdentifier`,
///   `object(forInfoDictionaryKey:)`). Foundation makes its main bundle once, from the
///   executable's path, so this is set before the bundle is loaded.
/// - The main thread, once the bundle is loaded, runs `RunLoop.main`, which drains the main
///   dispatch queue: `DispatchQueue.main`, `@MainActor` code, `Timer`s on the main run loop and
///   Combine's `receive(on: DispatchQueue.main)` all run, as in an extension. The host's calls
///   are then answered on other threads (`WorkerCallThreads`). At rest the run loop sleeps in
///   one wait with no timeout: an idle worker wakes no more often than before (BENCHMARKS.md,
///   "The extension's process").
///
/// A bundle loaded in process (`--isolation in-process`) shares the host's `Bundle.main` and
/// main thread: one process holds every bundle there, and Foundation has one of each.
enum ExtensionProcess {
    /// Makes `Bundle.main` the bundle's own, as the type says; nil when it is, else why not.
    /// Before the bundle is loaded, on the worker's one thread.
    static func adoptMainBundle(bundlePath: String, resourceFolder: String?) -> String? {
        let library = URL(fileURLWithPath: bundlePath)
        let folder = (resourceFolder.map { URL(fileURLWithPath: $0) } ?? BundleInfoFiles.ownAssetFolder(of: library)
            ?? library.resolvingSymlinksInPath().deletingLastPathComponent())
        let executable = folder.appendingPathComponent(library.lastPathComponent).path
        guard wh_set_main_bundle_executable_path(executable) == 0 else {
            return "this Foundation does not let its main bundle be set; Bundle.main is the worker's"
        }
        var made = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard wh_main_bundle_path(&made, made.count) == 0 else { return "Foundation made no main bundle" }
        let madePath = String(decoding: made.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard URL(fileURLWithPath: madePath).resolvingSymlinksInPath().path == folder.resolvingSymlinksInPath().path else {
            return "Foundation's main bundle was made before the bundle's folder was known (\(madePath)); Bundle.main is the worker's"
        }
        return mergeInfoPlist(of: library, resourceFolder: resourceFolder)
    }

    /// Adds what the bundle's Info.plist says to the main bundle's info dictionary: Foundation
    /// reads only a file named `Info.plist`, and SwiftPM ships it as `<Name>-Info.plist`.
    private static func mergeInfoPlist(of library: URL, resourceFolder: String?) -> String? {
        let bytes: Data
        switch infoPlistBytes(of: library, resourceFolder: resourceFolder) {
        case .success(let data): bytes = data
        case .failure(let problem): return problem.description
        }
        let merged = bytes.withUnsafeBytes { wh_merge_main_bundle_info($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }
        return merged < 0 ? "Foundation's main bundle took none of the Info.plist's keys" : nil
    }

    /// Why the bundle's info dictionary could not be made.
    struct InfoPlistProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// The bundle's info dictionary (`infoDictionary(plist:bundleName:)`) as a binary property
    /// list, ready for Foundation's main bundle. Everything `adoptMainBundle` does but setting
    /// the main bundle, so that the fork server can run it once before its first fork
    /// (`WorkerForkServer.warmUp`).
    static func infoPlistBytes(of library: URL, resourceFolder: String?) -> Result<Data, InfoPlistProblem> {
        // A bundle whose files are in error is reported by the loader, which reads them again.
        let files = try? BundleInfoFiles.read(
            besideBundle: library, resourceFolder: .known(resourceFolder.map { URL(fileURLWithPath: $0) }))
        var plist: Data?
        if let path = files?.infoPlistPath {
            guard let handle = FileHandle(forReadingAtPath: path), let bytes = try? handle.read(upToCount: BundleInfoFiles.maximumBytes)
            else { return .failure(InfoPlistProblem(description: "cannot read \(path)")) }
            plist = bytes
        }
        let stem = library.deletingPathExtension().lastPathComponent
        let info = infoDictionary(plist: plist, bundleName: stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem)
        guard let bytes = try? PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0) else {
            return .failure(InfoPlistProblem(
                description: "the bundle's Info.plist cannot be written back as a property list; Bundle.main has none of its keys"))
        }
        return .success(bytes)
    }

    /// The info dictionary an extension built by Xcode would have: its Info.plist (`plist`, nil
    /// when it ships none) with the build settings Xcode expands in it expanded
    /// (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `$(PRODUCT_NAME)`, …), and an identifier,
    /// `dev.widgethost.extension.<Name>`, where it names none: on iOS every extension has one,
    /// and `Bundle.main.bundleIdentifier!` is common. A plist that does not decode gives the
    /// defaults alone (the loader reports it).
    static func infoDictionary(plist: Data?, bundleName: String) -> [String: Any] {
        let decoded = plist.flatMap { try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil) as? [String: Any] }
        let identifier = "dev.widgethost.extension.\(bundleName)"
        let settings = [
            "PRODUCT_BUNDLE_IDENTIFIER": identifier, "PRODUCT_NAME": bundleName, "TARGET_NAME": bundleName,
            "EXECUTABLE_NAME": bundleName, "PRODUCT_MODULE_NAME": bundleName, "MARKETING_VERSION": "1.0",
            "CURRENT_PROJECT_VERSION": "1", "DEVELOPMENT_LANGUAGE": "en", "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!",
        ]
        var info = (decoded ?? [:]).mapValues { expand($0, settings: settings) }
        if (info["CFBundleIdentifier"] as? String)?.isEmpty ?? true { info["CFBundleIdentifier"] = identifier }
        if info["CFBundleName"] == nil { info["CFBundleName"] = bundleName }
        return info
    }

    /// `value` with each `$(SETTING)` or `${SETTING}` (and `$(SETTING:modifier)`) that
    /// `settings` knows replaced, in strings, arrays and dictionaries; others left as written.
    private static func expand(_ value: Any, settings: [String: String]) -> Any {
        switch value {
        case let text as String:
            guard text.contains("$") else { return text }
            var result = text
            for (name, setting) in settings {
                for pattern in ["$(\(name))", "${\(name)}"] { result = result.replacingOccurrences(of: pattern, with: setting) }
                for (open, close) in [("$(", Character(")")), ("${", Character("}"))] {
                    while let start = result.range(of: "\(open)\(name):"), let end = result[start.upperBound...].firstIndex(of: close) {
                        result.replaceSubrange(start.lowerBound...end, with: setting)
                    }
                }
            }
            return result
        case let array as [Any]:
            return array.map { expand($0, settings: settings) }
        case let dictionary as [String: Any]:
            return dictionary.mapValues { expand($0, settings: settings) }
        default:
            return value
        }
    }

    /// Runs `serve` on a thread of its own and the main run loop on this one, for good.
    /// On the thread that loaded the bundle: the process's first, or the fork server's child's only one.
    static func serveBesideMainRunLoop(_ serve: @escaping @Sendable () -> Never) -> Never {
        // A forked worker runs on a thread the fork server started, not the one Foundation
        // recorded as main when the server started.
        if wh_adopt_main_thread() != 0 {
            WorkerExit.complain("this Foundation does not let its main thread be set; the main queue may not run")
        }
        guard WorkerThread.start(name: "widgethost.calls", { serve() }) else {
            WorkerExit.fail(.systemError, "cannot start the thread that answers the host's calls")
        }
        while true {
            // Returns false only if the main run loop had nothing to wait for, which the main
            // dispatch queue rules out; then wait on the queue alone rather than spin.
            if !RunLoop.main.run(mode: .default, before: .distantFuture) { dispatchMain() }
        }
    }
}
