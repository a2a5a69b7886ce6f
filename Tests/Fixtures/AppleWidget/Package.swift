// swift-tools-version: 6.1
// A widget extension written as Xcode lays one out: only Apple's module names are imported
// (WidgetKit, SwiftUI, OSLog, UIKit, os.log), Foundation comes with them or is imported beside
// them, and App Groups are reached with Foundation's own APIs, also from a file that imports only
// Foundation. Built on demand by the tests (TestSupport's FixturePackage), against the
// SDK package alone.
import PackageDescription

let package = Package(
    name: "AppleWidget",
    products: [
        .library(name: "AppleWidget", type: .dynamic, targets: ["AppleWidget"]),
    ],
    dependencies: [
        .package(path: "../../../sdk"),
    ],
    targets: [
        .target(
            name: "AppleWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"),
                .product(name: "SwiftUI", package: "sdk"),
                .product(name: "OSLog", package: "sdk"),
                .product(name: "UIKit", package: "sdk"),
                .product(name: "os", package: "sdk"),
                .product(name: "AppGroupFoundation", package: "sdk"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                // Every file sees the App Group APIs, as on iOS, even one that imports only Foundation
                // (docs/porting.md).
                .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation"]),
            ],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ]
        ),
    ]
)
