// swift-tools-version: 6.1
// A widget extension that uses Combine as Xcode projects write it (`import Combine` beside
// Foundation and WidgetKit; publishers, `decode`, `receive(on:)`, `URLSession`'s publisher), built
// against the SDK and its Combine package the way docs/porting.md says. Built on demand by the
// tests (TestSupport's FixturePackage).
import PackageDescription

let package = Package(
    name: "CombineWidget",
    products: [
        .library(name: "CombineWidget", type: .dynamic, targets: ["CombineWidget"]),
    ],
    dependencies: [
        .package(path: "../../../sdk"),
        .package(path: "../../../sdk/Combine"),
    ],
    targets: [
        .target(
            name: "CombineWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"),
                .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppGroupFoundation", package: "sdk"),
                .product(name: "Combine", package: "Combine"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .unsafeFlags([
                    // `import Combine` is the SDK's WidgetCombine (docs/porting.md, "Combine").
                    "-module-alias", "Combine=WidgetCombine",
                    // URLSession is FoundationNetworking's on Linux, Foundation's on iOS.
                    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                    "-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation",
                    // SwiftUI brings Combine on iOS: a file with only `import SwiftUI` uses it too.
                    "-Xfrontend", "-import-module", "-Xfrontend", "Combine",
                ]),
            ],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ]
        ),
    ]
)
