// swift-tools-version: 6.1
// The Swift bundles the tests build at run time (TestSupport's FixturePackage), each a target
// written as its kind of project writes it, against the SDK package by path as docs/porting.md
// says. One package, so that a run builds the SDK once for all of them (six packages built it
// six times: minutes of a fresh clone's test run), and a folder of its own, so that their .so
// files never sit beside the samples where every host would find them.
import PackageDescription

let sdk = "../../../sdk"
/// Only the bundle entry points are exported, as `widgethost new` sets up.
let bundleExports: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/\(sdk)/bundle.exports"]),
]

/// `import Combine` is the SDK's WidgetCombine (docs/porting.md, "Combine"); URLSession is
/// FoundationNetworking's on Linux, Foundation's on iOS; every file sees the App Group APIs.
let extensionFlags = [
    "-module-alias", "Combine=WidgetCombine",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation",
]

let libraries = [
    "AppleWidget", "CombineWidget", "ExtensionProcess", "SiriKitWidget", "SwiftFaultsWidget",
    "MainBundle", "MainWidget", "ExplicitEntry", "NoEntry",
]

let package = Package(
    name: "SwiftBundles",
    products: libraries.map { .library(name: $0, type: .dynamic, targets: [$0]) },
    dependencies: [
        .package(path: sdk),
        .package(path: "\(sdk)/Combine"),
    ],
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
            linkerSettings: bundleExports),
        // A widget extension that uses Combine as Xcode projects write it (`import Combine` beside
        // Foundation and WidgetKit; publishers, `decode`, `receive(on:)`, `URLSession`'s publisher).
        .target(
            name: "CombineWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppGroupFoundation", package: "sdk"), .product(name: "Combine", package: "Combine"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v5),
                // SwiftUI brings Combine on iOS: a file with only `import SwiftUI` uses it too.
                .unsafeFlags(extensionFlags + ["-Xfrontend", "-import-module", "-Xfrontend", "Combine"]),
            ],
            linkerSettings: bundleExports),
        // A widget extension whose code leans on being an extension's process: `Bundle.main` (a
        // Logger's subsystem from its bundle identifier, its Info.plist, a JSON file it ships),
        // providers that complete on the main thread (`DispatchQueue.main`, `@MainActor`, a
        // `Timer` on the main run loop, Combine's `receive(on: DispatchQueue.main)`), a
        // `@MainActor` intent, and a networked provider in the App Sandbox without the network.
        .target(
            name: "ExtensionProcess",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk"),
                .product(name: "AppIntents", package: "sdk"), .product(name: "OSLog", package: "sdk"),
                .product(name: "AppGroupFoundation", package: "sdk"), .product(name: "Combine", package: "Combine"),
            ],
            resources: [.copy("quotes.json"), .copy("ExtensionProcess-Info.plist"), .copy("ExtensionProcess.entitlements")],
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(extensionFlags)],
            linkerSettings: bundleExports),
        // A widget extension of iOS 14–16 as Xcode's template writes it: an IntentConfiguration
        // over a SiriKit intent defined in a .intentdefinition (with a string, an enum and a custom
        // type), an IntentTimelineProvider, `import Intents`. The SDK's IntentDefinitions plugin
        // generates the intent classes, as Xcode does.
        .target(
            name: "SiriKitWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"), .product(name: "SwiftUI", package: "sdk"),
                .product(name: "Intents", package: "sdk"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: bundleExports,
            plugins: [.plugin(name: "IntentDefinitions", package: "sdk")]),
        // A bundle whose providers crash (fatalError, a nil force-unwrapped): the Swift row of the
        // fault matrix.
        .target(
            name: "SwiftFaultsWidget",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: bundleExports),
        // The entry forms (docs/authoring.md): a WidgetBundle marked @main and a single Widget
        // marked @main (Apple's module names only, as an Xcode widget extension imports them), the
        // explicit `wk_bundle_entry` calling `export(...)`, and a bundle with neither.
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
