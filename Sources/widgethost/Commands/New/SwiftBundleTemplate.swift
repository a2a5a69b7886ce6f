import WidgetHostCore

/// A Swift bundle package, shaped like Xcode's widget extension template: a provider of five
/// hourly entries, an entry view, the widget and its bundle, and the one exported symbol.
struct SwiftBundleTemplate: BundleTemplate {
    let buildCommand = "swift build"
    let bundleFolder = ".build/debug"

    func files(for request: ScaffoldRequest) -> [ScaffoldedFile] {
        [
            ScaffoldedFile(path: "Package.swift", contents: manifest(request)),
            ScaffoldedFile(path: "Sources/\(request.name)/\(request.name).swift", contents: source(request)),
            exportsScript,
            ScaffoldedFile(path: ".gitignore", contents: ".build/\nPackage.resolved\n"),
        ]
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
                        .product(name: "WidgetKit", package: "\(sdk.packageIdentity)"),
                        .product(name: "SwiftUI", package: "\(sdk.packageIdentity)"),
                    ],
                    swiftSettings: [.swiftLanguageMode(.v6)],
                    // Export wk_bundle_entry and nothing else.
                    linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\\(Context.packageDirectory)/bundle.exports"])]
                ),
            ]
        )

        """
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
        let groups = request.appGroup == nil ? "" : "appGroups: [appGroup], "
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

            struct \(name)Bundle: WidgetBundle {
                var body: some Widget {
                    \(name)()
                }
            }

            // The bundle's one exported symbol: the host calls it to load the bundle.
            @c public func wk_bundle_entry(_ hostABIVersion: UnsafeRawPointer?) -> UnsafeRawPointer? {
                \(name)Bundle.export(version: "1.0.0", \(groups)usesNetwork: false, hostABIVersion: hostABIVersion)
            }

            """
    }
}
