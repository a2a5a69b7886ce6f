import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetPayload

/// `widgethost new NAME`: a new bundle package that builds, validates and draws at once.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new widget bundle package (Swift or C) that builds, validates and draws at once.",
        discussion: """
            Swift: Package.swift and Sources/NAME/NAME.swift (entry, provider, view, widget, bundle \
            and the wk_bundle_entry export), depending on WidgetSDK from a widgethost checkout \
            (--sdk PATH; default: the checkout this CLI was built in) or from a release \
            (--sdk VERSION). C: NAME.c and a Makefile that builds libNAME.so with \
            `pkg-config --cflags --libs widgethost`. Both export wk_bundle_entry and nothing \
            else. The commands to build, show, render and preview it are printed at the end.
            """)

    @Argument(help: ArgumentHelp("The bundle's name: its package, its kind and libNAME.so.", valueName: "name"))
    var name: String

    @Option(help: "swift or c.")
    var language: BundleLanguage = .swift

    @Option(help: ArgumentHelp("The folder to write (default: ./NAME); it must be new or empty.", valueName: "dir"))
    var path: String?

    @Option(name: .customLong("family"), help: ArgumentHelp(
        "A family the widget supports; repeatable (default: systemSmall systemMedium).", valueName: "family"))
    var families: [WidgetFamily] = []

    @Option(help: ArgumentHelp("An App Group the widget reads a value from, e.g. group.com.example.hello.", valueName: "group"))
    var appGroup: String?

    @Option(help: ArgumentHelp(
        "Swift: WidgetSDK from a widgethost checkout (a folder) or a release (a version such as 1.0.0).",
        valueName: "path|version"))
    var sdk: String?

    func validate() throws {
        guard name.range(of: "^[A-Za-z][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            throw ValidationError(ScaffoldError.invalidName(name).description)
        }
        if let appGroup {
            do { _ = try AppGroupID(validating: appGroup) } catch {
                throw ValidationError(ScaffoldError.invalidAppGroup(error).description)
            }
        }
        if language == .c, sdk != nil {
            throw ValidationError("--sdk is for Swift packages; a C bundle finds the SDK with pkg-config")
        }
    }

    func run() throws {
        do {
            let request = ScaffoldRequest(
                name: name, families: families.isEmpty ? [.systemSmall, .systemMedium] : families,
                appGroup: appGroup, sdk: language == .swift ? try WidgetSDKDependency.resolve(sdk) : nil)
            let folder = URL(fileURLWithPath: path ?? name).standardizedFileURL
            let template = language.template
            try Scaffolder(folder: folder).write(template.files(for: request))
            print(NextSteps(request: request, language: language, template: template, folder: folder.path).text)
        } catch {
            StandardError.print("error: \(error)")
            throw ExitCode(2)
        }
    }
}

/// `--language`.
enum BundleLanguage: String, ExpressibleByArgument, CaseIterable {
    case swift, c

    var template: any BundleTemplate {
        switch self {
        case .swift: SwiftBundleTemplate()
        case .c: CBundleTemplate()
        }
    }
}

/// Writes a template's files into a folder that is new or empty, so nothing is overwritten.
struct Scaffolder {
    let folder: URL

    func write(_ files: [ScaffoldedFile]) throws(ScaffoldError) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw .folderNotEmpty(folder.path)
        }
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            } catch {
                throw .cannotWrite(path: url.path, reason: error.localizedDescription)
            }
        }
    }
}
