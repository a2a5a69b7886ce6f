#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// `widgethost preview`: a rebuild redrawn in every family, failures shown with their fix, and a
/// good build carried to a serving daemon's gallery. Bundles are the C template of
/// `widgethost new`, compiled here.
@Suite("The preview loop: widgethost preview")
struct PreviewCommandTests {
    /// The C template's source for a bundle named HelloC, written by `widgethost new`.
    private static func templateSource(in folder: URL) async throws -> URL {
        let package = folder.appendingPathComponent("HelloC-source")
        let new = try await widgethost("new", "HelloC", "--language", "c", "--path", package.path, "--family", "systemSmall", "--family", "systemMedium")
        try #require(new.status == 0, "\(new.standardError)")
        return package.appendingPathComponent("HelloC.c")
    }

    /// Builds `source` with its "Time:" label replaced by `label` into `library`, as a build
    /// tool does: written beside, then renamed over.
    private static func build(_ source: URL, label: String, to library: URL) throws {
        let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "Time:", with: label)
        let edited = source.deletingLastPathComponent().appendingPathComponent("edited-\(UUID().uuidString).c")
        try Data(text.utf8).write(to: edited)
        let partial = library.deletingLastPathComponent().appendingPathComponent(".\(library.lastPathComponent).partial")
        try FixtureCompiler.compile(edited, to: partial)
        try? FileManager.default.removeItem(at: partial.deletingLastPathComponent().appendingPathComponent("\(partial.lastPathComponent).cc.log"))
        #expect(rename(partial.path, library.path) == 0)
    }

    @Test("--once draws every family side by side, validates, and exits 0")
    func drawsOnce() async throws {
        let result = try await widgethost("preview", TestPaths.sampleBundle("ClockWidget").path, "--once")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("systemSmall") && $0.contains("systemMedium") && $0.contains("accessoryRectangular") },
                "\(result.standardOutput)")
        #expect(result.standardOutput.contains("validate libClockWidget.so: passed"))
        #expect(!result.standardOutput.contains("✘"))
    }

    @Test("A bundle's #Preview entries are drawn under its families, each titled by its preview")
    func drawsDeclaredPreviews() async throws {
        let result = try await widgethost(
            "preview", TestPaths.sampleBundle("CounterWidget").path, "--once", "--no-validate", "--family", "systemSmall", "--family", "systemMedium")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let output = result.standardOutput
        // samples/CounterWidget/CounterWidget.swift: "Seven" in systemSmall, two entries; an
        // unnamed one in systemMedium, titled by where it is declared.
        let titles = output.split(separator: "\n").first { $0.contains("#Preview Seven 1/2") }
        #expect(titles?.contains("#Preview Seven 2/2") == true, "\(output)")
        #expect(output.contains("#Preview CounterWidget/CounterWidget.swift:"), "\(output)")
        #expect(output.contains("42") && output.contains("1000"), "\(output)")
    }

    @Test("A failing call is shown in place with its fix, validate's failures too, and --once exits 1")
    func showsFailuresWithTheirFix() async throws {
        let library = try FixtureCompiler.compile("Tests/Fixtures/Bundles/provider_error.c")
        let result = try await widgethost("preview", library.path, "--once")
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("✘ timeline failed:") && output.contains("database offline"), "\(output)")
        #expect(output.contains("  fix: "))
        #expect(output.contains(": FAILED ("), "validate's summary is missing: \(output)")
    }

    @Test("Each rebuild is drawn anew by a fresh worker; a broken build is shown, and the next good one drawn")
    func redrawsEachRebuild() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-preview-watch")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try await Self.templateSource(in: root)
        let builds = root.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: builds, withIntermediateDirectories: true)
        let library = builds.appendingPathComponent("libHelloC.so")
        try Self.build(source, label: "Time:", to: library)

        let data = root.appendingPathComponent("data")
        let preview = try WatchProcess(["preview", builds.path], dataDirectory: data)
        defer { preview.kill() }
        try await preview.waitForLine { $0.contains("validate libHelloC.so: passed") }
        #expect(preview.lines.contains { $0.contains("systemSmall") && $0.contains("systemMedium") })
        #expect(preview.lines.contains { $0.contains("Time:") })

        var mark = preview.lines.count
        try Self.build(source, label: "Now:", to: library)
        try await preview.waitForLine(after: mark) { $0.contains("Now:") }
        try await preview.waitForLine(after: mark) { $0.contains("validate libHelloC.so: passed") }

        // A build whose timeline fails: shown, with the fix, and the preview goes on.
        mark = preview.lines.count
        let failing = try FixtureCompiler.compile("Tests/Fixtures/Bundles/provider_error.c")
        let partial = builds.appendingPathComponent(".libHelloC.so.partial")
        try FileManager.default.copyItem(at: failing, to: partial)
        #expect(rename(partial.path, library.path) == 0)
        try await preview.waitForLine(after: mark) { $0.contains("✘ timeline failed:") }
        #expect(preview.isRunning)

        mark = preview.lines.count
        try Self.build(source, label: "Again:", to: library)
        try await preview.waitForLine(after: mark) { $0.contains("Again:") }

        preview.signal(SIGTERM)
        #expect(try await preview.waitForExit() == 0, "\(preview.diagnostics())")
        // Its scans of throwaway copies stay out of the user's bundle cache.
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("bundle-cache.json").path))
    }

    @Test("A good build reaches the gallery: the file a serving daemon loaded is replaced, and the daemon reloads it")
    func reachesTheGallery() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-preview-gallery")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try await Self.templateSource(in: root)
        let installed = root.appendingPathComponent("installed")
        let builds = root.appendingPathComponent("build")
        for folder in [installed, builds] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Self.build(source, label: "Time:", to: installed.appendingPathComponent("libHelloC.so"))
        try Self.build(source, label: "Time:", to: builds.appendingPathComponent("libHelloC.so"))

        let data = root.appendingPathComponent("data")
        let daemon = try DaemonProcess(
            dataDirectory: data, arguments: ["--no-default-bundles", "--bundles", installed.path, "--http", "127.0.0.1:0"])
        defer { daemon.kill() }
        try await daemon.waitForEvent { $0.event == "call" && $0.kind == "HelloC" && $0.call?.result == "ok" }
        // The preview finds the daemon by its address file.
        let address = data.appendingPathComponent("http.address").path
        try await waitUntil("the daemon's address file") { FileManager.default.fileExists(atPath: address) }

        let preview = try WatchProcess(["preview", builds.path], dataDirectory: data)
        defer { preview.kill() }
        try await preview.waitForLine { $0.contains("HelloC redraws; this build replaced \(installed.path)/libHelloC.so") }

        let mark = daemon.events.count
        let lines = preview.lines.count
        try Self.build(source, label: "Now:", to: builds.appendingPathComponent("libHelloC.so"))
        try await preview.waitForLine(after: lines) { $0.contains("HelloC redraws; this build replaced") }
        try await daemon.waitForEvent(after: mark) { $0.event == "bundleChanged" }
        let call = try await daemon.waitForEvent(after: mark) { $0.event == "call" && $0.kind == "HelloC" }
        #expect(call.call?.result == "ok", "\(daemon.diagnostics())")
        let served = try Data(contentsOf: installed.appendingPathComponent("libHelloC.so"))
        #expect(served == (try Data(contentsOf: builds.appendingPathComponent("libHelloC.so"))), "the daemon's file is not the new build")
    }
}
