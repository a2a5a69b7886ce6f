// swift-tools-version: 6.1
// The one Swift test bundle that cannot be a target of the root package: it imports `os.log`, and
// the SDK's `os` module in the root package's build would be found by every package there that
// asks `canImport(os)` (swift-argument-parser does, then fails to load it). Built at test time by
// TestSupport's FixturePackage, against the SDK package by path as docs/porting.md says.
import PackageDescription

let sdk = "../../../sdk"

let package = Package(
    name: "AppleNames",
    products: [.library(name: "AppleWidget", type: .dynamic, targets: ["AppleWidget"])],
    dependencies: [.package(path: sdk)],
    targets: [
        // A widget extension written as Xcode lays one out: only Apple's module names are
        // imported (WidgetKit, SwiftUI, OSLog, UIKit, os.log), Foundation comes with them or
        // beside them, and App Groups are reached with Foundation's own APIs, also from a file
        // that imports only Foundation.
        .target(
            name: "AppleWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk"),
                .product(name: "OSLog", package: "sdk"), .product(name: "UIKit", package: "sdk"),
                .product(name: "os", package: "sdk"), .product(name: "AppGroupFoundation", package: "sdk"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation"]),
            ],
            // Only the bundle entry points are exported, as `widgethost new` sets up.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/\(sdk)/bundle.exports"])]),
    ]
)
