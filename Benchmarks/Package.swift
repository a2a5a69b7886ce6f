// swift-tools-version: 6.1
// The widgethost benchmarks: a package of their own, so the normal build and CI never fetch or
// build ordo-one/benchmark. Run them with Benchmarks/run.sh (see README.md here).
import PackageDescription

let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "widgethost-benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        // The benchmark's own Swift bundle (a 10-entry provider), built like a sample: `.so`
        // exporting wk_bundle_entry and nothing else.
        .library(name: "TenEntryWidget", type: .dynamic, targets: ["TenEntryWidget"]),
        // The same provider completing from the main queue (ProfileTimeline's main-queue hop).
        .library(name: "TenEntryMainQueueWidget", type: .dynamic, targets: ["TenEntryMainQueueWidget"]),
    ],
    dependencies: [
        .package(name: "widgethost", path: ".."),
        .package(path: "../sdk"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The provider alone, so the benchmark can call its Swift code directly.
        .target(
            name: "TenEntryProvider",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: strictSwift
        ),
        // The bundle: the provider plus its wk_bundle_entry.
        .target(
            name: "TenEntryWidget",
            dependencies: ["TenEntryProvider", .product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: strictSwift,
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../sdk/bundle.exports"]),
            ]
        ),
        .target(
            name: "TenEntryMainQueueWidget",
            dependencies: ["TenEntryProvider", .product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: strictSwift,
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../sdk/bundle.exports"]),
            ]
        ),
        // A sample's entry view, evaluated by the SDK, for the view benchmarks.
        .target(
            name: "BenchmarkViews",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: strictSwift
        ),
        // N timeline calls in a plain executable, for valgrind --tool=callgrind.
        .executableTarget(
            name: "ProfileTimeline",
            dependencies: [
                .product(name: "WidgetHostCore", package: "widgethost"),
                .product(name: "WidgetStoreModel", package: "widgethost"),
                .product(name: "WidgetIsolation", package: "widgethost"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "WidgetHostBenchmarks",
            dependencies: [
                "TenEntryProvider", "BenchmarkViews",
                .product(name: "WidgetHostCore", package: "widgethost"),
                .product(name: "WidgetStoreModel", package: "widgethost"),
                .product(name: "WidgetStore", package: "widgethost"),
                .product(name: "WidgetRender", package: "widgethost"),
                .product(name: "WidgetIsolation", package: "widgethost"),
                .product(name: "WidgetDaemon", package: "widgethost"),
                .product(name: "WidgetServer", package: "widgethost"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WidgetHostBenchmarks",
            swiftSettings: strictSwift,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
