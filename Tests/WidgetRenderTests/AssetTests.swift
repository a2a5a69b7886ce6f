import CPangoCairo
import Foundation
import Testing
import WidgetPayload
import WidgetRender

@Suite("Bundle assets: resolution rules, bounds, decoding")
struct AssetTests {
    /// The error `source` gives in a catalog of `folder`, also checking it is recorded.
    private func problem(_ source: ImageSource, folder: URL?, groups: [String: URL] = [:]) -> AssetError.Problem? {
        let assets = BundleAssets(assetFolder: folder, appGroupContainers: groups)
        #expect(assets.naturalSize(of: source) == nil)
        let error = assets.problem(with: source)
        #expect(assets.problems == (error.map { [$0] } ?? []))
        return error?.problem
    }

    @Test("a PNG and an SVG load and report their natural sizes")
    func naturalSizes() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try temp.writePNG("Bundle.assets/poster.png", width: 12, height: 8)
        try temp.writePNG("Bundle.assets/sharp@2x.png", width: 12, height: 8)
        try temp.write(Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="red"/></svg>"#.utf8), to: "Bundle.assets/logo.svg")
        try temp.write(Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><rect width="64" height="32"/></svg>"#.utf8), to: "Bundle.assets/icons/box.svg")
        let assets = BundleAssets(assetFolder: folder)
        #expect(assets.naturalSize(of: .asset("poster")) == Size(width: 12, height: 8))
        #expect(assets.naturalSize(of: .asset("poster.png")) == Size(width: 12, height: 8))
        #expect(assets.naturalSize(of: .asset("sharp")) == Size(width: 6, height: 4))
        #expect(assets.naturalSize(of: .asset("logo")) == Size(width: 40, height: 30))
        #expect(assets.naturalSize(of: .asset("icons/box")) == Size(width: 64, height: 32))
        #expect(assets.problems.isEmpty)
    }

    @Test("PNG and SVG assets are drawn scaled into their frame")
    func drawn() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try temp.writePNG("Bundle.assets/red.png", width: 4, height: 4)
        try temp.write(Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#0000ff"/></svg>"##.utf8), to: "Bundle.assets/blue.svg")
        let assets = BundleAssets(assetFolder: folder)
        let image = try PaintFixture.render([
            .image(.asset("red"), frame: Rect(x: 0, y: 0, width: 20, height: 20), clip: Rect(x: 0, y: 0, width: 10, height: 20)),
            .image(.asset("blue"), frame: Rect(x: 20, y: 20, width: 20, height: 20), clip: nil),
        ], assets: assets)
        #expect(PaintFixture.isRed(image.pixel(x: 5, y: 15)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 15, y: 5)), "the clip cuts the image")
        let blue = image.pixel(x: 38, y: 38)
        #expect(blue.blue > 250 && blue.red < 5 && blue.alpha > 250)
        #expect(assets.problems.isEmpty)
    }

    @Test("a missing file names what was searched")
    func missing() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        #expect(problem(.asset("poster"), folder: folder) == .missing(searched: ["poster.png", "poster@2x.png", "poster@3x.png", "poster.svg"]))
        #expect(problem(.asset("poster"), folder: nil) == .missing(searched: []))
        #expect(problem(.asset(""), folder: folder) == .emptyName)
    }

    @Test("names that leave the folder are refused")
    func escapes() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try temp.writePNG("secret.png", width: 2, height: 2)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path,
                                                   withDestinationPath: temp.url.appendingPathComponent("secret.png").path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inside.png").path, withDestinationPath: "link.png")
        #expect(problem(.asset("../secret"), folder: folder) == .escapesFolder)
        #expect(problem(.asset("sub/../../secret.png"), folder: folder) == .escapesFolder)
        #expect(problem(.asset("/etc/passwd"), folder: folder) == .absolutePath)
        #expect(problem(.asset("link"), folder: folder) == .escapesFolder)
        #expect(problem(.asset("inside"), folder: folder) == .escapesFolder, "a chain of links is followed to its end")
    }

    @Test("files over 4 MiB and images over 16 megapixels are refused before decoding")
    func bounds() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try temp.write([UInt8](repeating: 0, count: BundleAssets.maxFileBytes + 1), to: "Bundle.assets/huge.png")
        try temp.writePNG("Bundle.assets/wide.png", width: 5000, height: 5000, color: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(problem(.asset("huge"), folder: folder) == .fileTooLarge(bytes: BundleAssets.maxFileBytes + 1, limit: BundleAssets.maxFileBytes))
        #expect(problem(.asset("wide"), folder: folder) == .tooManyPixels(width: 5000, height: 5000, limit: BundleAssets.maxPixels))
    }

    @Test("a file that is not an image is unreadable, naming its format")
    func unreadable() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try temp.write(Array("not a png".utf8), to: "Bundle.assets/fake.png")
        try temp.write(Array("<svg".utf8), to: "Bundle.assets/broken.svg")
        guard case .unreadable(let png, _)? = problem(.asset("fake"), folder: folder) else { Issue.record("fake.png was not unreadable"); return }
        guard case .unreadable(let svg, _)? = problem(.asset("broken"), folder: folder) else { Issue.record("broken.svg was not unreadable"); return }
        #expect(png == "png")
        #expect(svg == "svg")
    }

    @Test("App Group images come only from declared groups, inside their container")
    func appGroups() throws {
        let temp = try TemporaryFolder()
        let container = try temp.folder("group.counter")
        try temp.writePNG("group.counter/background.png", width: 3, height: 2)
        let groups = ["group.counter": container]
        let assets = BundleAssets(assetFolder: nil, appGroupContainers: groups)
        #expect(assets.naturalSize(of: .appGroup(group: "group.counter", path: "background.png")) == Size(width: 3, height: 2))
        #expect(problem(.appGroup(group: "group.other", path: "background.png"), folder: nil, groups: groups) == .undeclaredGroup("group.other"))
        #expect(problem(.appGroup(group: "group.counter", path: "../group.counter/background.png"), folder: nil, groups: groups) == .escapesFolder)
    }

    @Test("the asset folder is found beside the bundle, in either layout")
    func folderBesideBundle() throws {
        let temp = try TemporaryFolder()
        try temp.write([], to: "lib/libCounter.so")
        try temp.write([], to: "lib/libMovieWidget.so")
        try temp.write([], to: "lib/libBare.so")
        let own = try temp.folder("lib/libCounter.assets")
        let swiftPM = try temp.folder("lib/Movies_MovieWidget.resources/Assets")
        let lib = temp.url.appendingPathComponent("lib")
        func path(_ url: URL) -> String { url.standardizedFileURL.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        #expect(BundleAssets.assetFolder(besideBundle: lib.appendingPathComponent("libCounter.so")).map(path) == path(own))
        #expect(BundleAssets.assetFolder(besideBundle: lib.appendingPathComponent("libMovieWidget.so")).map(path) == path(swiftPM))
        #expect(BundleAssets.assetFolder(besideBundle: lib.appendingPathComponent("libBare.so")) == nil)
    }

    @Test("errors say which asset and what to do")
    func descriptions() {
        let error = AssetError(asset: "poster", problem: .tooManyPixels(width: 5000, height: 5000, limit: BundleAssets.maxPixels))
        #expect(error.description.contains("poster"))
        #expect(error.description.contains("5000×5000"))
        let group = AssetError(asset: "group.x:bg.png", problem: .undeclaredGroup("group.x"))
        #expect(group.description.contains("declare"))
    }

    @Test("a failure is recorded once however often it is drawn")
    func recordedOnce() throws {
        let assets = BundleAssets.empty
        let list = DisplayList(size: Size(width: 20, height: 20), commands: [
            .image(.asset("a"), frame: Rect(x: 0, y: 0, width: 10, height: 10), clip: nil),
            .image(.asset("a"), frame: Rect(x: 10, y: 10, width: 10, height: 10), clip: nil),
        ])
        _ = try pngData(list, scale: 1, assets: assets)
        _ = try pngData(list, scale: 2, assets: assets)
        #expect(assets.problems.map(\.asset) == ["a"])
    }

    @Test("a font in Fonts/ is registered with fontconfig, once; a broken one is refused")
    func bundleFonts() throws {
        // A family nothing else draws with: the copy stays registered after the folder is gone,
        // and must not be picked for other tests' text.
        let source = try #require(FontconfigProbe.file(ofFamily: "DejaVu Math TeX Gyre"), "fonts-dejavu-core is not installed")
        let temp = try TemporaryFolder()
        let folder = try temp.folder("Bundle.assets")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("Fonts/Math.ttf").path)
        try temp.write(Array("not a font".utf8), to: "Bundle.assets/Fonts/Broken.otf")
        let assets = BundleAssets(assetFolder: folder)
        let copied = try #require(FontconfigProbe.realPath(folder.appendingPathComponent("Fonts/Math.ttf").path))
        #expect(FontconfigProbe.applicationFonts().filter { $0 == copied }.count == 1)
        #expect(assets.problems.map(\.asset) == ["font:Fonts/Broken.otf"])
        // Opening the same assets again registers nothing twice.
        _ = BundleAssets(assetFolder: folder)
        #expect(FontconfigProbe.applicationFonts().filter { $0 == copied }.count == 1)
    }
}

/// Asks fontconfig directly what the renderer registered.
enum FontconfigProbe {
    static func file(ofFamily family: String) -> String? {
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// The files of every font added by the application (not the system's).
    static func applicationFonts() -> [String] {
        guard let set = FcConfigGetFonts(nil, FcSetApplication) else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = set.pointee.fonts[index], FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
            return String(cString: file)
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
