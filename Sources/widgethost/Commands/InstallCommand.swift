import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetValidation

/// `widgethost install BUNDLE.so`: validates a bundle, then copies it (and its asset folder)
/// into the user's bundle folder, where every host command finds it.
struct InstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Validate a bundle, then copy it into your bundle folder (~/.local/share/widgethost/bundles).",
        discussion: """
            Runs every check of `widgethost validate` in a worker first: a bundle that fails one \
            is not installed (warnings are fine). The .so and its asset folder (docs/assets.md) \
            are copied into $XDG_DATA_HOME/widgethost/bundles (default \
            ~/.local/share/widgethost/bundles), or --to DIR, replacing an older copy of the same \
            name. A running daemon loads a new bundle when it starts again \
            (systemctl --user restart widgethost).

            Exit status: 0 when installed, 1 when a check failed, 2 when the file cannot be \
            validated or copied.
            """)

    @Argument(help: ArgumentHelp("The bundle's shared object file.", valueName: "bundle.so"))
    var bundle: String

    @Option(help: ArgumentHelp("The folder to install into (default: your bundle folder).", valueName: "dir"))
    var to: String?

    func run() async throws {
        LogSetup.bootstrap(verbose: false)
        let report: ValidationReport
        do {
            report = try await BundleValidator(options: BundleValidator.Options()).validate(bundle)
        } catch {
            throw failure(error.description)
        }
        guard report.passed else {
            print(ValidationText.report(report))
            StandardError.print("error: \(bundle) was not installed: fix the failed checks above (widgethost validate \(bundle))")
            throw ExitCode(1)
        }
        guard let folder = to.flatMap({ $0.isEmpty ? nil : $0 }) ?? BundleSearchPath.userFolder() else {
            throw failure("no bundle folder: set HOME or XDG_DATA_HOME, or pass --to DIR")
        }
        let source = URL(fileURLWithPath: bundle).standardizedFileURL
        let destination = URL(fileURLWithPath: folder, isDirectory: true)
        var copied: [String] = []
        do {
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            copied.append(try BundleFileCopy.replace(destination.appendingPathComponent(source.lastPathComponent), with: source))
            // What ships with it keeps its place relative to the .so: `<stem>.assets/`, SwiftPM's
            // `<Package>_<Target>.resources/`, its entitlements and Info.plist.
            for shipped in BundleAssetFolder.shipped(beside: source) {
                copied.append(try BundleFileCopy.replace(destination.appendingPathComponent(shipped.lastPathComponent), with: shipped))
            }
        } catch {
            throw failure("cannot copy \(bundle) into \(folder): \(error.localizedDescription)")
        }
        print("installed \(copied.joined(separator: " and ")) (\(report.count(.pass)) checks passed, \(report.count(.warn)) warnings)")
    }

    /// Says why on standard error and ends with status 2.
    private func failure(_ message: String) -> ExitCode {
        StandardError.print("error: \(message)")
        return ExitCode(2)
    }
}
