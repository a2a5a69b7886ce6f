// swift-tools-version: 6.1
// A widget extension of iOS 14–16 as Xcode's template writes it: an IntentConfiguration over a
// SiriKit intent defined in a .intentdefinition (with a string, an enum and a custom type), an
// IntentTimelineProvider, `import Intents`. The SDK's IntentDefinitions plugin generates the
// intent classes, as Xcode does. Built on demand by the tests (TestSupport's FixturePackage).
import PackageDescription

let package = Package(
    name: "SiriKitWidget",
    products: [
        .library(name: "SiriKitWidget", type: .dynamic, targets: ["SiriKitWidget"]),
    ],
    dependencies: [
        .package(path: "../../../sdk"),
    ],
    targets: [
        .target(
            name: "SiriKitWidget",
            dependencies: [
                .product(name: "WidgetKit", package: "sdk"),
                .product(name: "SwiftUI", package: "sdk"),
                .product(name: "Intents", package: "sdk"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ],
            plugins: [.plugin(name: "IntentDefinitions", package: "sdk")]
        ),
    ]
)
