import CLibFuzzer
import Foundation
import WidgetPayload

/// Feeds each input to the readers of a bundle's own property lists (`BundleInfoFiles`): as an
/// entitlements file and as an Info.plist, parsed from memory; one input in 64 also goes
/// through the file reader (size limit, folder check) from a file beside a pretend bundle. A
/// typed error is fine; a crash, a hang or an answer that breaks the reader's promises is a finding.
@main
enum FuzzBundlePlist {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 ? Data() : Data(bytes: data!, count: size)
            BundlePlistHarness.run(bytes)
            return 0
        })
    }
}

enum BundlePlistHarness {
    static func run(_ bytes: Data) {
        do {
            let groups = try BundleInfoFiles.parseEntitlements(bytes, path: "fuzz.entitlements")
            precondition(Set(groups).count == groups.count, "returned a group twice")
        } catch {
            precondition(error.kind == .entitlements && !error.description.isEmpty)
        }
        do {
            let (version, fonts) = try BundleInfoFiles.parseInfoPlist(bytes, path: "fuzz-Info.plist")
            if let version { precondition(!version.isEmpty && version.count <= 64, "accepted the version '\(version)'") }
            precondition(Set(fonts).count == fonts.count, "returned a font twice")
        } catch {
            precondition(error.kind == .infoPlist && !error.description.isEmpty)
        }
        if bytes.first.map({ $0 % 64 == 0 }) ?? false { readFromFiles(bytes) }
    }

    /// The same bytes as both files beside `libFuzz.so`, through the bounded reader.
    static func readFromFiles(_ bytes: Data) {
        let library = folder.appendingPathComponent("libFuzz.so")
        try? bytes.write(to: folder.appendingPathComponent("Fuzz.entitlements"))
        try? bytes.write(to: folder.appendingPathComponent("Fuzz-Info.plist"))
        do {
            let files = try BundleInfoFiles.read(besideBundle: library, assetFolder: nil)
            precondition(files.entitlementsPath != nil && files.infoPlistPath != nil)
        } catch {
            precondition(!error.description.isEmpty)
        }
    }

    nonisolated(unsafe) static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-bundle-plist-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
}
