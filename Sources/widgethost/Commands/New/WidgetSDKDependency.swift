import Foundation
import WidgetHostCore
import WidgetPayload

/// Where a new Swift bundle package gets the SDK package (sdk/Package.swift: WidgetKit, SwiftUI,
/// AppIntents and the rest, with no dependency beyond the toolchain) from: a widgethost checkout
/// on this machine, the copy `scripts/install.sh` put beside this CLI, or a released version.
enum WidgetSDKDependency: Equatable {
    case checkout(path: String)
    case installed(path: String)
    case release(version: String)

    /// Where released versions of the SDK package are published (the checkout's sdk/ folder).
    static let repositoryURL = "https://github.com/widgethost/widgethost-sdk"

    /// `--sdk PATH|VERSION`: a version such as 1.2.0 names a release; anything else a checkout's
    /// folder. Without it, the checkout this CLI was built in, else the SDK package installed
    /// beside it (`<prefix>/share/widgethost/sdk`), else this CLI's own version.
    static func resolve(_ argument: String?, executableDirectory: String? = Self.executableDirectory) throws(ScaffoldError) -> Self {
        guard let argument else {
            if let checkout = executableDirectory.flatMap(checkout(containing:)) { return .checkout(path: checkout) }
            if let installed = executableDirectory.flatMap(installedPackage(besideExecutableIn:)) { return .installed(path: installed) }
            return .release(version: HostIdentity.version)
        }
        if argument.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$"#, options: .regularExpression) != nil {
            return .release(version: argument)
        }
        let folder = URL(fileURLWithPath: argument).standardizedFileURL.path
        guard isCheckout(folder) else { throw .notACheckout(argument) }
        return .checkout(path: folder)
    }

    /// The line of Package.swift that names the dependency.
    var packageLine: String {
        switch self {
        case .checkout(let path): #".package(path: "\#(path)/sdk")"#
        case .installed(let path): #".package(path: "\#(path)")"#
        case .release(let version): #".package(url: "\#(Self.repositoryURL)", from: "\#(version)")"#
        }
    }

    /// The package's identity, which `.product(name:package:)` names: SwiftPM takes it from the
    /// last component of the path or URL.
    var packageIdentity: String {
        switch self {
        case .checkout, .installed: "sdk"
        case .release: "widgethost-sdk"
        }
    }

    var description: String {
        switch self {
        case .checkout(let path): "the SDK package of the checkout at \(path)"
        case .installed(let path): "the SDK package installed at \(path)"
        case .release(let version): "widgethost-sdk \(version) from \(Self.repositoryURL)"
        }
    }

    /// `<prefix>/share/widgethost/sdk` for a CLI installed in `<prefix>/bin`, when it holds the
    /// SDK's Package.swift.
    static func installedPackage(besideExecutableIn folder: String) -> String? {
        let package = URL(fileURLWithPath: folder).deletingLastPathComponent()
            .appendingPathComponent("share/widgethost/sdk").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: package + "/Package.swift") ? package : nil
    }

    /// The widgethost checkout holding `folder` (the CLI's `.build/<triple>/debug`, say).
    static func checkout(containing folder: String) -> String? {
        var candidate = URL(fileURLWithPath: folder).standardizedFileURL
        while candidate.path != "/" {
            if isCheckout(candidate.path) { return candidate.path }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    /// A folder with widgethost's Package.swift and the SDK's sources.
    private static func isCheckout(_ folder: String) -> Bool {
        let manifest = URL(fileURLWithPath: folder).appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: folder + "/sdk/WidgetSDK"),
              let text = try? String(contentsOf: manifest, encoding: .utf8)
        else { return false }
        return text.contains(#"name: "widgethost""#)
    }

    static var executableDirectory: String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first
        return executable.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }
}

/// Why `widgethost new` wrote nothing.
enum ScaffoldError: Error, CustomStringConvertible {
    case invalidName(String)
    case folderNotEmpty(String)
    case notACheckout(String)
    case invalidAppGroup(AppGroupIDError)
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case .invalidName(let name):
            "NAME '\(name)' must start with a letter and hold only letters, digits and _ (it names the package, the kind and lib\(name).so)"
        case .folderNotEmpty(let folder):
            "--path \(folder) is not empty: name a new or empty folder, so that nothing of yours is overwritten"
        case .notACheckout(let folder):
            "--sdk \(folder) is neither a widgethost checkout (a folder with its Package.swift and sdk/WidgetSDK) nor a version such as \(HostIdentity.version)"
        case .invalidAppGroup(let error):
            "--app-group: \(error)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}
