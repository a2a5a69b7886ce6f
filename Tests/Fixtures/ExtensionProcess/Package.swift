// swift-tools-version: 6.1
// A widget extension whose code leans on being an extension's process, as Xcode projects
// write it: `Bundle.main` (a Logger's subsystem from its bundle identifier, its Info.plist, a
// JSON file it ships), providers that complete on the main thread (`DispatchQueue.main`,
// `@MainActor`, a `Timer` on the main run loop, Combine's `receive(on: DispatchQueue.main)`), a
// `@MainActor` intent, and a networked provider in the App Sandbox without the network. Built against the SDK the way docs/porting.md
// says, on demand by the tests (TestSupport's FixturePackage).
import PackageDescription

let package = Package(
    name: "ExtensionProcess",
    products: [
        .library(name: "ExtensionProcess", type: .dynamic, targets: ["ExtensionProcess"]),
    ],
    dependencies: [
        .package(path: "../../../sdk"),
        .package(path: "../../../sdk/Combine"),
    ],
    targets: [
        .target(
            name: "ExtensionProcess",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"),
                .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppIntents", package: "sdk"),
                .product(name: "OSLog", package: "sdk"),
                .product(name: "AppGroupFoundation", package: "sdk"),
                .product(name: "Combine", package: "Combine"),
            ],
            resources: [.copy("quotes.json"), .copy("ExtensionProcess-Info.plist"), .copy("ExtensionProcess.entitlements")],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .unsafeFlags([
                    "-module-alias", "Combine=WidgetCombine",
                    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                    "-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation",
                ]),
            ],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ]
        ),
    ]
)
