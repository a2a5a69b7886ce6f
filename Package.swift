// swift-tools-version: 6.1
import PackageDescription

let strictSwift: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A module of the SDK package (sdk/Package.swift).
func sdk(_ product: String) -> Target.Dependency {
    .product(name: product, package: "sdk")
}

/// A bundle exports `wk_bundle_entry` and nothing else (sdk/bundle.exports).
let bundleLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/sdk/bundle.exports"]),
]

/// A sample bundle, laid out as an Xcode widget extension: its Swift files, `<name>.entitlements`
/// (its App Groups), `<name>-Info.plist` (its version) and `Assets.xcassets`. SwiftPM copies the
/// three into `widgethost_<name>.resources/` beside its .so, where the host reads them
/// (docs/bundle-files.md, docs/assets.md).
func sampleBundle(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
    .target(
        name: name,
        // Apple's module names, as an Xcode widget extension imports them.
        dependencies: [sdk("WidgetKit"), sdk("SwiftUI"), sdk("AppIntents"), sdk("OSLog")] + dependencies,
        path: "samples/\(name)",
        resources: [.copy("Assets.xcassets"), .copy("\(name).entitlements"), .copy("\(name)-Info.plist")],
        swiftSettings: strictSwift,
        linkerSettings: bundleLinkerSettings
    )
}

/// A Swift bundle the tests load (Tests/Fixtures/SwiftBundles/Sources/<name>): real extensions'
/// code, the entry forms, crashes. Compiled with everything else, so the SDK is built once, but
/// no product: TestSupport's `FixturePackage` links its objects into a .so in a test's own folder
/// when a test first needs it, so no host ever finds a fixture beside the samples.
func fixtureBundle(
    _ name: String, _ dependencies: [Target.Dependency], languageMode: SwiftLanguageMode = .v6, flags: [String] = [],
    resources: [Resource]? = nil, plugins: [Target.PluginUsage]? = nil
) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Tests/Fixtures/SwiftBundles/Sources/\(name)", resources: resources,
        swiftSettings: [.swiftLanguageMode(languageMode)] + (flags.isEmpty ? [] : [.unsafeFlags(flags)]), plugins: plugins)
}

/// `import Combine` is the SDK's WidgetCombine (docs/porting.md, "Combine"); URLSession is
/// FoundationNetworking's on Linux, Foundation's on iOS; every file sees the App Group APIs.
let extensionFlags = [
    "-module-alias", "Combine=WidgetCombine",
    "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
    "-Xfrontend", "-import-module", "-Xfrontend", "AppGroupFoundation",
]

let package = Package(
    name: "widgethost",
    products: [
        // The host, in layers; an embedder links the ones it uses (see docs/layout.md).
        // The small core: discovery, loading, calls and the timeline registry (in process).
        .library(name: "WidgetHostCore", targets: ["WidgetHostCore"]),
        // What a host needs from a store (HostStore), the store's values and the data folder:
        // what an embedder implements a store of its own against.
        .library(name: "WidgetStoreModel", targets: ["WidgetStoreModel"]),
        // The shared store (SQLite): what an embedder gives its host to share with apps and the CLI.
        .library(name: "WidgetStore", targets: ["WidgetStore"]),
        // Bundles in worker processes: the worker protocol, its supervisor and scan cache.
        .library(name: "WidgetIsolation", targets: ["WidgetIsolation"]),
        // The daemon: scheduling, the persisted registry, the simulation.
        .library(name: "WidgetDaemon", targets: ["WidgetDaemon"]),
        // `validate`: a bundle's conformance suite.
        .library(name: "WidgetValidation", targets: ["WidgetValidation"]),
        // Views laid out and drawn to PNG, SVG or the terminal.
        .library(name: "WidgetRender", targets: ["WidgetRender"]),
        // Xcode asset catalogs' Contents.json, parsed under bounds (a product for the fuzz harness).
        .library(name: "WidgetAssetCatalog", targets: ["WidgetAssetCatalog"]),
        // What an app links to share data with its widgets and ask for reloads.
        .library(name: "WidgetApp", targets: ["WidgetApp"]),
        // The HTTP API, event stream and gallery that `widgethost run` serves.
        .library(name: "WidgetServer", targets: ["WidgetServer"]),
        // A client of a running daemon's API, for desktop panels: what `widgethost watch` prints.
        .library(name: "WidgetPanel", targets: ["WidgetPanel"]),
        .executable(name: "widgethost", targets: ["widgethost"]),
        // The process a bundle runs in when isolated; the host finds it beside itself.
        .executable(name: "widgethost-worker", targets: ["widgethost-worker"]),
        // The sample bundles, each its own .so, built like a third-party bundle.
        .library(name: "CounterWidget", type: .dynamic, targets: ["CounterWidget"]),
        .library(name: "MoviePlannerWidget", type: .dynamic, targets: ["MoviePlannerWidget"]),
        .library(name: "PillarWidget", type: .dynamic, targets: ["PillarWidget"]),
        .library(name: "FishGoWidget", type: .dynamic, targets: ["FishGoWidget"]),
        // A bundle written in C against the headers alone, drawing its own view.
        .library(name: "ClockWidget", type: .dynamic, targets: ["ClockWidget"]),
    ],
    dependencies: [
        // What bundle authors build against, a package of its own (sdk/Package.swift): the C
        // ABI, the payload, the Swift SDK and Apple's module names over it.
        .package(path: "sdk"),
        // Apple's Combine for extensions that import it; only the test fixtures here do.
        .package(path: "sdk/Combine"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/TextTable", from: "0.0.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // Already in the graph through Hummingbird; WidgetPanel's HTTP client uses it directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // MARK: App Groups: the shared store, and what apps link
        // The store without a database: HostStore, the values it keeps, the data folder.
        .target(name: "WidgetStoreModel", dependencies: [sdk("WidgetPayload")], swiftSettings: strictSwift),
        .target(
            name: "WidgetStore",
            dependencies: ["WidgetStoreModel", sdk("WidgetPayload"), .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),
        .target(name: "WidgetApp", dependencies: ["WidgetStore", sdk("WidgetPayload")], swiftSettings: strictSwift),

        // MARK: Host
        .systemLibrary(
            name: "CFFI",
            path: "Sources/CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),
        .target(
            name: "WidgetHostCore",
            dependencies: [
                sdk("WidgetABI"), sdk("WidgetABIFields"), sdk("WidgetPayload"), "WidgetStoreModel", "CFFI",
                .product(name: "Logging", package: "swift-log"),
                // Priority queues: call deadlines.
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: strictSwift
        ),
        // The three Landlock system calls, for the worker's sandbox (Swift cannot call syscall(2)).
        .target(name: "CLandlock", path: "Sources/CLandlock"),
        .target(name: "CWorkerLaunch", path: "Sources/CWorkerLaunch"),
        // timerfd(2) and epoll(7), which Glibc's module leaves out: the worker's watch on calls
        // running long, and the host's one thread listening to every worker.
        .target(name: "CEventSources", path: "Sources/CEventSources"),
        .target(
            name: "WidgetIsolation", dependencies: ["WidgetHostCore", "CLandlock", "CWorkerLaunch", "CEventSources"],
            swiftSettings: strictSwift),
        .target(
            name: "WidgetDaemon",
            dependencies: [
                "WidgetHostCore",
                // The persisted registry (registry.sqlite beside the shared store).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift
        ),
        // The JSON shapes the CLI prints and the server serves: one definition of each.
        .target(name: "WidgetHostJSON", dependencies: ["WidgetHostCore", "WidgetDaemon", "WidgetHome"], swiftSettings: strictSwift),
        .target(name: "WidgetValidation", dependencies: ["WidgetHostCore", "WidgetIsolation", "WidgetRender", "WidgetStore"], swiftSettings: strictSwift),

        // MARK: Apps' half: WidgetCenter and App Groups on the session bus (only the daemon links it)
        // sd-bus (libsystemd): the object's vtable in C, whose macros Swift cannot expand.
        .target(name: "CSDBus", path: "Sources/CSDBus", linkerSettings: [.linkedLibrary("systemd")]),
        .target(name: "WidgetBus", dependencies: ["CSDBus", "WidgetApp", "WidgetStore", sdk("WidgetPayload")], swiftSettings: strictSwift),

        // MARK: Rendering: layout (SwiftUI's rules) and drawing (Cairo, Pango, librsvg)
        .systemLibrary(
            name: "CPangoCairo",
            path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CRsvg",
            path: "Sources/CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // poppler-glib: draws the first page of a bundle's PDF assets onto a Cairo context.
        .systemLibrary(
            name: "CPoppler",
            path: "Sources/CPoppler",
            pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]
        ),
        // Xcode asset catalogs' Contents.json files (colour sets, image sets, groups): Foundation only.
        .target(name: "WidgetAssetCatalog", swiftSettings: strictSwift),
        // Points, sizes and rectangles: WidgetRender's, and the home screen's frames (no library).
        .target(name: "WidgetGeometry", swiftSettings: strictSwift),
        // The home screen's grid and arrangement, shared by `widgethost desktop`, `home` and the
        // browser's home screen: plain values in and out, neither drawing (Cairo) nor the store (GRDB).
        .target(name: "WidgetHome", dependencies: ["WidgetGeometry", "WidgetStoreModel", sdk("WidgetPayload")], swiftSettings: strictSwift),
        // `widgethost desktop`: the home screen on the desktop. The shared part (the model fed
        // by the daemon and the store, drawing a widget into a buffer), then one target per
        // display system; only the CLI links them.
        .target(
            name: "WidgetDesktop",
            dependencies: [
                "WidgetHome", "WidgetStore", "WidgetRender", "WidgetPanel", "CPangoCairo", sdk("WidgetPayload"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift),
        .systemLibrary(name: "CWaylandClient", path: "Sources/CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .executableTarget(name: "WaylandGlueGenerator", swiftSettings: strictSwift),
        .plugin(name: "WaylandGlue", capability: .buildTool(), dependencies: ["WaylandGlueGenerator"]),
        // The keymap the compositor sends (a layout, or a virtual keyboard's own), read as a client must.
        .systemLibrary(name: "CXKBCommon", path: "Sources/CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .target(
            name: "WidgetDesktopWayland",
            dependencies: ["WidgetDesktop", "CWaylandClient", "CXKBCommon", "WidgetHome", "WidgetRender", sdk("WidgetPayload")],
            exclude: ["Protocols"], swiftSettings: strictSwift, plugins: ["WaylandGlue"]),
        // Where there is no layer-shell (an X11 session): a window of type _NET_WM_WINDOW_TYPE_DESKTOP,
        // drawn with Cairo's XCB surface (cairo-xcb's pkg-config names libxcb too).
        .systemLibrary(name: "CXCB", path: "Sources/CXCB", pkgConfig: "cairo-xcb",
                       providers: [.apt(["libxcb1-dev", "libcairo2-dev"])]),
        .target(
            name: "WidgetDesktopX11", dependencies: ["WidgetDesktop", "CXCB", "WidgetHome", "WidgetRender", sdk("WidgetPayload")],
            swiftSettings: strictSwift),
        .target(name: "WidgetRender", dependencies: [sdk("WidgetPayload"), "WidgetGeometry", "WidgetAssetCatalog", "CPangoCairo", "CRsvg", "CPoppler"],
                // The vendored symbol glyphs' licence (Symbols/Glyphs/: Phosphor Icons, MIT).
                exclude: ["Symbols/Glyphs/LICENSE"], swiftSettings: strictSwift),
        // MARK: Serving: HTTP API, Server-Sent Events and the gallery (never linked by the worker or the core)
        .target(
            name: "WidgetServer",
            dependencies: [
                "WidgetHostCore", "WidgetDaemon", "WidgetRender", "WidgetStore", sdk("WidgetPayload"), "WidgetHostJSON", "WidgetHome",
                "WidgetApp",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        // A client of the daemon's API for panels (`widgethost watch`): no host code, no server.
        .target(
            name: "WidgetPanel",
            dependencies: [
                sdk("WidgetPayload"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "widgethost-worker",
            dependencies: ["WidgetHostCore", "WidgetIsolation"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "widgethost",
            dependencies: [
                "WidgetHostCore", "WidgetIsolation", "WidgetDaemon", "WidgetValidation", "WidgetApp", "WidgetRender", "WidgetServer",
                "WidgetPanel", "WidgetHostJSON", "WidgetHome", "WidgetDesktop", "WidgetDesktopWayland", "WidgetDesktopX11", "WidgetBus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TextTable", package: "TextTable"),
                // Installs NIO's event loops as the global executor for `run` and `desktop`.
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),

        // MARK: Sample bundles
        sampleBundle("CounterWidget"),
        // Its posters are image sets of its catalog, named by `Image(movie.movieImageName)`.
        sampleBundle("MoviePlannerWidget"),
        sampleBundle("PillarWidget"),
        sampleBundle("FishGoWidget", dependencies: ["FishGoData"]),
        .target(
            name: "ClockWidget",
            dependencies: [sdk("WidgetABI")],
            path: "samples/ClockWidget",
            publicHeadersPath: ".",
            linkerSettings: bundleLinkerSettings + [.linkedLibrary("m")]
        ),
        // FishGo's shared Codable type, imported by its widget and by its app (a test here).
        .target(name: "FishGoData", dependencies: [sdk("WidgetPayload")], path: "samples/FishGoData", swiftSettings: strictSwift),

        // MARK: Tests
        // One vocabulary of test helpers: fixtures, processes, and waiting for events (Waiting.swift).
        .target(
            name: "TestSupport",
            dependencies: ["WidgetHostCore", "WidgetIsolation", .product(name: "Logging", package: "swift-log")],
            path: "Tests/TestSupport", swiftSettings: strictSwift),
        // A separate process that writes to the store, for the concurrency and crash tests.
        .executableTarget(
            name: "store-writer",
            dependencies: ["WidgetApp", "WidgetStore", "TestSupport"],
            path: "Tests/StoreWriter",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WidgetStoreTests",
            dependencies: [
                "WidgetStore", "WidgetApp", "WidgetHostCore", "WidgetIsolation", "WidgetDaemon", "WidgetValidation", "TestSupport", "FishGoData",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "WidgetSDKTests", dependencies: [sdk("WidgetSDK"), sdk("SwiftUI"), sdk("WidgetABIFields"), "FishGoData", "TestSupport"], swiftSettings: strictSwift),
        // The C headers themselves: every code sample in their comments compiles.
        .testTarget(name: "WidgetABITests", dependencies: ["TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "WidgetPayloadTests", dependencies: [sdk("WidgetPayload")], swiftSettings: strictSwift),
        .testTarget(
            name: "WidgetHostCoreTests",
            dependencies: ["WidgetHostCore", "WidgetIsolation", "WidgetDaemon", "WidgetRender", "TestSupport", "WidgetApp", "FishGoData"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WidgetIsolationTests",
            dependencies: ["WidgetIsolation", "WidgetHostCore", sdk("WidgetPayload"), "WidgetStore", "TestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WidgetDaemonTests",
            dependencies: [
                "WidgetDaemon", "WidgetHostCore", "WidgetIsolation", "TestSupport", "WidgetApp", "FishGoData",
                // The registry database tests damage the file through a connection of their own.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WidgetValidationTests",
            dependencies: ["WidgetValidation", "WidgetHostCore", "WidgetIsolation", "TestSupport"],
            swiftSettings: strictSwift
        ),
        // The server on a real socket and a raw HTTP client, for the live-socket tests and the
        // stress runs: apart from TestSupport, so that only they link the server.
        .target(
            name: "ServerTestSupport",
            dependencies: ["WidgetServer", "WidgetHostCore", "WidgetDaemon", "TestSupport", .product(name: "NIOPosix", package: "swift-nio")],
            path: "Tests/ServerTestSupport", swiftSettings: strictSwift),
        .testTarget(
            name: "WidgetServerTests",
            dependencies: [
                "WidgetServer", "WidgetHostCore", "WidgetIsolation", "WidgetDaemon", "WidgetRender", "TestSupport", "ServerTestSupport",
                // Routes tested in memory, without sockets.
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        // Stress runs, outside the unit suite: scripts/stress.sh runs them (WIDGETHOST_STRESS=1),
        // one at a time, each with the machine to itself.
        .testTarget(
            name: "StressTests",
            dependencies: ["WidgetDaemon", "WidgetHostCore", "WidgetIsolation", "WidgetServer", "TestSupport", "ServerTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WidgetHomeTests", dependencies: ["WidgetHome", "WidgetStore", "TestSupport", sdk("WidgetPayload")],
            swiftSettings: strictSwift),
        .testTarget(name: "WidgetDesktopTests", dependencies: ["WidgetDesktop", "WidgetDesktopWayland", "CXKBCommon", "WidgetRender", sdk("WidgetPayload")],
                    swiftSettings: strictSwift),
        .testTarget(name: "WidgetPanelTests", dependencies: ["WidgetPanel", sdk("WidgetPayload")], swiftSettings: strictSwift),
        .testTarget(name: "WidgetRenderTests", dependencies: ["WidgetRender", "WidgetAssetCatalog", "CPangoCairo", sdk("WidgetPayload")],
                    exclude: ["LayoutParity/Fixtures"], swiftSettings: strictSwift),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "ServerTestSupport", "WidgetHostCore", "WidgetIsolation", "WidgetDaemon", "WidgetValidation"], swiftSettings: strictSwift),
        // Every widgethost command line in README.md and docs/*.md parses; every relative link resolves;
        // the numbers the docs state (validate's checks, the ABI version) are the code's.
        .testTarget(name: "DocsTests", dependencies: ["widgethost", "WidgetHostCore", "WidgetValidation"], swiftSettings: strictSwift),

        // MARK: The Swift bundles the tests load (fixtureBundle)
        // (The one that imports `os.log` is a package of its own, Tests/Fixtures/AppleNames: the
        // SDK's `os` module here would be found by swift-argument-parser's `canImport(os)`.)
        // Combine as Xcode projects write it (`import Combine` beside Foundation and WidgetKit;
        // publishers, `decode`, `receive(on:)`, `URLSession`'s publisher). SwiftUI brings Combine
        // on iOS: a file with only `import SwiftUI` uses it too.
        fixtureBundle(
            "CombineWidget",
            [sdk("WidgetKit"), sdk("SwiftUI"), sdk("AppGroupFoundation"), .product(name: "Combine", package: "Combine")],
            languageMode: .v5, flags: extensionFlags + ["-Xfrontend", "-import-module", "-Xfrontend", "Combine"]),
        // Code that leans on being an extension's process: `Bundle.main` (a Logger's subsystem
        // from its bundle identifier, its Info.plist, a JSON file it ships), providers that
        // complete on the main thread (`DispatchQueue.main`, `@MainActor`, a `Timer` on the main
        // run loop, Combine's `receive(on: DispatchQueue.main)`), a `@MainActor` intent, and a
        // networked provider in the App Sandbox without the network.
        fixtureBundle(
            "ExtensionProcess",
            [sdk("WidgetKit"), sdk("SwiftUI"), sdk("AppIntents"), sdk("OSLog"), sdk("AppGroupFoundation"),
             .product(name: "Combine", package: "Combine")],
            languageMode: .v5, flags: extensionFlags,
            resources: [.copy("quotes.json"), .copy("ExtensionProcess-Info.plist"), .copy("ExtensionProcess.entitlements")]),
        // iOS 14–16 as Xcode's template writes it: an IntentConfiguration over a SiriKit intent
        // defined in a .intentdefinition (a string, an enum and a custom type), an
        // IntentTimelineProvider, `import Intents`; the SDK's plugin generates the intent classes.
        fixtureBundle(
            "SiriKitWidget", [sdk("WidgetKit"), sdk("SwiftUI"), sdk("Intents")], languageMode: .v5,
            plugins: [.plugin(name: "IntentDefinitions", package: "sdk")]),
        // Providers that crash (fatalError, a nil force-unwrapped): the fault matrix's Swift row.
        fixtureBundle("SwiftFaultsWidget", [sdk("WidgetSDK")]),
        // The entry forms (docs/authoring.md): a WidgetBundle marked @main and a single Widget
        // marked @main (Apple's module names only), the explicit `wk_bundle_entry` calling
        // `export(...)`, and a bundle with neither.
        fixtureBundle("MainBundle", [sdk("WidgetKit"), sdk("SwiftUI"), sdk("AppIntents")]),
        fixtureBundle("MainWidget", [sdk("WidgetKit"), sdk("SwiftUI")]),
        fixtureBundle("ExplicitEntry", [sdk("WidgetSDK")]),
        fixtureBundle("NoEntry", [sdk("WidgetSDK")]),
    ]
)
