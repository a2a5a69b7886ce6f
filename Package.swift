// swift-tools-version: 6.1
import PackageDescription

let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A bundle exports `wk_bundle_entry` and nothing else (sdk/bundle.exports).
let bundleLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/sdk/bundle.exports"]),
]

func sampleBundle(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: ["WidgetSDK"],
        path: "samples/\(name)",
        swiftSettings: strictSwift,
        linkerSettings: bundleLinkerSettings
    )
}

let package = Package(
    name: "widgethost",
    products: [
        // What bundle authors build against: the C ABI and the WidgetKit-shaped Swift SDK.
        .library(name: "WidgetSDK", targets: ["WidgetSDK"]),
        // The host, for programs that embed it.
        .library(name: "WidgetHost", targets: ["WidgetHost"]),
        .executable(name: "widgethost", targets: ["widgethost"]),
        // The sample bundles, each its own .so, built like a third-party bundle.
        .library(name: "CounterWidget", type: .dynamic, targets: ["CounterWidget"]),
        .library(name: "MoviePlannerWidget", type: .dynamic, targets: ["MoviePlannerWidget"]),
        .library(name: "PillarWidget", type: .dynamic, targets: ["PillarWidget"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/TextTable", from: "0.0.2"),
    ],
    targets: [
        // MARK: SDK (what a bundle links statically)
        .target(name: "WidgetABI", path: "sdk/WidgetABI"),
        .target(name: "WidgetPayload", path: "sdk/WidgetPayload", swiftSettings: strictSwift),
        .target(
            name: "WidgetSDK",
            dependencies: ["WidgetABI", "WidgetPayload"],
            path: "sdk/WidgetSDK",
            swiftSettings: strictSwift
        ),

        // MARK: Host
        .systemLibrary(
            name: "CFFI",
            path: "Sources/CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),
        .target(
            name: "WidgetHost",
            dependencies: [
                "WidgetABI", "WidgetPayload", "CFFI",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "widgethost",
            dependencies: [
                "WidgetHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TextTable", package: "TextTable"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: Sample bundles
        sampleBundle("CounterWidget"),
        sampleBundle("MoviePlannerWidget"),
        sampleBundle("PillarWidget"),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["WidgetHost"], path: "Tests/TestSupport", swiftSettings: strictSwift),
        .testTarget(name: "WidgetSDKTests", dependencies: ["WidgetSDK"], swiftSettings: strictSwift),
        .testTarget(name: "WidgetHostTests", dependencies: ["WidgetHost", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"], swiftSettings: strictSwift),
    ]
)
