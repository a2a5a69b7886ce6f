// swift-tools-version: 6.1
// Swift bundles for the entry forms (docs/authoring.md): a WidgetBundle marked @main, a single
// Widget marked @main, the explicit `wk_bundle_entry` calling `export(...)`, and a bundle with
// neither. A package of its own, built by the tests on demand (Tests/TestSupport/
// MainEntryBundles.swift), so that its .so files never sit beside the samples.
import PackageDescription

let bundleExports: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
]

let package = Package(
    name: "MainEntry",
    products: ["MainBundle", "MainWidget", "ExplicitEntry", "NoEntry"].map {
        .library(name: $0, type: .dynamic, targets: [$0])
    },
    dependencies: [
        .package(path: "../../../sdk"),
    ],
    targets: [
        // Apple's module names only, as an Xcode widget extension imports them.
        .target(
            name: "MainBundle",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppIntents", package: "sdk"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: bundleExports),
        .target(
            name: "MainWidget",
            dependencies: [.product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk")],
            swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: bundleExports),
        .target(
            name: "ExplicitEntry",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: bundleExports),
        .target(
            name: "NoEntry",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: bundleExports),
    ]
)
