import Foundation
import WidgetRender

/// A catalog written as Xcode writes one, in a temporary folder.
struct CatalogFixture {
    let temp: TemporaryFolder
    let catalog: URL

    init() throws {
        temp = try TemporaryFolder()
        catalog = try temp.folder("Bundle.assets/Assets.xcassets")
        try text(#"{ "info" : { "author" : "xcode", "version" : 1 } }"#, "Contents.json")
    }

    @discardableResult
    func text(_ json: String, _ relative: String) throws -> URL {
        try temp.write(Array(json.utf8), to: "Bundle.assets/Assets.xcassets/" + relative)
    }

    /// A colour set with an any-appearance colour and, when given, a dark one.
    func colorSet(_ path: String, any: String, dark: String? = nil, space: String = "srgb") throws {
        var entries = [#"{ "color" : { "color-space" : "\#(space)", "components" : \#(any) }, "idiom" : "universal" }"#]
        if let dark {
            entries.append(#"{ "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "color" : { "color-space" : "\#(space)", "components" : \#(dark) }, "idiom" : "universal" }"#)
        }
        try text(#"{ "colors" : [ \#(entries.joined(separator: ", ")) ], "info" : { "author" : "xcode", "version" : 1 } }"#, path + ".colorset/Contents.json")
    }

    var assets: BundleAssets { BundleAssets(assetFolder: temp.url.appendingPathComponent("Bundle.assets")) }
}

func catalogComponents(_ red: String, _ green: String, _ blue: String, alpha: String = "1.000") -> String {
    #"{ "alpha" : "\#(alpha)", "blue" : "\#(blue)", "green" : "\#(green)", "red" : "\#(red)" }"#
}
