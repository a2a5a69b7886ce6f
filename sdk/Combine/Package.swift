// swift-tools-version: 6.1
// `import Combine` for widget extensions that use Apple's Combine: OpenCombine under Apple's module
// name, with the Foundation publishers under Apple's names (URLSession.dataTaskPublisher,
// NotificationCenter.publisher, Timer.publish) and Dispatch and RunLoop as schedulers. A package of
// its own, so the SDK keeps no dependency and only an extension that imports Combine pays for it
// (docs/porting.md).
import PackageDescription

let package = Package(
    name: "widgethost-combine",
    products: [
        .library(name: "Combine", targets: ["WidgetCombine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The SDK this package sits in, for SwiftUI's `onReceive(_:perform:)`.
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "WidgetCombine",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
                .product(name: "SwiftUI", package: "sdk"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
