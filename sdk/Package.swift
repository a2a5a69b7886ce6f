// swift-tools-version: 6.1
// The widgethost SDK: everything a bundle author builds against, and nothing else. No dependency
// beyond the toolchain, so a bundle's first build compiles the SDK and its own code only
// (BENCHMARKS.md, "The SDK as a package of its own"). The host's package (..) uses it by path.
import CompilerPluginSupport
import PackageDescription

let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "widgethost-sdk",
    products: [
        // Apple's module names: widget code imports them exactly as on iOS (docs/porting.md).
        .library(name: "WidgetKit", targets: ["WidgetKit"]),
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // `import SwiftUICore`, Xcode 16's split of SwiftUI: the same.
        .library(name: "SwiftUICore", targets: ["SwiftUICore"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        // `import os`, which older widgets write for `Logger`.
        .library(name: "os", targets: ["os"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "ActivityKit", targets: ["ActivityKit"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        // Not one of Apple's: what a package imports into every file of an extension, so a file
        // with only `import Foundation` gets the App Group APIs too (docs/porting.md).
        .library(name: "AppGroupFoundation", targets: ["AppGroupFoundation"]),
        // Xcode's code generation for a `.intentdefinition` (SiriKit intents), as a build plugin.
        .plugin(name: "IntentDefinitions", targets: ["IntentDefinitions"]),
        // The SDK under its own name: the same API, without Foundation re-exported.
        .library(name: "WidgetSDK", targets: ["WidgetSDK"]),
        // The C ABI (headers only), its field check, and the payload shapes, which the host
        // shares with bundles.
        .library(name: "WidgetABI", targets: ["WidgetABI"]),
        .library(name: "WidgetABIFields", targets: ["WidgetABIFields"]),
        .library(name: "WidgetPayload", targets: ["WidgetPayload"]),
    ],
    targets: [
        .target(name: "WidgetABI", path: "WidgetABI"),
        // The one rule for reading a struct the other side of the ABI wrote (WK_HAS_FIELD in
        // Swift): used by the host, and linked statically into bundles by the SDK.
        .target(name: "WidgetABIFields", dependencies: ["WidgetABI"], path: "WidgetABIFields", swiftSettings: strictSwift),
        // Reads WK_PAYLOAD_VERSION from payload.h: one definition of the payload version.
        .target(name: "WidgetPayload", dependencies: ["WidgetABI"], path: "WidgetPayload", swiftSettings: strictSwift),
        // A bundle's entry when its WidgetBundle or Widget is marked @main: a weak wk_bundle_entry
        // that runs the bundle's main, and the scan for its AppIntent types (C, since Swift can
        // name neither a weak hidden `main` nor a section's bounds). Private to WidgetSDK.
        .target(name: "WidgetMainEntry", dependencies: ["WidgetABI"], path: "WidgetMainEntry"),
        // The compiler plugin behind `#Preview`: speaks the compiler's plugin messages itself,
        // without swift-syntax, which would cost every bundle's first build a minute and more
        // (BENCHMARKS.md, "#Preview").
        .macro(name: "WidgetPreviewMacros", path: "Macros/WidgetPreviewMacros", swiftSettings: strictSwift),
        // `.intentdefinition` to Swift (the intent classes Xcode generates), and the build plugin
        // that runs it on a target's definitions.
        .executableTarget(name: "IntentDefinitionCodegen", path: "IntentDefinitionCodegen", swiftSettings: strictSwift),
        .plugin(name: "IntentDefinitions", capability: .buildTool(), dependencies: ["IntentDefinitionCodegen"], path: "Plugins/IntentDefinitions"),
        .target(
            name: "WidgetSDK",
            dependencies: ["WidgetABI", "WidgetABIFields", "WidgetPayload", "WidgetMainEntry", "WidgetPreviewMacros"],
            path: "WidgetSDK",
            swiftSettings: strictSwift
        ),

        // MARK: Apple's module names, each re-exporting what Apple's does
        // Foundation as a widget sees it: Foundation itself, with UserDefaults(suiteName:) and
        // FileManager's App Group container answered by the host.
        .target(name: "WidgetFoundation", dependencies: ["WidgetSDK", "WidgetPayload"], path: "Apple/WidgetFoundation", swiftSettings: strictSwift),
        // WidgetFoundation re-exported with its UserDefaults preferred over Foundation's, even in
        // a file that imports Foundation too: what the modules below re-export.
        .target(name: "AppGroupFoundation", dependencies: ["WidgetFoundation"], path: "Apple/AppGroupFoundation", swiftSettings: strictSwift),
        .target(name: "CoreText", dependencies: ["WidgetSDK"], path: "Apple/CoreText", swiftSettings: strictSwift),
        .target(name: "UIKit", dependencies: ["AppGroupFoundation", "WidgetSDK", "WidgetPayload", "CoreText", "_Testing_UIKit"], path: "Apple/UIKit", swiftSettings: strictSwift),
        // What Swift Testing loads when a file imports it and UIKit: see Overlay.swift.
        .target(name: "_Testing_UIKit", path: "Apple/_Testing_UIKit", swiftSettings: strictSwift),
        .target(name: "SwiftUI", dependencies: ["AppGroupFoundation", "WidgetSDK", "UIKit"], path: "Apple/SwiftUI", swiftSettings: strictSwift),
        .target(name: "SwiftUICore", dependencies: ["SwiftUI"], path: "Apple/SwiftUICore", swiftSettings: strictSwift),
        .target(name: "AppIntents", dependencies: ["AppGroupFoundation", "WidgetSDK"], path: "Apple/AppIntents", swiftSettings: strictSwift),
        .target(name: "WidgetKit", dependencies: ["SwiftUI", "AppGroupFoundation", "WidgetSDK"], path: "Apple/WidgetKit", swiftSettings: strictSwift),
        .target(name: "Intents", dependencies: ["AppGroupFoundation", "WidgetSDK"], path: "Apple/Intents", swiftSettings: strictSwift),
        .target(name: "ActivityKit", dependencies: ["AppGroupFoundation", "WidgetSDK"], path: "Apple/ActivityKit", swiftSettings: strictSwift),
        .target(name: "OSLog", dependencies: ["WidgetSDK"], path: "Apple/OSLog", swiftSettings: strictSwift),
        // The Clang module `os` with a `log` submodule, which `import os.log` names: a Swift
        // package cannot declare a submodule, a module map can. The Swift module `os` overlays it.
        .systemLibrary(name: "osSubmodules", path: "Apple/os-submodules"),
        .target(name: "os", dependencies: ["OSLog", "osSubmodules", "WidgetSDK"], path: "Apple/os", swiftSettings: strictSwift),
    ]
)
