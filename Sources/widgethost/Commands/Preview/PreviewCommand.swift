import ArgumentParser
import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetRender
import WidgetValidation

/// `widgethost preview`: the author's loop. Each rebuild of a bundle is loaded by fresh
/// workers, called in every family and drawn side by side in the terminal, then validated;
/// a good build also reaches the gallery of a daemon serving this data folder.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Redraw a bundle in every family each time it is rebuilt: in the terminal, and in a running daemon's gallery.",
        discussion: """
            Watches BUNDLE.so, or a folder: a Swift package's .build/debug/lib*.so, else the \
            folder's *.so. On each rebuild it copies the files aside, loads them in fresh workers, \
            calls every kind's placeholder, snapshot and timeline in each family, and draws the \
            entry current now (the timeline's; else the snapshot's; else the placeholder, \
            redacted), families side by side. A failed call, a view that cannot be drawn, and \
            each failed or warned `validate` check is shown in place with its fix. When a daemon \
            serves this data folder (`widgethost run`), a good build also reaches its gallery. \
            With --once it draws the build there is now and exits: status 1 if anything failed.
            """)

    @Argument(help: ArgumentHelp("The bundle file, or a folder (a Swift package or a folder of .so files).", valueName: "bundle.so|dir"))
    var bundle: String

    @Option(name: .customLong("family"), help: ArgumentHelp("A family to draw; repeatable (default: every family the kind supports).", valueName: "family"))
    var families: [WidgetFamily] = []

    @Option(help: ArgumentHelp("\(AppearanceOption.choices) (default: light).", valueName: "appearance"))
    var appearance: ColorSchemeName = .light

    @Flag(help: "Draw the current build once, validate it and exit (status 1 if anything failed).")
    var once = false

    @Flag(help: "Skip the `validate` checks after each drawing.")
    var noValidate = false

    @Flag(help: "Run workers without their Landlock sandbox (docs/sandbox.md).")
    var unsandboxed = false

    @OptionGroup var store: StoreOptions

    func run() async throws {
        LogSetup.bootstrap(verbose: false)
        let build = PreviewedBuild(argument: bundle)
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-preview-\(getpid())")
        defer { try? FileManager.default.removeItem(at: workspace) }
        var workerSettings = WorkerSettings(sandboxed: !unsandboxed)
        workerSettings.scanRecordFolder = workspace
        let settings = PreviewSettings(
            families: families, appearance: appearance, store: store.storeOnFirstUse(), limits: CallLimits(),
            workerSettings: workerSettings, columns: TerminalSize.columns(), truecolor: terminalSupportsTruecolor())
        let session = PreviewSession(build: build, workspace: workspace, settings: settings, validates: !noValidate)
        if once {
            guard !build.signature().isEmpty else {
                StandardError.print("error: no bundle at \(bundle) (looked for \(build.describe())): build it first")
                throw ExitCode(2)
            }
            let failed = await session.round(build.files(), builtAt: Date(), since: "the start")
            if failed { throw ExitCode(1) }
            return
        }
        PreviewSession.emit("preview: watching \(build.describe()); rebuild to redraw, Ctrl-C to stop\n")
        let watching = Task { try await session.watch() }
        let signals = ShutdownSignals { watching.cancel() }
        defer { signals.cancel() }
        do {
            try await watching.value
        } catch is CancellationError {
            return
        }
    }
}

/// The loop: wait for a build, preview it, again.
struct PreviewSession {
    let build: PreviewedBuild
    let workspace: URL
    let settings: PreviewSettings
    let validates: Bool

    func watch() async throws {
        let watcher = BuildWatcher(build: build)
        var last: [FileSignature]?
        while true {
            let signature = try await watcher.next(after: last)
            last = signature
            let builtAt = Date(timeIntervalSince1970: Double(signature.map(\.modified).max() ?? 0) / 1e9)
            _ = await round(signature.map { URL(fileURLWithPath: $0.path) }, builtAt: builtAt)
        }
    }

    /// Previews one build; true when anything failed.
    /// - Parameters:
    ///   - builtAt: when the build was written (its newest file's time), or when `--once` started;
    ///   - since: which of those it is, for the heading.
    func round(_ files: [URL], builtAt: Date, since: String = "the build") async -> Bool {
        let folder = workspace.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await PreviewRound(files: files, folder: folder, settings: settings).run()
        let drawnAt = Date()
        let milliseconds = Int((drawnAt.timeIntervalSince(builtAt) * 1000).rounded())
        // A build from before the preview started is not timed: it was not waited for.
        let timing = milliseconds > 60_000 ? "built at \(Self.clock(builtAt))" : "\(milliseconds) ms after \(since)"
        let heading = "── \(files.map(\.lastPathComponent).joined(separator: ", ")) drawn at \(Self.clock(drawnAt)), \(timing)"
        let picture = PreviewLayout.text(result, heading: heading)
        let validating = validates && !result.widgets.isEmpty
        show(picture, then: validating ? "validate: running…\n" : "")
        var reports: [ValidationReport] = []
        if validating {
            for (_, copy) in result.copies {
                do {
                    reports.append(try await BundleValidator(options: BundleValidator.Options()).validate(copy.path))
                } catch {
                    reports.append(ValidationReport(bundlePath: copy.path, checks: [
                        ValidationCheck(.loads, .fail, "\(error)", fix: "build the bundle again; see `widgethost validate` for details"),
                    ]))
                }
            }
        }
        let failed = result.failed || reports.contains { !$0.passed }
        let gallery = failed ? [] : GalleryPublisher(store: settings.store).publish(result)
        let tail = PreviewLayout.text(reports) + gallery.map { $0 + "\n" }.joined()
        if TerminalSize.isTerminal, validating || !gallery.isEmpty {
            show(picture, then: tail)
        } else {
            Self.emit(tail)
        }
        return failed
    }

    /// On a terminal the frame replaces the last one; into a pipe or a file frames follow each other.
    private func show(_ frame: String, then note: String) {
        Self.emit(TerminalSize.isTerminal ? "\u{1B}[H\u{1B}[2J" + frame + note : frame)
    }

    /// Written at once, unbuffered, so a reader of a pipe sees each frame when it is drawn.
    static func emit(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter.string(from: date)
    }
}
