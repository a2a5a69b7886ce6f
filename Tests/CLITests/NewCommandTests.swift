import Foundation
import Testing
import TestSupport

/// `widgethost new`: a bundle package that builds and passes `validate` at once. The C template
/// is built here with make and pkg-config; the Swift one by scripts/check-authoring.sh in CI
/// (a Swift package build takes minutes).
@Suite("Scaffolding: widgethost new")
struct NewCommandTests {
    private func run(_ executable: String, _ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) async throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        return try await offThePool { [environment] in
            try ProcessRunner.run(URL(fileURLWithPath: executable), arguments, environment: environment, workingDirectory: folder)
        }
    }

    @Test("A C bundle from new builds with make and pkg-config alone, exports only wk_bundle_entry, and passes validate")
    func cBundleBuildsAndValidates() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-new-c")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("sdk").path
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/install.sh").path
        let sdk = try await run("/bin/bash", [script, "--sdk-only", "--prefix", prefix], in: root)
        try #require(sdk.status == 0, "\(sdk.standardError)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/widgethost"), "--sdk-only installed the CLI")

        let package = root.appendingPathComponent("HelloC")
        let new = try await widgethost(
            "new", "HelloC", "--language", "c", "--path", package.path, "--family", "systemSmall",
            "--family", "accessoryRectangular", "--app-group", "group.com.example.helloc")
        try #require(new.status == 0, "\(new.standardError)")
        #expect(new.standardOutput.contains("widgethost preview ."))
        #expect(new.standardOutput.contains("widgethost defaults write group.com.example.helloc count 3 --type int"))

        let make = try await run("/usr/bin/make", ["-C", package.path], in: root, environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
        try #require(make.status == 0, "\(make.standardOutput)\(make.standardError)")
        let library = package.appendingPathComponent("libHelloC.so").path
        let symbols = try await run("/usr/bin/nm", ["-D", "--defined-only", library], in: root)
        let exported = symbols.standardOutput.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count == 3 && fields[1].first?.isUppercase == true
        }.map { String($0.split(separator: " ")[2]) }
        #expect(exported == ["wk_bundle_entry"])

        let validate = try await widgethost("validate", library)
        #expect(validate.status == 0, "\(validate.standardOutput)")
        #expect(validate.standardOutput.contains("declares group.com.example.helloc"))

        // What the app writes to the group, the widget shows, in each family it declared.
        let data = root.appendingPathComponent("data").path
        let environment = ["WIDGETHOST_DATA_DIR": data]
        let write = try await widgethost(["defaults", "write", "group.com.example.helloc", "count", "7", "--type", "int"], environment: environment)
        try #require(write.status == 0, "\(write.standardError)")
        let list = try await widgethost(["list", "--bundles", package.path, "--no-default-bundles", "--format", "json"], environment: environment)
        let kinds = try #require(try json(list) as? [[String: Any]])
        #expect(kinds.first?["families"] as? [String] == ["systemSmall", "accessoryRectangular"])
        let render = try await widgethost(
            ["render", "HelloC", "--bundles", package.path, "--no-default-bundles", "--output", "-"], environment: environment)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(render.standardOutput.contains("Count: 7"), "\(render.standardOutput)")
    }

    @Test("The Swift package depends on the SDK package of this checkout by default, or on a release with --sdk VERSION, and imports Apple's module names")
    func swiftPackageNamesItsSDK() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-new-swift")
        defer { try? FileManager.default.removeItem(at: root) }
        let fromCheckout = root.appendingPathComponent("FromCheckout")
        let new = try await widgethost("new", "HelloWidget", "--path", fromCheckout.path, "--family", "systemLarge", "--app-group", "group.com.example.hello")
        try #require(new.status == 0, "\(new.standardError)")
        let manifest = try String(contentsOf: fromCheckout.appendingPathComponent("Package.swift"), encoding: .utf8)
        let checkout = TestPaths.packageRoot.standardizedFileURL.path
        #expect(manifest.contains(#".package(path: "\#(checkout)/sdk")"#), "\(manifest)")
        #expect(manifest.contains(#".product(name: "WidgetKit", package: "sdk")"#), "\(manifest)")
        #expect(manifest.contains(#".library(name: "HelloWidget", type: .dynamic"#))
        #expect(manifest.contains("--version-script=\\(Context.packageDirectory)/bundle.exports"))
        let exports = try String(contentsOf: fromCheckout.appendingPathComponent("bundle.exports"), encoding: .utf8)
        #expect(exports.contains("global: wk_bundle_entry;") && exports.contains("local: *;"))
        let source = try String(contentsOf: fromCheckout.appendingPathComponent("Sources/HelloWidget/HelloWidget.swift"), encoding: .utf8)
        #expect(source.contains("import WidgetKit\nimport SwiftUI\n"))
        #expect(!source.contains("import WidgetSDK") && !source.contains("import Foundation"))
        #expect(source.contains("struct HelloWidget: Widget"))
        #expect(source.contains(".supportedFamilies([.systemLarge])"))
        #expect(source.contains(#"let appGroup = "group.com.example.hello""#))
        #expect(source.contains(#"UserDefaults(suiteName: appGroup)?.string(forKey: "message")"#))
        #expect(source.contains("@main\nstruct HelloWidgetBundle: WidgetBundle"))
        #expect(!source.contains("wk_bundle_entry"))
        // The extension's own files, as Xcode lays them out, copied beside the bundle by SwiftPM.
        let extensionFolder = fromCheckout.appendingPathComponent("Sources/HelloWidget")
        let entitlements = try String(contentsOf: extensionFolder.appendingPathComponent("HelloWidget.entitlements"), encoding: .utf8)
        #expect(entitlements.contains("<key>com.apple.security.application-groups</key>") && entitlements.contains("<string>group.com.example.hello</string>"))
        let info = try String(contentsOf: extensionFolder.appendingPathComponent("HelloWidget-Info.plist"), encoding: .utf8)
        #expect(info.contains("<key>CFBundleShortVersionString</key>\n\t<string>1.0.0</string>"))
        for colorSet in ["AccentColor", "WidgetBackground"] {
            #expect(FileManager.default.fileExists(atPath: extensionFolder.appendingPathComponent("Assets.xcassets/\(colorSet).colorset/Contents.json").path))
        }
        #expect(manifest.contains(#"resources: [.copy("Assets.xcassets"), .copy("HelloWidget-Info.plist"), .copy("HelloWidget.entitlements")]"#), "\(manifest)")

        let fromRelease = root.appendingPathComponent("FromRelease")
        let release = try await widgethost("new", "HelloWidget", "--path", fromRelease.path, "--sdk", "1.2.0")
        try #require(release.status == 0, "\(release.standardError)")
        let releaseManifest = try String(contentsOf: fromRelease.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(releaseManifest.contains(#".package(url: "https://github.com/widgethost/widgethost-sdk", from: "1.2.0")"#), "\(releaseManifest)")
        #expect(releaseManifest.contains(#".product(name: "WidgetKit", package: "widgethost-sdk")"#), "\(releaseManifest)")
        let plain = try String(contentsOf: fromRelease.appendingPathComponent("Sources/HelloWidget/HelloWidget.swift"), encoding: .utf8)
        #expect(!plain.contains("UserDefaults"))
        #expect(!FileManager.default.fileExists(atPath: fromRelease.appendingPathComponent("Sources/HelloWidget/HelloWidget.entitlements").path), "no group, no entitlements")
        #expect(plain.contains(".supportedFamilies([.systemSmall, .systemMedium])"))
    }

    @Test("Bad names, folders, groups and SDKs are refused naming the option, and nothing is overwritten")
    func refusesBadInput() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-new-refusals")
        defer { try? FileManager.default.removeItem(at: root) }
        let badName = try await widgethost("new", "9Lives", "--path", root.appendingPathComponent("a").path)
        #expect(badName.status == 64)
        #expect(badName.standardError.contains("NAME '9Lives' must start with a letter"))

        let occupied = root.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: occupied.appendingPathComponent("Package.swift"))
        let notEmpty = try await widgethost("new", "Hello", "--path", occupied.path)
        #expect(notEmpty.status == 2)
        #expect(notEmpty.standardError.contains("--path \(occupied.path) is not empty"))
        #expect(try String(contentsOf: occupied.appendingPathComponent("Package.swift"), encoding: .utf8) == "mine")

        let badGroup = try await widgethost("new", "Hello", "--path", root.appendingPathComponent("b").path, "--app-group", "not a group")
        #expect(badGroup.status == 64)
        #expect(badGroup.standardError.contains("--app-group"))

        let badSDK = try await widgethost("new", "Hello", "--path", root.appendingPathComponent("c").path, "--sdk", root.path)
        #expect(badSDK.status == 2)
        #expect(badSDK.standardError.contains("is neither a widgethost checkout"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("c").path))

        let sdkForC = try await widgethost("new", "Hello", "--language", "c", "--path", root.appendingPathComponent("d").path, "--sdk", "1.0.0")
        #expect(sdkForC.status == 64)
        #expect(sdkForC.standardError.contains("--sdk is for Swift packages"))
    }
}
