import Foundation
import Testing
import WidgetAssetCatalog
import WidgetPayload
@testable import WidgetRender

@Suite("Asset catalogs: colour sets, image sets, groups, bounds")
struct AssetCatalogTests {
    @Test("a colour component reads as Xcode writes it: float, 0–255 integer or hex byte")
    func componentSpellings() throws {
        let fixture = try CatalogFixture()
        try fixture.colorSet("Float", any: catalogComponents("0.500", "0.000", "1.000"))
        try fixture.colorSet("Integer", any: catalogComponents("128", "0", "255"))
        try fixture.colorSet("Hex", any: catalogComponents("0x80", "0x00", "0xFF", alpha: "0x80"))
        let assets = fixture.assets
        for name in ["Float", "Integer", "Hex"] {
            let (image, problems) = try draw(ViewNode(.fill(.color(.catalog(name, opacity: 1)))), assets: assets)
            #expect(problems.isEmpty)
            let pixel = image.pixel(x: 80, y: 80)
            #expect(near(pixel, 128, 0, 255) || name == "Hex", "\(name): \(pixel)")
        }
        // Half-transparent magenta over the white system background.
        let (hex, _) = try draw(ViewNode(.fill(.color(.catalog("Hex", opacity: 1)))), assets: assets)
        #expect(near(hex.pixel(x: 80, y: 80), 191, 127, 255, tolerance: 3), "\(hex.pixel(x: 80, y: 80))")
    }

    @Test("Display P3 is converted to sRGB through linear light")
    func displayP3() throws {
        let fixture = try CatalogFixture()
        try fixture.colorSet("P3Red", any: catalogComponents("1.000", "0.000", "0.000"), space: "display-p3")
        try fixture.colorSet("P3Grey", any: catalogComponents("0.500", "0.500", "0.500"), space: "display-p3")
        let (red, _) = try draw(ViewNode(.fill(.color(.catalog("P3Red", opacity: 1)))), assets: fixture.assets)
        // P3's red is outside sRGB: clamped to sRGB red.
        #expect(near(red.pixel(x: 80, y: 80), 255, 0, 0), "\(red.pixel(x: 80, y: 80))")
        let (grey, _) = try draw(ViewNode(.fill(.color(.catalog("P3Grey", opacity: 1)))), assets: fixture.assets)
        #expect(near(grey.pixel(x: 80, y: 80), 128, 128, 128), "a grey is the same in both spaces")
        let set = try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"color-space":"display-p3","components":{"red":"0.000","green":"1.000","blue":"0.000","alpha":"1.000"}}}]}"#.utf8), file: "g")
        let green = try #require(set.color(for: .light))
        #expect(green.red == 0 && green.green == 1 && green.blue == 0, "P3 green clamps into sRGB")
        let mid = try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"color-space":"display-p3","components":{"red":"0.800","green":"0.400","blue":"0.200","alpha":"1.000"}}}]}"#.utf8), file: "m")
        let orange = try #require(mid.color(for: .light))
        // CSS Color 4's conversion of color(display-p3 0.8 0.4 0.2): rgb(86.6%, 36.4%, 13.0%).
        #expect(abs(orange.red - 0.866) < 0.01 && abs(orange.green - 0.364) < 0.01 && abs(orange.blue - 0.130) < 0.01, "\(orange)")
    }

    @Test("a colour set draws its light and dark colours per appearance")
    func appearances() throws {
        let fixture = try CatalogFixture()
        try fixture.colorSet("WidgetBackground", any: catalogComponents("1.000", "0.000", "0.000"), dark: catalogComponents("0", "0", "255"))
        let root = ViewNode(.fill(.color(.catalog("WidgetBackground", opacity: 1))))
        let (light, _) = try draw(root, assets: fixture.assets, scheme: .light)
        let (dark, problems) = try draw(root, assets: fixture.assets, scheme: .dark)
        #expect(near(light.pixel(x: 80, y: 80), 255, 0, 0))
        #expect(near(dark.pixel(x: 80, y: 80), 0, 0, 255))
        #expect(problems.isEmpty)
    }

    @Test("a colour that names one of UIKit's system colours is that colour, in light and in dark")
    func systemColorReferences() throws {
        // newswidget's WidgetHeadline: darkTextColor for any appearance, white for dark.
        let headline = try CatalogContents.colorSet(Array(#"""
            {"colors":[{"color":{"platform":"ios","reference":"darkTextColor"},"idiom":"universal"},
            {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"1.000","green":"1.000","blue":"1.000","alpha":"1.000"}},"idiom":"universal"}]}
            """#.utf8), file: "WidgetHeadline.colorset/Contents.json")
        #expect(headline.color(for: .light) == CatalogColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(headline.color(for: .dark) == CatalogColor(red: 1, green: 1, blue: 1, alpha: 1))
        // A system colour alone adapts to the appearance, as on iOS.
        let blue = try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]}"#.utf8), file: "B")
        #expect(blue.color(for: .light) == CatalogColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(blue.color(for: .dark) == CatalogColor(red: 10.0 / 255, green: 132.0 / 255, blue: 1, alpha: 1))
        let label = try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"reference":"secondaryLabelColor"}}]}"#.utf8), file: "L")
        #expect(label.color(for: .dark) == CatalogColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.6))
        // A name that is not one of UIKit's is refused, naming it.
        #expect(throws: CatalogContentsError.self) {
            try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"reference":"myColor"}}]}"#.utf8), file: "M")
        }
    }

    @Test("Color.accentColor is the catalog's AccentColor set, else the system blue")
    func accentColor() throws {
        let fixture = try CatalogFixture()
        let root = ViewNode(.fill(.color(.named(.accentColor, opacity: 1))))
        let (system, _) = try draw(root, assets: fixture.assets)
        #expect(near(system.pixel(x: 80, y: 80), 0, 122, 255))
        try fixture.colorSet("AccentColor", any: catalogComponents("0x11", "0x22", "0x33"))
        let (tinted, problems) = try draw(root, assets: fixture.assets)
        #expect(near(tinted.pixel(x: 80, y: 80), 0x11, 0x22, 0x33))
        #expect(problems.isEmpty)
    }

    @Test("groups are searched; a namespaced group prefixes its sets' names")
    func groups() throws {
        let fixture = try CatalogFixture()
        try fixture.text(#"{ "info" : { "author" : "xcode", "version" : 1 } }"#, "Colors/Contents.json")
        try fixture.colorSet("Colors/Brand", any: catalogComponents("0", "255", "0"))
        try fixture.text(#"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#, "Posters/Contents.json")
        try fixture.temp.writePNG("Bundle.assets/Assets.xcassets/Posters/avengers.imageset/avengers.png", width: 10, height: 6)
        try fixture.text(#"{ "images" : [ { "filename" : "avengers.png", "idiom" : "universal", "scale" : "1x" }, { "idiom" : "universal", "scale" : "2x" } ], "info" : { "author" : "xcode", "version" : 1 } }"#, "Posters/avengers.imageset/Contents.json")
        let assets = fixture.assets
        #expect(assets.colorProblem("Brand", .light) == nil)
        #expect(assets.naturalSize(of: .asset("Posters/avengers")) == Size(width: 10, height: 6))
        #expect(assets.problem(with: .asset("avengers")) != nil, "a namespaced set is named with its folder")
    }

    @Test("an image set's 1x/2x/3x and dark variants are picked for the drawing's scale and appearance")
    func imageVariants() throws {
        let fixture = try CatalogFixture()
        let folder = "Bundle.assets/Assets.xcassets/Sky.imageset/"
        try fixture.temp.writePNG(folder + "sky.png", width: 20, height: 20, color: PaintFixture.red)
        try fixture.temp.writePNG(folder + "sky@2x.png", width: 40, height: 40, color: PaintFixture.green)
        try fixture.temp.writePNG(folder + "sky@3x.png", width: 60, height: 60, color: PaintFixture.blue)
        try fixture.temp.writePNG(folder + "sky-dark@2x.png", width: 40, height: 40, color: RGBA(red: 1, green: 1, blue: 0))
        try fixture.text(#"""
        {
          "images" : [
            { "filename" : "sky.png", "idiom" : "universal", "scale" : "1x" },
            { "filename" : "sky@2x.png", "idiom" : "universal", "scale" : "2x" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "filename" : "sky-dark@2x.png", "idiom" : "universal", "scale" : "2x" },
            { "filename" : "sky@3x.png", "idiom" : "universal", "scale" : "3x" }
          ],
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """#, "Sky.imageset/Contents.json")
        let assets = fixture.assets
        #expect(assets.naturalSize(of: .asset("Sky")) == Size(width: 20, height: 20), "every scale is 20 points")
        let root = ViewNode(.image(.asset("Sky")))
        // The image is 20 points, centred in the 170-point small widget: 75…95.
        let (one, _) = try draw(root, assets: assets, scale: 1)
        #expect(near(one.pixel(x: 85, y: 85), 255, 0, 0))
        let (two, _) = try draw(root, assets: assets, scale: 2)
        #expect(near(two.pixel(x: 170, y: 170), 0, 255, 0))
        #expect(near(two.pixel(x: 148, y: 170), 255, 255, 255), "drawn at 20 points, not its 40 pixels")
        let (three, _) = try draw(root, assets: assets, scale: 3)
        #expect(near(three.pixel(x: 255, y: 255), 0, 0, 255))
        let (dark, problems) = try draw(root, assets: assets, scheme: .dark, scale: 2)
        #expect(near(dark.pixel(x: 170, y: 170), 255, 255, 0))
        #expect(problems.isEmpty)
    }

    @Test("an image file of a format the host does not draw is a typed error naming the file (PDF: PDFAssetTests)")
    func formats() throws {
        let fixture = try CatalogFixture()
        try fixture.text(#"{ "images" : [ { "filename" : "photo.heic", "idiom" : "universal" } ] }"#, "Photo.imageset/Contents.json")
        try fixture.text("not drawn", "Photo.imageset/photo.heic")
        let error = try #require(fixture.assets.problem(with: .asset("Photo")))
        #expect(error.problem == .unsupportedFormat(file: "Assets.xcassets/Photo.imageset/photo.heic", format: "HEIC"))
    }

    @Test("a missing colour and image draw nothing in a catalog-backed bundle, and are reported")
    func missing() throws {
        let fixture = try CatalogFixture()
        let root = ViewNode(.zStack(alignment: .center, children: [
            ViewNode(.fill(.color(.catalog("Nowhere", opacity: 1)))),
            ViewNode(.image(.asset("Ghost"))),
        ]))
        let (image, problems) = try draw(root, assets: fixture.assets)
        #expect(near(image.pixel(x: 85, y: 85), 255, 255, 255), "clear colour, empty image: the background shows")
        let labels = problems.compactMap { problem -> String? in if case .asset(let error) = problem { error.asset } else { nil } }
        #expect(Set(labels) == ["Ghost", "color:Nowhere"])
    }

    @Test("a symlink out of the catalog is refused")
    func symlinkOut() throws {
        let fixture = try CatalogFixture()
        let outside = try fixture.temp.writePNG("outside.png", width: 4, height: 4)
        try fixture.text(#"{ "images" : [ { "filename" : "leak.png", "idiom" : "universal", "scale" : "1x" } ] }"#, "Leak.imageset/Contents.json")
        try FileManager.default.createSymbolicLink(at: fixture.catalog.appendingPathComponent("Leak.imageset/leak.png"), withDestinationURL: outside)
        #expect(fixture.assets.problem(with: .asset("Leak"))?.problem == .escapesFolder)
    }

    @Test("hostile Contents.json files are refused with typed errors naming the file")
    func hostile() throws {
        func refusal(_ json: String) -> CatalogContentsError.Problem? {
            do {
                _ = try CatalogContents.colorSet(Array(json.utf8), file: "X.colorset/Contents.json")
                return nil
            } catch {
                #expect(error.file == "X.colorset/Contents.json")
                return error.problem
            }
        }
        #expect(refusal(String(repeating: "[", count: 10_000)) == .tooDeep(limit: CatalogContents.maxDepth))
        #expect(refusal(String(repeating: " ", count: CatalogContents.maxBytes + 1)) == .tooLarge(bytes: CatalogContents.maxBytes + 1, limit: CatalogContents.maxBytes))
        #expect(refusal(#"{"colors":[{"color":{"components":{"red":"1e400","green":"0","blue":"0"}}}]}"#) == .badComponent(name: "red", value: "1e400"))
        #expect(refusal(#"{"colors":[{"color":{"components":{"red":"256","green":"0","blue":"0"}}}]}"#) == .badComponent(name: "red", value: "256"))
        #expect(refusal(#"{"colors":[{"color":{"components":{"red":"0x100","green":"0","blue":"0"}}}]}"#) == .badComponent(name: "red", value: "0x100"))
        #expect(refusal(#"{"colors":[{"color":{"components":{"red":"1.5","green":"0","blue":"0"}}}]}"#) == .badComponent(name: "red", value: "1.5"))
        #expect(refusal(#"{"colors":[{"color":{"color-space":"cmyk","components":{}}}]}"#) == .unknownColorSpace("cmyk"))
        #expect(refusal(#"{"colors":[{"color":{"components":{"green":"0","blue":"0"}}}]}"#) == .missingComponent("red"))
        guard case .malformed = refusal(#"{"colors":{"color":1}}"#) else { Issue.record("wrong type accepted"); return }
        guard case .malformed = refusal("not json") else { Issue.record("not JSON accepted"); return }
        #expect(throws: CatalogContentsError.self) {
            try CatalogContents.imageSet(Array(#"{"images":[{"filename":"../../etc/passwd"}]}"#.utf8), file: "I")
        }
        // Extended colours may leave 0…1 and are clamped into sRGB.
        let extended = try CatalogContents.colorSet(Array(#"{"colors":[{"color":{"color-space":"extended-srgb","components":{"red":"1.200","green":"-0.100","blue":"0.5"}}}]}"#.utf8), file: "E")
        #expect(extended.color(for: .dark) == CatalogColor(red: 1, green: 0, blue: 0.5, alpha: 1))
    }

    @Test("an over-size Contents.json is refused before it is read whole")
    func hugeFile() throws {
        let fixture = try CatalogFixture()
        let file = fixture.catalog.appendingPathComponent("Big.colorset/Contents.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Sparse: a gigabyte on paper, nothing on disk.
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = try #require(fixture.assets.colorProblem("Big", .light))
        #expect(error.problem == .badCatalog(CatalogContentsError(file: "Big.colorset/Contents.json", problem: .tooLarge(bytes: 1 << 30, limit: CatalogContents.maxBytes))))
    }

    @Test("the catalog is found beside the .so, in the asset folder, or in a SwiftPM resource bundle")
    func location() throws {
        let temp = try TemporaryFolder()
        let lib = try temp.folder("lib")
        _ = try temp.folder("lib/widgethost_MovieWidget.resources/Assets.xcassets")
        #expect(BundleAssets.assetCatalog(besideBundle: lib.appendingPathComponent("libMovieWidget.so"))?.lastPathComponent == "Assets.xcassets")
        #expect(BundleAssets.assetCatalog(besideBundle: lib.appendingPathComponent("libBare.so")) == nil)
        _ = try temp.folder("lib/Assets.xcassets")
        #expect(BundleAssets.assetCatalog(besideBundle: lib.appendingPathComponent("libBare.so"))?.deletingLastPathComponent().lastPathComponent == "lib")
    }

    @Test("every catalog a bundle ships is searched, Assets.xcassets first, as Xcode compiles a target's catalogs into one")
    func severalCatalogs() throws {
        let temp = try TemporaryFolder()
        let lib = try temp.folder("lib")
        let colors = #"{ "colors" : [ { "color" : { "color-space" : "srgb", "components" : COMPONENTS }, "idiom" : "universal" } ] }"#
        func colorSet(_ catalog: String, _ name: String, red: String) throws {
            let json = colors.replacingOccurrences(of: "COMPONENTS", with: catalogComponents(red, "0.000", "0.000"))
            try temp.write(Array(json.utf8), to: "lib/widgethost_Weather.resources/\(catalog)/\(name).colorset/Contents.json")
        }
        try colorSet("Assets.xcassets", "Tint", red: "1.000")
        try colorSet("AppShared.xcassets", "Tint", red: "0.500")
        try colorSet("AppShared.xcassets", "Brand", red: "0.250")
        let library = lib.appendingPathComponent("libWeather.so")
        #expect(BundleAssets.assetCatalogs(besideBundle: library).map(\.lastPathComponent) == ["Assets.xcassets", "AppShared.xcassets"])
        let assets = BundleAssets(besideBundle: library)
        #expect(assets.color(named: "Brand", .light) == RGBA(red: 0.25, green: 0, blue: 0), "found in the app's shared catalog")
        #expect(assets.color(named: "Tint", .light) == RGBA(red: 1, green: 0, blue: 0), "the extension's own catalog first")
        #expect(assets.colorProblem("Nowhere", .light) != nil)
    }

    @Test("a catalog colour makes the tree version 3 and round-trips; a tree without one stays version 1")
    func wireVersion() throws {
        let tree = ViewTree(root: ViewNode(.text(.verbatim("Hi")), modifiers: [.foregroundStyle(.color(.catalog("Brand", opacity: 0.5)))]))
        #expect(tree.lowestVersion == 3)
        #expect(tree.features == [.catalogColor])
        let json = tree.jsonValue
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members["version"] == .integer(3))
        #expect(try ViewTree(json: json) == tree)
        #expect(ViewTree(root: ViewNode(.fill(.color(.named(.red, opacity: 1))))).lowestVersion == 1)
        #expect(tree.catalogColorNames == ["Brand"])
    }
}
