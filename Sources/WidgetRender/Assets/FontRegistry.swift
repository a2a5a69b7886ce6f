import CPangoCairo
import Foundation
import Synchronization

/// Fonts a bundle ships, registered with fontconfig once per process so that `Font.custom`
/// finds them by family. Registering the same file again does nothing.
enum FontRegistry {
    private static let registered = Mutex<Set<String>>([])
    private static let counter = Atomic<Int>(0)

    /// Bumped whenever a font is added; Pango font maps made before then are rebuilt
    /// (`PangoTextEngine.refreshIfFontsChanged`).
    static var generation: Int { counter.load(ordering: .acquiring) }

    /// Registers `realPath` (already resolved and checked inside its folder).
    /// Returns false when fontconfig refused the file.
    static func register(realPath: String) -> Bool {
        registered.withLock { paths in
            if paths.contains(realPath) { return true }
            let added = realPath.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: realPath.utf8.count + 1) {
                    FcConfigAppFontAddFile(nil, $0)
                }
            }
            guard added != 0 else { return false }
            paths.insert(realPath)
            counter.add(1, ordering: .releasing)
            return true
        }
    }
}
