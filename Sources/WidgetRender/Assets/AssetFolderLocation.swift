import Foundation
import WidgetPayload

extension BundleAssets {
    /// The asset folder shipped beside a bundle's `.so` (`BundleAssetFolder.beside(_:)`).
    public static func assetFolder(besideBundle library: URL) -> URL? {
        BundleAssetFolder.beside(library)
    }
}
