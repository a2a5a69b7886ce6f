import Foundation
import WidgetKit
import SwiftUI
import OSLog
import UIKit
import os.log

// What the widget read from its App Group with Foundation's APIs, as the entry's content, so a
// test compares it with what the app wrote.

let appGroup = "group.dev.widgethost.apple-names"
let logger = Logger(subsystem: "dev.widgethost.apple-names", category: "provider")

struct GroupEntry: TimelineEntry, Encodable {
    let date: Date
    var integer = 0
    var double = 0.0
    var bool = false
    var string: String?
    var data: String?
    var date_: Double?
    var array: [String]?
    var dictionary: [String: Int]?
    var missingInteger = -1
    var undeclaredIsNil = false
    var containerFolder: String?
    var containerFile: String?
    var stringThroughFoundationFile: String?

    enum CodingKeys: String, CodingKey {
        case date, integer, double, bool, string, data, array, dictionary, missingInteger, undeclaredIsNil, containerFolder, containerFile
        case stringThroughFoundationFile
        case date_ = "storedDate"
    }
}

struct GroupProvider: TimelineProvider {
    func placeholder(in context: Context) -> GroupEntry {
        GroupEntry(date: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (GroupEntry) -> Void) {
        completion(read())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GroupEntry>) -> Void) {
        completion(Timeline(entries: [read()], policy: .never))
    }

    private func read() -> GroupEntry {
        var entry = GroupEntry(date: Date())
        guard let defaults = UserDefaults(suiteName: appGroup) else {
            logger.error("no defaults for \(appGroup, privacy: .public)")
            return entry
        }
        entry.integer = defaults.integer(forKey: "integer")
        entry.double = defaults.double(forKey: "double")
        entry.bool = defaults.bool(forKey: "bool")
        entry.string = defaults.string(forKey: "string")
        entry.data = defaults.data(forKey: "data").map { String(decoding: $0, as: UTF8.self) }
        entry.date_ = (defaults.object(forKey: "date") as? Date)?.timeIntervalSince1970
        entry.array = defaults.stringArray(forKey: "array")
        entry.dictionary = defaults.dictionary(forKey: "dictionary") as? [String: Int]
        defaults.register(defaults: ["missingInteger": 7])
        entry.missingInteger = defaults.integer(forKey: "missingInteger")
        entry.undeclaredIsNil = UserDefaults(suiteName: "group.dev.widgethost.not-declared") == nil

        // The widget writes back: the app reads these.
        defaults.set(entry.integer + 1, forKey: "seenByWidget")
        defaults.set(["a": 1, "b": 2], forKey: "widgetDictionary")
        defaults.removeObject(forKey: "removeMe")

        if let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) {
            entry.containerFolder = container.path
            entry.containerFile = try? String(contentsOf: container.appendingPathComponent("note.txt"), encoding: .utf8)
        }
        entry.stringThroughFoundationFile = UserDefaults.widgetGroup?.string(forKey: "string")
        os_log("os_log: %d entries, %{public}@ and %{private}@", log: OSLog(subsystem: "dev.widgethost.apple-names", category: "legacy"), type: .info, 1, "shown", "hidden")
        logger.info("read \(entry.integer) from \(appGroup, privacy: .public); secret \(entry.string ?? "", privacy: .private)")
        return entry
    }
}

/// A one-pixel red PNG, as an app might hand its widget in defaults.
let redPixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

struct GroupWidgetView: View {
    var entry: GroupEntry

    var body: some View {
        VStack {
            Text("\(entry.integer)")
            Text(entry.string ?? "–")
            // Foundation's formatting, as SwiftUI's Text takes it.
            Text("\(entry.double, specifier: "%.2f") done")
            Text(entry.integer, format: Countdown())
            // A file the app rendered into the group's container: drawn from the container.
            if let folder = entry.containerFolder, let picture = UIImage(contentsOfFile: folder + "/picture.png") {
                Image(uiImage: picture)
            }
            // Bytes: carried in the view.
            if let bytes = Data(base64Encoded: redPixelPNG), let pixel = UIImage(data: bytes) {
                Image(uiImage: pixel)
            }
            // Not an image: nil.
            if UIImage(data: Data("not an image".utf8)) == nil {
                Image(systemName: "xmark")
            }
            // A name of the bundle's catalog, resolved by the host when it draws.
            if let star = UIImage(named: "Star") {
                Image(uiImage: star)
            }
            Rectangle().fill(Color(uiColor: .systemRed))
        }
    }
}

struct GroupWidget: Widget {
    let kind = "AppleGroupWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GroupProvider()) { entry in
            GroupWidgetView(entry: entry)
        }
        .configurationDisplayName("App Group")
        .description("Reads the App Group with UserDefaults.")
        .supportedFamilies([.systemSmall])
    }
}

// Xcode's older preview declaration: compiles, and the widget never runs it.
struct GroupWidget_Previews: PreviewProvider {
    static var previews: some View {
        GroupWidgetView(entry: GroupEntry(date: Date(), integer: 12))
            .previewContext(WidgetPreviewContext(family: .systemSmall))
            .previewDisplayName("Small")
    }
}

/// A format style of the widget's own, as an app might write one.
struct Countdown: FormatStyle {
    func format(_ value: Int) -> String { "T-\(value)" }
}
