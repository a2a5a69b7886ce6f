// swift-tools-version: 6.1
// A widget extension written as Xcode lays one out: only Apple's module names are imported
// (WidgetKit, SwiftUI, OSLog, UIKit), Foundation comes with them, and App Groups are reached with
// Foundation's own APIs. Built on demand by the tests (TestSupport's FixturePackage), against the
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
            ],
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ]
        ),
    ]
)
