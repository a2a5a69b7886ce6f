import ArgumentParser
import Foundation
import Logging
import WidgetHostCore
import WidgetIsolation
import WidgetStoreModel
import WidgetValidation

/// `widgethost validate BUNDLE.so`: the conformance suite for bundle authors.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check one bundle file against the rules of the widget ABI, with a fix for each problem.",
        discussion: """
            Loads the file as the host does and calls every provider in every family it \
            supports: entry-symbol, abi-version, loads, descriptors, kinds-unique, app-groups, \
            placeholder-fast, snapshot-preview-fast, timeline-valid, completes-once, \
            completes-off-thread, survives, sandbox, views. Each check passes, warns, fails or is skipped (when one \
            it depends on failed). The bundle runs in a worker process, so a bundle that crashes \
            is reported, not fatal; --isolation in-process is faster but unsafe: a crash ends the \
            validator too. The bundle sees a new, empty shared store unless --data-dir names one.

            Exit status: 0 when no check fails (warnings allowed), 1 when one fails, 2 when the \
            file cannot be validated (missing, not a file, no worker), 64 when an option is \
            wrong (as for every command: a --timeout outside 0.001 to 3600, say).
            """)

    @Argument(help: ArgumentHelp("The bundle's shared object file.", valueName: "bundle.so"))
    var bundle: String

    @OptionGroup var output: OutputOptions

    @Option(
        help: OptionRange.timeout.help("Seconds to wait for any provider call (default: placeholder 2, snapshot 5, timeline 15).", valueName: "seconds"),
        transform: OptionRange.timeout.double)
    var timeout: Double?

    @Option(help: ArgumentHelp("Where the bundle runs: worker (default; a crash is reported) or in-process (unsafe: a crash ends the validator).", valueName: "mode"))
    var isolation: Isolation = .worker

    @Option(help: ArgumentHelp("The shared store the bundle sees (default: a new, empty one, removed afterwards).", valueName: "dir"))
    var dataDir: String?

    @Flag(name: .shortAndLong, help: "Log what the bundle and the host say, to standard error.")
    var verbose = false

    func run() async throws {
        LogSetup.bootstrap(verbose: verbose)
        var options = BundleValidator.Options()
        if let timeout { options.limits = CallLimits(timeout: timeout) }
        if let dataDir, !dataDir.isEmpty { options.storeLocation = StoreLocation.resolve(override: dataDir) }
        if verbose { options.logger = Logger(label: "widgethost") }
        switch isolation {
        case .worker: options.isolation = WorkerIsolation()
        case .inProcess: options.isolation = InProcessIsolation()
        }
        let report: ValidationReport
        do {
            report = try await BundleValidator(options: options).validate(bundle)
        } catch {
            throw usageError(error.description)
        }
        switch output.format {
        case .json: try JSONOutput.print(ValidationJSON(report))
        case .text: print(ValidationText.report(report))
        }
        if !report.passed { throw ExitCode(1) }
    }

    /// Says why on standard error and ends with status 2.
    private func usageError(_ message: String) -> ExitCode {
        StandardError.print("error: \(message)")
        return ExitCode(2)
    }
}
