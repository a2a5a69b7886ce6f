import WidgetHostCore

/// A Swift bundle package, shaped like Xcode's widget extension template: a provider of five
/// hourly entries, an entry view, the widget and its bundle marked `@main`; beside them the
/// extension's Info.plist, asset catalog and (with an App Group) its entitlements, which SwiftPM
/// copies beside the bundle for the host to read.
struct SwiftBundleTemplate: BundleTemplate {
    let buildCommand = "swift build"
    let bundleFolder = ".build/debug"

    func files(for request: ScaffoldRequest) -> [ScaffoldedFile] {
        [
            ScaffoldedFile(path: "Package.swift", contents: manifest(request)),
            ScaffoldedFile(path: "Sources/\(request.name)/\(request.name).swift", contents: source(request)),
            ScaffoldedFile(path: "Sources/\(request.name)/\(request.name)-Info.plist", contents: infoPlist(request)),
            ScaffoldedFile(path: "Sources/\(request.name)/Assets.xcassets/Contents.json", contents: XcodeAssets.catalogContents),
            ScaffoldedFile(path: "Sources/\(request.name)/Assets.xcassets/AccentColor.colorset/Contents.json", contents: XcodeAssets.emptyColorSet),
            ScaffoldedFile(path: "Sources/\(request.name)/Assets.xcassets/WidgetBackground.colorset/Contents.json", contents: XcodeAssets.emptyColorSet),
            exportsScript,
            ScaffoldedFile(path: ".gitignore", contents: ".build/\nPackage.resolved\n"),
        ] + (request.appGroup.map { [ScaffoldedFile(path: "Sources/\(request.name)/\(request.name).entitlements", contents: entitlements($0))] } ?? [])
    }

    private func manifest(_ request: ScaffoldRequest) -> String {
        let sdk = request.sdk ?? .release(version: HostIdentity.version)
        return """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\(request.name)",
            products: [
                // A widget bundle is a shared object: the host loads lib\(request.name).so.
                .library(name: "\(request.name)", type: .dynamic, targets: ["\(request.name)"]),
            ],
            dependencies: [
                \(sdk.packageLine),
            ],
            targets: [
                .target(
                    name: "\(request.name)",
                    dependencies: [
                        // Apple's module names, each imported as on iOS.
                        .product(name: "WidgetKit", package: "\(sdk.packageIdentity)"),
                        .product(name: "SwiftUI", package: "\(sdk.packageIdentity)"),
                        .product(name: "AppIntents", package: "\(sdk.packageIdentity)"),
                        .product(name: "OSLog", package: "\(sdk.packageIdentity)"),
                    ],
                    // The extension's own files, copied beside lib\(request.name).so where the host reads them.
                    resources: [\(resources(request))],
                    swiftSettings: [.swiftLanguageMode(.v6)],
                    // Export wk_bundle_entry and nothing else.
                    linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\\(Context.packageDirectory)/bundle.exports"])]
                ),
            ]
        )

        """
    }

    private func resources(_ request: ScaffoldRequest) -> String {
        let files = [".copy(\"Assets.xcassets\")", ".copy(\"\(request.name)-Info.plist\")"]
            + (request.appGroup == nil ? [] : [".copy(\"\(request.name).entitlements\")"])
        return files.joined(separator: ", ")
    }

    /// The extension's Info.plist: its version, which the host shows.
    private func infoPlist(_ request: ScaffoldRequest) -> String {
        XcodeAssets.propertyList("""
            <dict>
            \t<key>CFBundleDisplayName</key>
            \t<string>\(request.name)</string>
            \t<key>CFBundleShortVersionString</key>
            \t<string>1.0.0</string>
            \t<key>NSExtension</key>
            \t<dict>
            \t\t<key>NSExtensionPointIdentifier</key>
            \t\t<string>com.apple.widgetkit-extension</string>
            \t</dict>
            </dict>
            """)
    }

    /// The App Groups the extension may use, as Xcode's Signing & Capabilities writes them.
    private func entitlements(_ group: String) -> String {
        XcodeAssets.propertyList("""
            <dict>
            \t<key>com.apple.security.application-groups</key>
            \t<array>
            \t\t<string>\(group)</string>
            \t</array>
            </dict>
            """)
    }

    private func source(_ request: ScaffoldRequest) -> String {
        let name = request.name
        let groupDeclaration = request.appGroup.map { group in
            """

            /// The App Group your app writes `message` to (`widgethost defaults write \(group) message Hi`).
            let appGroup = "\(group)"

            """
        } ?? ""
        let emoji = request.appGroup == nil ? #""😀""# : #"storedMessage() ?? "😀""#
        let storedMessage = request.appGroup == nil ? "" : """


                /// What the app wrote to the App Group, read through the host.
                private func storedMessage() -> String? {
                    UserDefaults(suiteName: appGroup)?.string(forKey: "message")
                }
            """
        return """
            import WidgetKit
            import SwiftUI
            \(groupDeclaration)
            // Encodable: the entry's fields also travel as its content (`widgethost timeline --format json`).
            struct SimpleEntry: TimelineEntry, Encodable {
                let date: Date
                let emoji: String
            }

            struct Provider: TimelineProvider {
                func placeholder(in context: Context) -> SimpleEntry {
                    SimpleEntry(date: context.now, emoji: "😀")
                }

                func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
                    completion(SimpleEntry(date: context.now, emoji: \(emoji)))
                }

                func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
                    // Five entries an hour apart, dated from context.now (not Date()) so that
                    // `--now` replays the same timeline.
                    let entries = (0..<5).map { hourOffset in
                        SimpleEntry(date: context.now.addingTimeInterval(Double(hourOffset) * 3_600), emoji: \(emoji))
                    }
                    completion(Timeline(entries: entries, policy: .atEnd))
                }\(storedMessage)
            }

            struct \(name)EntryView: View {
                var entry: Provider.Entry

                var body: some View {
                    VStack {
                        Text("Time:")
                        Text(entry.date, style: .time)

                        Text("Emoji:")
                        Text(entry.emoji)
                    }
                }
            }

            struct \(name): Widget {
                let kind: String = "\(name)"

                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: kind, provider: Provider()) { entry in
                        \(name)EntryView(entry: entry)
                            .containerBackground(Color.blue.opacity(0.15), for: .widget)
                    }
                    .configurationDisplayName("\(name)")
                    .description("This is an example widget.")
                    .supportedFamilies([\(request.swiftFamilies)])
                }
            }

            @main
            struct \(name)Bundle: WidgetBundle {
                var body: some Widget {
                    \(name)()
                }
            }

            // Xcode's canvas shows these entries; here `widgethost preview` and the gallery do.
            #Preview(as: .\(request.families.first?.rawValue ?? "systemSmall")) {
                \(name)()
            } timeline: {
                SimpleEntry(date: .now, emoji: "😀")
                SimpleEntry(date: .now, emoji: "🤩")
            }

            """
    }
}

/// The files of an Xcode asset catalog and property lists, as Xcode writes them.
enum XcodeAssets {
    static let catalogContents = """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    /// A colour set with no colour yet, as Xcode's template leaves AccentColor and
    /// WidgetBackground: the system's accent, and the widget's default background.
    static let emptyColorSet = """
        {
          "colors" : [
            {
              "idiom" : "universal"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    static func propertyList(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """
    }
}
