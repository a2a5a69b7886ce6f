import Foundation
import Testing
import TestSupport
import WidgetHostJSON

/// `widgethost render`: the samples drawn to PNG, SVG and the terminal, and its errors.
@Suite("render command")
struct RenderCommandTests {
    /// The definition of done: a 2× PNG of 728×340 showing the poster and the title, and
    /// an SVG holding the title.
    @Test func movieMediumAsPNGAndSVG() async throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-render")
        let png = folder.appendingPathComponent("movie.png")
        let result = try await widgethost(
            "render", "MoviePlannerWidget", "--family", "systemMedium", "--now", "2026-01-01T00:00:00Z", "--output", png.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try PNGHeader(png).size == [728, 340])

        let svg = folder.appendingPathComponent("movie.svg")
        _ = try await widgethost(
            "render", "MoviePlannerWidget", "--family", "systemMedium", "--now", "2026-01-01T00:00:00Z", "--output", svg.path)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(text.contains("Avengers: Infinity War"))
    }

    @Test("--scale sets the pixels per point", arguments: [(1, [364, 170]), (3, [1092, 510])])
    func scale(_ scale: Int, _ size: [Int]) async throws {
        let png = try TestPaths.makeTemporaryDirectory("widgethost-render").appendingPathComponent("movie.png")
        let result = try await widgethost(
            "render", "MoviePlannerWidget", "--family", "systemMedium", "--scale", "\(scale)", "--output", png.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try PNGHeader(png).size == size)
    }

    @Test func allSamplesWithAContactSheet() async throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-render-all")
        let result = try await widgethost("render", "--all", "--appearance", "dark", "--now", "2026-01-01T00:00:00Z", "--output", folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        for kind in ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"] {
            #expect(files.contains { $0.hasPrefix("\(kind).") && $0.hasSuffix(".dark.png") }, "no image of \(kind) in \(files.sorted())")
        }
        #expect(files.contains("FishGoWidget.accessoryRectangular.dark.png"))
        #expect(files.contains("contact-sheet.png"))
        #expect(!files.contains { $0.hasSuffix(".light.png") })
    }

    /// The C sample, compiled here against the headers alone, draws its own view.
    @Test func cBundleBuiltAgainstTheHeadersAloneDrawsItsView() async throws {
        let bundle = try FixtureCompiler.compile("samples/ClockWidget/clock_widget.c")
        let svg = try TestPaths.makeTemporaryDirectory("widgethost-render").appendingPathComponent("clock.svg")
        let result = try await widgethost(
            "render", "ClockWidget", "--bundles", bundle.deletingLastPathComponent().path, "--no-default-bundles",
            "--now", "2026-01-01T15:05:00Z", "--at", "2026-01-01T15:20:00Z", "--output", svg.path,
            environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        // The entry at 15:15, its time formatted by the host.
        #expect(text.contains("3:15 PM"))
        #expect(text.contains("of the day gone"))
    }

    @Test func terminalWithoutTruecolorShowsTheText() async throws {
        let result = try await widgethost(
            "render", "MoviePlannerWidget", "--family", "systemMedium", "--now", "2026-01-01T00:00:00Z", "--output", "-",
            environment: ["COLORTERM": "", "TERM": "dumb"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Avengers: Infinity War"))
        #expect(!result.standardOutput.contains("\u{1B}[38;2;"))
    }

    @Test func terminalWithTruecolorDrawsHalfBlocks() async throws {
        let result = try await widgethost(
            "render", "PillarWidget", "--output", "-", environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\u{1B}[38;2;"))
        #expect(result.standardOutput.contains("▀"))
    }

    @Test func placeholderIsDrawnRedacted() async throws {
        let svg = try TestPaths.makeTemporaryDirectory("widgethost-render").appendingPathComponent("placeholder.svg")
        let result = try await widgethost("render", "PillarWidget", "--placeholder", "--output", svg.path)
        #expect(result.status == 0, "\(result.standardError)")
        // Redacted text is drawn as bars: no text in the file.
        #expect(!(try String(contentsOf: svg, encoding: .utf8)).contains("<text"))
    }

    @Test("Bad command lines are refused naming the option", arguments: [
        (["render", "PillarWidget", "--output", "out.jpg"], "--output"),
        (["render", "--output", "x.png"], "KIND"),
        (["render", "PillarWidget", "--all", "--output", "dir"], "--all"),
        (["render", "PillarWidget", "--scale", "4", "--output", "x.png"], "--scale"),
        (["render", "PillarWidget", "--appearance", "sepia", "--output", "x.png"], "--appearance"),
        (["render", "PillarWidget", "--rendering-mode", "tinted", "--output", "x.png"], "--rendering-mode"),
    ])
    func badCommandLines(_ arguments: [String], _ named: String) async throws {
        let result = try await widgethost(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(named), "\(result.standardError)")
    }

    /// The words are WidgetHostJSON's `RenderingModeWord`, as the server's `?rendering-mode=` takes them.
    @Test func anUnknownRenderingModeIsRefusedListingEveryMode() async throws {
        let result = try await widgethost("render", "PillarWidget", "--rendering-mode", "tinted", "--output", "x.png")
        #expect(result.status == 64)
        for word in RenderingModeWord.allCases {
            #expect(result.standardError.contains(word.rawValue), "\(word.rawValue): \(result.standardError)")
        }
    }

    @Test func anEntryNotYetCurrentNamesTheFirstDate() async throws {
        let result = try await widgethost(
            "render", "MoviePlannerWidget", "--now", "2026-01-01T00:00:00Z", "--at", "2025-12-31T00:00:00Z", "--output", "-")
        #expect(result.status != 0)
        #expect(result.standardError.contains("2026-01-01T00:00:00Z"), "\(result.standardError)")
    }
}

/// A PNG's width and height, read from its IHDR chunk.
struct PNGHeader {
    let size: [Int]

    init(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        size = bytes.count == 24 ? [word(16), word(20)] : []
    }
}

/// `Image(appGroup:path:)`: drawn from a declared group's container, through the host; another
/// group's container is refused.
@Suite("render: App Group images")
struct RenderAppGroupImageTests {
    @Test func aDeclaredGroupsImageIsDrawnAndAnUndeclaredOneRefused() async throws {
        let bundle = try FixtureCompiler.compile("Tests/Fixtures/ViewBundles/group_images.c")
        let data = try TestPaths.makeTemporaryDirectory("widgethost-group-images")
        // What the app renders into its group: a 1x1 PNG, green.
        let container = data.appendingPathComponent("groups/group.com.example.views", isDirectory: true)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data(Self.greenPixelPNG).write(to: container.appendingPathComponent("background.png"))
        let other = data.appendingPathComponent("groups/group.com.example.other", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(Self.greenPixelPNG).write(to: other.appendingPathComponent("escape.png"))

        let png = data.appendingPathComponent("out.png")
        let result = try await widgethost(
            "render", "GroupImages", "--bundles", bundle.deletingLastPathComponent().path, "--no-default-bundles",
            "--scale", "1", "--output", png.path, environment: ["WIDGETHOST_DATA_DIR": data.path])
        #expect(result.status == 0, "\(result.standardError)")
        // Only the undeclared group is complained about.
        #expect(result.standardError.contains("group.com.example.other"), "\(result.standardError)")
        #expect(!result.standardError.contains("background.png"), "\(result.standardError)")
        #expect(try PNGHeader(png).size == [170, 170])
    }

    /// A 1×1 opaque green PNG.
    static let greenPixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
        0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0xF8, 0xCF, 0x00,
        0x00, 0x02, 0x02, 0x01, 0x00, 0x7B, 0x09, 0x81, 0x78, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// On a terminal, `timeline` also draws the current entry; through a pipe it does not.
@Suite("timeline: the entry drawn on a terminal")
struct TimelineOnATerminalTests {
    @Test func aTerminalGetsTheDrawingAPipeDoesNot() async throws {
        let arguments = ["timeline", "PillarWidget", "--now", "2026-01-01T00:00:00Z"]
        let piped = try await widgethost(arguments, environment: ["COLORTERM": ""])
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(!piped.standardOutput.contains("┌"))

        // `script` runs the command on a pseudo-terminal, as a user's shell would.
        let command = ([TestPaths.cli.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let environment = ProcessInfo.processInfo.environment.merging(
            ["COLORTERM": "", "TERM": "dumb", "WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-tty").path]) { $1 }
        let onTerminal = try await offThePool {
            try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: environment)
        }
        #expect(onTerminal.status == 0, "\(onTerminal.standardError)")
        // Without truecolor, the drawing is the entry's text in a box.
        #expect(onTerminal.standardOutput.contains("┌"), "\(onTerminal.standardOutput)")
        #expect(onTerminal.standardOutput.contains("pillars traversed"), "\(onTerminal.standardOutput)")
    }
}
