import Foundation
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

extension FixturePackage {
    /// A host of its own over one fixture bundle, its bundles in workers, with a
    /// store of its own: what a test of a real-world extension's build drives. The library is
    /// copied into a folder of its own, since a search path finds every bundle in a folder;
    /// `shipping` copies what it ships beside it too (its resource folder), as `install` does.
    public static func workerHost(_ product: String, shipping: Bool = false) throws -> BundleHost {
        let library = try library(product)
        let bundles = try TestPaths.makeTemporaryDirectory(product.lowercased())
        try FileManager.default.copyItem(at: library, to: bundles.appendingPathComponent(library.lastPathComponent))
        for file in shipping ? BundleAssetFolder.shipped(beside: library) : [] {
            try FileManager.default.copyItem(at: file, to: bundles.appendingPathComponent(file.lastPathComponent))
        }
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: bundles.path, origin: .commandLine)]),
            limits: .hangGuard,
            storeLocation: TestStore.temporaryLocation(),
            isolation: WorkerIsolation()))
    }
}
