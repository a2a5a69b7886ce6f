import Foundation
import Synchronization

/// The Swift bundles of Tests/Fixtures/SwiftBundles (real extensions' code, the entry forms,
/// crashes). They are targets of the package, compiled by `swift build` with everything else so
/// that the SDK is built once, but not products: a test's first use of one links its objects,
/// and those of every module it depends on, into `lib<name>.so` in a folder of this test run's
/// own, where no host finds it beside the samples. SwiftPM's build plan
/// (`<bin>/description.json`) names the modules each target depends on.
///
/// One, AppleWidget, imports `os.log`: the SDK's `os` module cannot be built in the root
/// package (swift-argument-parser's `canImport(os)` would find it), so it is the product of a
/// package of its own, Tests/Fixtures/AppleNames, built with `swift build` on first use.
public enum FixturePackage {
    /// `lib<product>.so`, e.g. `library("MainBundle")`, with what the target ships (its
    /// resource folder) beside it; linked (or built) on first use.
    public static func library(_ product: String) throws -> URL {
        try linked.withLock { linked in
            if let done = linked[product] { return done }
            let result = Result { product == "AppleWidget" ? try buildAppleNames() : try link(product) }
            linked[product] = result
            return result
        }.get()
    }

    private static func buildAppleNames() throws -> URL {
        let package = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/AppleNames")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        // Without the cached build manifest: SwiftPM's cache misses a file added to the SDK
        // package (a path dependency) since the fixture's last build, and the build then fails.
        let build = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--disable-build-manifest-caching"])
        guard build.status == 0 else { throw FixtureBuildError(output: build.standardError + build.standardOutput) }
        let bin = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--show-bin-path"])
        return URL(fileURLWithPath: bin.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent("libAppleWidget.so")
    }

    private static let linked = Mutex<[String: Result<URL, any Error>]>([:])

    private static func link(_ product: String) throws -> URL {
        let bin = TestPaths.binDirectory
        let objects = try objectFiles(of: product, in: bin)
        let folder = try TestPaths.makeTemporaryDirectory("swift-fixture-\(product)")
        let library = folder.appendingPathComponent("lib\(product).so")
        let list = folder.appendingPathComponent("objects.txt")
        try objects.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        // As SwiftPM links a sample bundle: only `wk_bundle_entry` exported (sdk/bundle.exports).
        let exports = TestPaths.packageRoot.appendingPathComponent("sdk/bundle.exports").path
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-emit-library", "-module-name", product, "-o", library.path, "@\(list.path)",
            "-Xlinker", "--version-script=\(exports)", "-g",
        ])
        guard result.status == 0 else { throw FixtureBuildError(output: result.standardError + result.standardOutput) }
        try FileManager.default.removeItem(at: list)
        // SwiftPM copies a target's resources into `<package>_<target>.resources/` beside the
        // build's products; a bundle ships that folder beside its .so.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: bin.path)) ?? [] where name.hasSuffix("_\(product).resources") {
            try FileManager.default.copyItem(at: bin.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return library
    }

    /// The object files of `product`'s target and of every library module it depends on: a
    /// Swift module's, one per source its last build compiled (its `sources` list, which holds
    /// the plugin-generated ones too; the folder may still hold objects of sources since
    /// removed); a C module's, every object in its folder.
    private static func objectFiles(of product: String, in bin: URL) throws -> [URL] {
        let plan = bin.appendingPathComponent("description.json")
        guard let data = FileManager.default.contents(atPath: plan.path), let decoded = try? JSONDecoder().decode(BuildPlan.self, from: data),
            let modules = decoded.targetDependencyMap[product]
        else {
            throw FixtureBuildError(output: """
                \(plan.path) does not name the fixture target \(product): build the package first \
                (swift build --build-tests), which compiles Tests/Fixtures/SwiftBundles/Sources/\(product)
                """)
        }
        var objects: [URL] = []
        // A build tool's or a macro's own objects (a `main`) are never linked into a library.
        for module in [product] + modules where !decoded.isSwiftTool(module) {
            let folder = bin.appendingPathComponent("\(module).build")
            if let sources = try? String(contentsOf: folder.appendingPathComponent("sources"), encoding: .utf8) {
                objects += sources.split(separator: "\n").map { folder.appendingPathComponent(URL(fileURLWithPath: String($0)).lastPathComponent + ".o") }
            } else if let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                objects += files.filter { $0.pathExtension == "o" }
            }
        }
        return objects
    }

    /// What of SwiftPM's build plan (`<bin>/description.json`) the link needs.
    private struct BuildPlan: Decodable {
        struct SwiftCommand: Decodable {
            let moduleName: String
            let isLibrary: Bool
        }

        let targetDependencyMap: [String: [String]]
        let swiftCommands: [String: SwiftCommand]

        /// A build tool or a macro: built, never linked into a library.
        func isSwiftTool(_ target: String) -> Bool {
            swiftCommands.values.contains { !$0.isLibrary && ($0.moduleName == target || $0.moduleName == target.replacingOccurrences(of: "-", with: "_")) }
        }
    }
}
