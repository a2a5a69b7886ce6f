import CLibFuzzer
import Foundation
import WidgetAssetCatalog

/// Feeds each input to the asset catalog parser as a colour set, an image set and a folder's
/// Contents.json. A typed error is fine; a crash, a hang, or an accepted set that breaks the
/// parser's promises (checked below) is a finding.
@main
enum FuzzContentsJSON {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            ContentsHarness.run(bytes)
            return 0
        })
    }
}

enum ContentsHarness {
    static func run(_ bytes: [UInt8]) {
        if let set = try? CatalogContents.colorSet(bytes, file: "fuzz.colorset/Contents.json") {
            precondition(set.variants.count <= CatalogContents.maxEntries, "accepted too many colours")
            for variant in set.variants { check(variant.color) }
            for luminosity in [VariantCondition.Luminosity.light, .dark] {
                if let color = set.color(for: luminosity) { check(color) }
            }
        }
        if let set = try? CatalogContents.imageSet(bytes, file: "fuzz.imageset/Contents.json") {
            precondition(set.variants.count <= CatalogContents.maxEntries, "accepted too many images")
            for variant in set.variants {
                precondition(!variant.filename.isEmpty && !variant.filename.contains("/") && variant.filename != "..", "accepted filename \(variant.filename)")
            }
            for scale in [1.0, 2.0, 3.0] {
                _ = set.variant(for: .light, scale: scale)
                _ = set.variant(for: .dark, scale: scale)
            }
        }
        _ = try? CatalogContents.folder(bytes, file: "fuzz/Contents.json")
    }

    /// What the parser promises of a colour it accepts: sRGB components in 0…1.
    static func check(_ color: CatalogColor) {
        for component in [color.red, color.green, color.blue, color.alpha] {
            precondition(component.isFinite && (0...1).contains(component), "accepted component \(component)")
        }
    }
}
