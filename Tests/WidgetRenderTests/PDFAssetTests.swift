import CPangoCairo
import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// PDF image sets, as Xcode's "Preserve Vector Data" ships them: the first page, at its size in
/// points, drawn as vectors at the canvas's scale. The PDFs are written by Cairo at test time.
@Suite("PDF image sets: size, crisp drawing, tint, SVG output, bounds")
struct PDFAssetTests {
    /// A 20×10-point red page with a blue stripe half a point wide at x 10…10.5: at 2× the
    /// stripe is exactly one pixel, pure blue only when the page is drawn at 2×, not stretched.
    static func squarePDF(width: Double = 20, height: Double = 10) throws -> [UInt8] {
        let temp = try TemporaryFolder()
        let path = temp.url.appendingPathComponent("page.pdf").path
        let surface = try #require(cairo_pdf_surface_create(path, width, height))
        let cairo = try #require(cairo_create(surface))
        cairo_set_source_rgb(cairo, 1, 0, 0)
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, 0, 0, 1)
        cairo_rectangle(cairo, 10, 0, 0.5, height)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A catalog with the image set `name` holding `bytes` as its one, unscaled, PDF entry. Keep
    /// the fixture while its assets are used: the folder goes with it, and the catalog is walked lazily.
    static func catalog(_ name: String = "Square", bytes: [UInt8]) throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        try fixture.text(#"""
        { "images" : [ { "filename" : "\#(name.lowercased()).pdf", "idiom" : "universal" } ],
          "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "preserves-vector-representation" : true } }
        """#, "\(name).imageset/Contents.json")
        try fixture.temp.write(bytes, to: "Bundle.assets/Assets.xcassets/\(name).imageset/\(name.lowercased()).pdf")
        return fixture
    }

    @Test("a PDF entry's natural size is its page's, in points, at every scale")
    func naturalSize() throws {
        let fixture = try Self.catalog(bytes: Self.squarePDF())
        let assets = fixture.assets
        #expect(assets.naturalSize(of: .asset("Square")) == Size(width: 20, height: 10))
        #expect(assets.problem(with: .asset("Square")) == nil)
        #expect(assets.problems.isEmpty)
    }

    @Test("a PDF draws its page at its size, crisply at 2×: the half-point stripe is one pure pixel")
    func crispAtTwo() throws {
        let fixture = try Self.catalog(bytes: Self.squarePDF())
        let assets = fixture.assets
        // 20×10 points centred in the 170-point small widget: x 75…95, y 80…90; at 2×, 150…190 and 160…180.
        let (image, problems) = try draw(ViewNode(.image(.asset("Square"))), assets: assets, scale: 2)
        #expect(problems.isEmpty)
        #expect(near(image.pixel(x: 160, y: 170), 255, 0, 0), "\(image.pixel(x: 160, y: 170))")
        #expect(near(image.pixel(x: 150, y: 160), 255, 0, 0), "the page's corner pixel is wholly inside it")
        #expect(near(image.pixel(x: 189, y: 179), 255, 0, 0))
        #expect(near(image.pixel(x: 149, y: 170), 255, 255, 255), "drawn at 20 points, not larger")
        #expect(near(image.pixel(x: 190, y: 170), 255, 255, 255))
        #expect(near(image.pixel(x: 170, y: 170), 0, 0, 255), "a 1× page stretched would blend it: \(image.pixel(x: 170, y: 170))")
        #expect(near(image.pixel(x: 169, y: 170), 255, 0, 0) && near(image.pixel(x: 171, y: 170), 255, 0, 0))
        let (one, _) = try draw(ViewNode(.image(.asset("Square"))), assets: assets, scale: 1)
        #expect(near(one.pixel(x: 80, y: 85), 255, 0, 0))
        #expect(near(one.pixel(x: 74, y: 85), 255, 255, 255))
    }

    @Test("a PDF drawn as a template is its page's shape in the foreground colour")
    func template() throws {
        let fixture = try Self.catalog(bytes: Self.squarePDF())
        let assets = fixture.assets
        let icon = ViewNode(.image(.asset("Square")), modifiers: [
            .foregroundStyle(.color(.rgba(red: 0, green: 1, blue: 0, alpha: 1))), .imageRenderingMode(.template),
        ])
        let (image, problems) = try draw(icon, assets: assets, scale: 2)
        #expect(problems.isEmpty)
        #expect(near(image.pixel(x: 160, y: 170), 0, 255, 0), "\(image.pixel(x: 160, y: 170))")
        #expect(near(image.pixel(x: 170, y: 170), 0, 255, 0), "the stripe too: it is opaque")
        #expect(near(image.pixel(x: 149, y: 170), 255, 255, 255))
    }

    @Test("in SVG output a PDF is vectors that read back as the page")
    func svgOutput() throws {
        let fixture = try Self.catalog(bytes: Self.squarePDF())
        let assets = fixture.assets
        let list = DisplayList(size: Size(width: 40, height: 20), commands: [
            .image(.asset("Square"), frame: Rect(x: 0, y: 0, width: 40, height: 20), clip: nil),
        ])
        let svg = try svgData(list, assets: assets)
        #expect(assets.problems.isEmpty)
        #expect(!String(decoding: svg, as: UTF8.self).contains("<image"), "vectors, not an embedded raster")
        let temp = try TemporaryFolder()
        try temp.write(svg, to: "assets/drawing.svg")
        let readBack = BundleAssets(assetFolder: temp.url.appendingPathComponent("assets"))
        let image = try PaintFixture.render([.image(.asset("drawing"), frame: Rect(x: 0, y: 0, width: 40, height: 20), clip: nil)],
                                            size: Size(width: 40, height: 20), assets: readBack)
        #expect(PaintFixture.isRed(image.pixel(x: 5, y: 10)), "\(image.pixel(x: 5, y: 10))")
        #expect(image.pixel(x: 20, y: 10).blue > 250, "the stripe, 1 unit wide at twice the size")
    }

    @Test("a loose PDF file named with its extension draws as a catalog one does")
    func looseFile() throws {
        let temp = try TemporaryFolder()
        try temp.write(Self.squarePDF(), to: "Bundle.assets/icon.pdf")
        let assets = BundleAssets(assetFolder: temp.url.appendingPathComponent("Bundle.assets"))
        #expect(assets.naturalSize(of: .asset("icon.pdf")) == Size(width: 20, height: 10))
        #expect(assets.problems.isEmpty)
    }

    @Test("a malformed PDF is a typed error naming the file, and draws the placeholder")
    func malformed() throws {
        let fixture = try Self.catalog("Doc", bytes: Array("%PDF-1.4\nnot a document".utf8))
        let error = try #require(fixture.assets.problem(with: .asset("Doc")))
        guard case .unreadable(let format, let reason) = error.problem else {
            Issue.record("not unreadable: \(error)")
            return
        }
        #expect(format == "pdf")
        #expect(reason.contains("Assets.xcassets/Doc.imageset/doc.pdf"), "\(reason)")
        #expect(error.description.contains("Assets.xcassets/Doc.imageset/doc.pdf"))
        #expect(fixture.assets.naturalSize(of: .asset("Doc")) == nil, "the placeholder box, as for a broken PNG")
    }

    @Test("a page over the pixel bound is refused before it is drawn; an over-size file before it is read")
    func bounds() throws {
        // 5000×4000 points is 20 megapixels at 1×, over the 16 the host draws.
        let poster = try Self.catalog("Poster", bytes: Self.squarePDF(width: 5000, height: 4000))
        let huge = poster.assets
        #expect(huge.problem(with: .asset("Poster"))?.problem == .tooManyPixels(width: 5000, height: 4000, limit: BundleAssets.maxPixels))
        #expect(huge.naturalSize(of: .asset("Poster")) == nil)
        var large = Array("%PDF-1.4\n".utf8)
        large += [UInt8](repeating: 0x20, count: BundleAssets.maxFileBytes + 1 - large.count)
        let big = try Self.catalog("Big", bytes: large)
        let tooLarge = big.assets
        #expect(tooLarge.problem(with: .asset("Big"))?.problem == .fileTooLarge(bytes: BundleAssets.maxFileBytes + 1, limit: BundleAssets.maxFileBytes))
    }
}
