// swift-tools-version: 6.1
// libFuzzer harnesses for widgethost's decoders of untrusted bytes. A package of its own, since
// every module must be compiled with `-sanitize=fuzzer`; build and run with ./run.sh (README.md).
import PackageDescription

let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "widgethost-fuzz",
    dependencies: [
        // The package above, whatever its folder is called.
        .package(name: "widgethost", path: ".."),
        .package(path: "../sdk"),
    ],
    targets: [
        // Declares LLVMFuzzerRunDriver, which the libFuzzer runtime linked by -sanitize=fuzzer defines.
        .target(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        // A provider's payload: ReplyDecoder.timeline(from:) and .entry(from:).
        .executableTarget(
            name: "fuzz-payload",
            dependencies: ["CLibFuzzer", .product(name: "WidgetHostCore", package: "widgethost"), .product(name: "WidgetIsolation", package: "widgethost")],
            swiftSettings: strictSwift
        ),
        // The worker channel: FrameCodec.Decoder, and each frame's header as WorkerMessage and HostMessage.
        .executableTarget(
            name: "fuzz-frames",
            dependencies: ["CLibFuzzer", .product(name: "WidgetHostCore", package: "widgethost"), .product(name: "WidgetIsolation", package: "widgethost")],
            swiftSettings: strictSwift
        ),
        // An asset catalog's Contents.json: CatalogContents.colorSet, .imageSet and .folder.
        .executableTarget(
            name: "fuzz-contents-json",
            dependencies: ["CLibFuzzer", .product(name: "WidgetAssetCatalog", package: "widgethost")],
            swiftSettings: strictSwift
        ),
        // A bundle's entitlements and Info.plist: BundleInfoFiles' parsers and bounded reader.
        .executableTarget(
            name: "fuzz-bundle-plist",
            dependencies: ["CLibFuzzer", .product(name: "WidgetPayload", package: "sdk")],
            swiftSettings: strictSwift
        ),
    ]
)
