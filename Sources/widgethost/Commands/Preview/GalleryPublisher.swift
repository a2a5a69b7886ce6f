import Foundation
import WidgetHostCore
import WidgetServer
import WidgetStore
import WidgetStoreModel

/// Brings a good build to the gallery of the daemon serving this data folder, if one does.
///
/// The daemon redraws a bundle when the file it loaded changes on disk (its inotify watch). So:
/// a kind it loaded from the file being built needs nothing; a kind it loaded from another
/// file (an installed copy) gets the new build renamed over that file; a kind it does not know
/// is named, with how to show it (a daemon learns new kinds when it starts).
struct GalleryPublisher {
    /// The data folder's store, whose catalog says what the daemon serves.
    let store: LazySharedStore

    /// What happened, a line each; empty when no daemon serves.
    func publish(_ result: PreviewResult) -> [String] {
        guard let address = ServerAddressFile.read(in: store.location.directory) else { return [] }
        let served = (try? store.open().catalog().kinds) ?? [:]
        var lines: [String] = []
        var replaced: Set<String> = []
        for (original, copy) in result.copies {
            let kinds = result.widgets.filter { $0.bundlePath == copy.path }.map(\.kind)
            for kind in kinds {
                guard let declaration = served[kind] else {
                    lines.append("gallery \(address): the daemon does not serve \(kind); start it with `widgethost run --bundles \(original.deletingLastPathComponent().path)`, or `widgethost install \(original.path)` and restart it")
                    continue
                }
                let target = URL(fileURLWithPath: declaration.bundlePath)
                if Self.samePlace(target, original) {
                    lines.append("gallery \(address): \(kind) redraws from this build")
                    continue
                }
                do {
                    if replaced.insert(target.path).inserted { _ = try BundleFileCopy.replace(target, with: copy) }
                    lines.append("gallery \(address): \(kind) redraws; this build replaced \(target.path)")
                } catch {
                    lines.append("gallery \(address): cannot replace \(target.path), which the daemon serves \(kind) from: \(error.localizedDescription)")
                }
            }
        }
        return lines
    }

    private static func samePlace(_ first: URL, _ second: URL) -> Bool {
        first.resolvingSymlinksInPath().standardizedFileURL.path == second.resolvingSymlinksInPath().standardizedFileURL.path
    }
}
