import Foundation
import Testing

/// docs/layout.md names every folder of the code, so that the page a newcomer reads first does
/// not miss a part of the tree (issue 28: it had missed WidgetHostJSON and half a dozen others).
///
/// The folders: every directory under Sources/ and sdk/, except hidden ones and the inside of a
/// DocC catalog (`*.docc/Resources/`, `*.docc/Tutorials/`: DocC's own layout for a tutorial's
/// pages and code steps; the catalog itself counts).
///
/// Mentioned: the page holds the folder's path from Sources/ or sdk/ followed by a slash, with
/// that root before it (`Sources/WidgetIsolation/Sandbox/`) or nothing path-like before it
/// (`WidgetIsolation/Sandbox/` after a space, a backtick or a parenthesis). So a folder is never
/// taken as mentioned by a longer name that ends like it (`FooWidgetIsolation/Sandbox/`) or by
/// the same path under another root (`Tests/WidgetIsolation/Sandbox/`).
@Suite("Docs: layout.md names every folder")
struct LayoutDocTests {
    static let roots = ["Sources", "sdk"]
    static let layoutPage = "docs/layout.md"

    /// A folder of the code, by its root and its path under it.
    struct Folder: CustomStringConvertible, Hashable {
        let root: String
        /// E.g. `WidgetIsolation/Sandbox`.
        let path: String
        var description: String { "\(root)/\(path)/" }
    }

    /// Every folder the page must name, in order.
    static func codeFolders() throws -> [Folder] {
        var folders: [Folder] = []
        for root in roots {
            let rootURL = DocsTests.packageRoot.appendingPathComponent(root)
            var pending = [""]
            while let relative = pending.popLast() {
                let url = relative.isEmpty ? rootURL : rootURL.appendingPathComponent(relative)
                for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
                    guard !name.hasPrefix(".") else { continue }
                    var isDirectory: ObjCBool = false
                    let child = url.appendingPathComponent(name)
                    guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue
                    else { continue }
                    let path = relative.isEmpty ? name : "\(relative)/\(name)"
                    folders.append(Folder(root: root, path: path))
                    // A DocC catalog counts; what is inside it is DocC's.
                    if !name.hasSuffix(".docc") { pending.append(path) }
                }
            }
        }
        return folders.sorted { $0.description < $1.description }
    }

    /// Whether `text` mentions `folder` by the rule above.
    static func mentions(_ text: String, _ folder: Folder) -> Bool {
        let needle = folder.path + "/"
        var searchStart = text.startIndex
        while let found = text.range(of: needle, range: searchStart..<text.endIndex) {
            let before = text[..<found.lowerBound]
            if before.hasSuffix(folder.root + "/") { return true }
            if let last = before.last {
                if !isPathCharacter(last) { return true }
            } else {
                return true
            }
            searchStart = text.index(after: found.lowerBound)
        }
        return false
    }

    private static func isPathCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-./".contains(character)
    }

    @Test func everyFolderUnderSourcesAndSDKIsNamed() throws {
        let page = try String(contentsOf: DocsTests.packageRoot.appendingPathComponent(Self.layoutPage), encoding: .utf8)
        let folders = try Self.codeFolders()
        // A walk that finds nothing would pass vacuously.
        #expect(folders.contains(Folder(root: "Sources", path: "WidgetHostCore")), "found \(folders)")
        let missing = folders.filter { !Self.mentions(page, $0) }
        #expect(missing.isEmpty, "\(Self.layoutPage) does not name \(missing.map(\.description).joined(separator: ", "))")
    }

    /// The matching rule itself, on text made up for it.
    @Test func aFolderIsNamedByItsPathNotBySomethingEndingLikeIt() {
        let sandbox = Folder(root: "Sources", path: "WidgetIsolation/Sandbox")
        #expect(Self.mentions("Sources/WidgetIsolation/Sandbox/   the sandbox", sandbox))
        #expect(Self.mentions("bundles in workers: `WidgetIsolation/Sandbox/` (Landlock)", sandbox))
        #expect(Self.mentions("(WidgetIsolation/Sandbox/)", sandbox))
        #expect(!Self.mentions("Sources/WidgetIsolation/ bundles in workers: Sandbox/", sandbox))
        #expect(!Self.mentions("Tests/WidgetIsolation/Sandbox/", sandbox))
        #expect(!Self.mentions("Sources/FooWidgetIsolation/Sandbox/", sandbox))
        #expect(!Self.mentions("Sources/WidgetIsolation/Sandbox without its slash", sandbox))
    }
}
