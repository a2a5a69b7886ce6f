import Foundation
import Testing
import WidgetPayload
@testable import WidgetRender

/// `UIAppFonts` in a bundle's Info.plist (docs/bundle-files.md): the fonts it lists, relative to
/// the asset folder or the bundle's resource folder, are registered as those in `Fonts/` are; one
/// that is missing is reported.
@Suite("Bundle assets: UIAppFonts")
struct AppFontsTests {
    @Test("fonts listed in the asset folder's Info.plist register; a missing one is a problem")
    func appFonts() throws {
        let source = try #require(FontconfigProbe.file(ofFamily: "DejaVu Math TeX Gyre"), "fonts-dejavu-core is not installed")
        let temp = try TemporaryFolder()
        let folder = try temp.folder("libFonty.assets")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Display"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("Display/Listed.ttf").path)
        let info: [String: Any] = ["CFBundleShortVersionString": "1.2", "UIAppFonts": ["Display/Listed.ttf", "Missing.ttf"]]
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
            .write(to: folder.appendingPathComponent("Info.plist"))
        let assets = BundleAssets(assetFolder: folder)
        let listed = try #require(FontconfigProbe.realPath(folder.appendingPathComponent("Display/Listed.ttf").path))
        #expect(FontconfigProbe.applicationFonts().contains(listed))
        #expect(assets.problems.map(\.asset) == ["font:Missing.ttf"])
    }

    @Test("a font listed at the root of SwiftPM's resource folder registers, with no asset folder, as at an .appex's root")
    func appFontsAtTheResourceRoot() throws {
        // LifeTimer's widget: its Info.plist lists "NeoDunggeunmoPro-Regular.ttf", which Xcode
        // copies to the root of the .appex; SwiftPM's `.copy` puts it at the resource folder's.
        let source = try #require(FontconfigProbe.file(ofFamily: "DejaVu Math TeX Gyre"), "fonts-dejavu-core is not installed")
        let temp = try TemporaryFolder()
        let resources = try temp.folder("Rooty_Rooty.resources")
        try FileManager.default.copyItem(atPath: source, toPath: resources.appendingPathComponent("Rooted.ttf").path)
        let info: [String: Any] = ["UIAppFonts": ["Rooted.ttf", "Absent.ttf"]]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: resources.appendingPathComponent("Rooty-Info.plist"))
        let library = resources.deletingLastPathComponent().appendingPathComponent("libRooty.so")
        try Data().write(to: library)
        let assets = BundleAssets(besideBundle: library)
        let rooted = try #require(FontconfigProbe.realPath(resources.appendingPathComponent("Rooted.ttf").path))
        #expect(FontconfigProbe.applicationFonts().contains(rooted))
        #expect(assets.problems.map(\.asset) == ["font:Absent.ttf"])
    }

    @Test("a broken Info.plist is a problem of the assets, not a crash")
    func brokenInfoPlist() throws {
        let temp = try TemporaryFolder()
        let folder = try temp.folder("libBroken.assets")
        try Data("<plist><dict><key>UIAppFonts</key><string>x.ttf</string></dict></plist>".utf8)
            .write(to: folder.appendingPathComponent("Info.plist"))
        let assets = BundleAssets(assetFolder: folder)
        #expect(assets.problems.map(\.asset) == ["Info.plist"])
    }
}
