// swift-tools-version: 6.1
// A bundle written in Swift against the SDK whose providers crash (fatalError, a nil force-
// unwrapped): the Swift row of the fault matrix. A package of its own, built by the fault-matrix
// test on demand, so that its .so never lands beside the samples where every host would find it.
import PackageDescription

let package = Package(
    name: "SwiftFaults",
    products: [
        .library(name: "SwiftFaultsWidget", type: .dynamic, targets: ["SwiftFaultsWidget"]),
    ],
    dependencies: [
        .package(path: "../../../sdk"),
    ],
    targets: [
        .target(
            name: "SwiftFaultsWidget",
            dependencies: [.product(name: "WidgetSDK", package: "sdk")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/../../../sdk/bundle.exports"]),
            ]
        ),
    ]
)
