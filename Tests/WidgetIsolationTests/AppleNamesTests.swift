import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetStore

/// A widget written with Apple's module names (Tests/Fixtures/AppleNames/Sources/AppleWidget: `import WidgetKit`,
/// `import SwiftUI`, `import OSLog`, `import os.log`, with `import Foundation` beside them in one
/// file and alone in another) reaches its App Group with Foundation's own APIs, from a worker:
/// `UserDefaults(suiteName:)` reads what the app wrote, type for type, and writes back;
/// `containerURL(forSecurityApplicationGroupIdentifier:)` is the group's container; `Logger` and
/// `os_log` lines reach the host's log tagged with the bundle.
@Suite("Apple's module names in a worker")
struct AppleNamesTests {
    private static let group = "group.dev.widgethost.apple-names"
    private static let bundleName = "AppleWidgetBundle"

    private static func host() throws -> BundleHost {
        try FixturePackage.workerHost("AppleWidget")
    }

    private static let redPixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

    /// Every shape's fill in the tree, in order.
    private static func fills(in node: ViewNode) -> [FillStyle] {
        var found: [FillStyle] = []
        if case .shape(_, let fill?, _) = node.kind { found.append(fill) }
        for child in node.kind.children { found += fills(in: child) }
        return found
    }

    /// Every text's string in the tree, in order.
    private static func texts(in node: ViewNode) -> [String] {
        var found: [String] = []
        if case .text(.verbatim(let text)) = node.kind { found.append(text) }
        for child in node.kind.children { found += texts(in: child) }
        return found
    }

    /// Every image in the tree, in order.
    private static func images(in node: ViewNode) -> [ImageSource] {
        var found: [ImageSource] = []
        if case .image(let source) = node.kind { found.append(source) }
        for child in node.kind.children { found += images(in: child) }
        return found
    }

    @Test("What the app wrote reads back through UserDefaults(suiteName:), type for type, and the widget's writes reach the app")
    func userDefaultsRoundTrip() async throws {
        let host = try await offThePool { try Self.host() }
        defer { host.stopWorkers() }
        let store = host.store
        let group = try AppGroupID(validating: Self.group)
        let stored = Date(timeIntervalSince1970: 1_767_225_600)
        try store.setValue(.int(42), forKey: "integer", in: group)
        try store.setValue(.double(2.5), forKey: "double", in: group)
        try store.setValue(.bool(true), forKey: "bool", in: group)
        try store.setValue(.string("hello"), forKey: "string", in: group)
        try store.setValue(.data(Data("bytes".utf8)), forKey: "data", in: group)
        try store.setValue(.date(stored), forKey: "date", in: group)
        try store.setValue(.json(.array([.string("a"), .string("b")])), forKey: "array", in: group)
        try store.setValue(.json(.object(["x": .integer(1), "y": .integer(2)])), forKey: "dictionary", in: group)
        try store.setValue(.string("going"), forKey: "removeMe", in: group)
        let container = try store.containerURL(for: group)
        try "left by the app".write(to: container.appendingPathComponent("note.txt"), atomically: true, encoding: .utf8)
        let redPixel = try #require(Data(base64Encoded: Self.redPixelPNG))
        try redPixel.write(to: container.appendingPathComponent("picture.png"))

        let widget = try host.widget(kind: "AppleGroupWidget")
        let entry = try #require(try await host.timeline(for: widget, in: CallContext(family: .systemSmall)).entries.first)
        let content = entry.content

        #expect(content["integer"] == .integer(42))
        #expect(content["double"] == .number(2.5))
        #expect(content["bool"] == .bool(true))
        #expect(content["string"] == .string("hello"))
        #expect(content["data"] == .string("bytes"))
        #expect(content["storedDate"] == .integer(1_767_225_600))
        #expect(content["array"] == .array([.string("a"), .string("b")]))
        #expect(content["dictionary"] == .object(["x": .integer(1), "y": .integer(2)]))
        #expect(content["missingInteger"] == .integer(7), "register(defaults:) fills in a missing key")
        #expect(content["undeclaredIsNil"] == .bool(true), "a group the bundle does not declare is nil, as on iOS")
        #expect(content["containerFolder"] == .string(container.path))
        #expect(content["containerFile"] == .string("left by the app"))
        #expect(content["stringThroughFoundationFile"] == .string("hello"), "a file importing only Foundation reads the group too")

        #expect(try store.value(forKey: "seenByWidget", in: group) == .int(43))
        #expect(try store.value(forKey: "widgetDictionary", in: group) == .json(.object(["a": .integer(1), "b": .integer(2)])))
        #expect(try store.value(forKey: "removeMe", in: group) == nil)

        // UIImage: a container file is drawn from the container; bytes travel in the view; bytes
        // that are no image make no UIImage.
        let tree = try #require(entry.view?.tree, "the entry has no view: \(String(describing: entry.view))")
        #expect(Self.images(in: tree.root) == [
            .appGroup(group: Self.group, path: "picture.png"), .data([UInt8](redPixel)), .system("xmark"), .asset("Star"),
        ])
        // UIColor's system colours are SwiftUI's named ones, resolved by the host.
        #expect(Self.fills(in: tree.root).contains(.color(.named(.red, opacity: 1))), "\(Self.fills(in: tree.root))")
        #expect(tree.version == 3, "an inline image needs version 3")
        // Text with Foundation's formatting: a specifier, and a format style.
        #expect(Self.texts(in: tree.root).contains("2.50 done"), "\(Self.texts(in: tree.root))")
        #expect(Self.texts(in: tree.root).contains("T-42"), "\(Self.texts(in: tree.root))")

        let lines = host.bundleLogLines.filter { $0.bundle == Self.bundleName }.map(\.message)
        #expect(lines.contains("[dev.widgethost.apple-names:provider] read 42 from group.dev.widgethost.apple-names; secret <private>"), "\(lines)")
        #expect(lines.contains("[dev.widgethost.apple-names:legacy] os_log: 1 entries, shown and <private>"), "\(lines)")
        #expect(lines.contains { $0.contains("group.dev.widgethost.not-declared") && $0.contains(".entitlements") }, "the undeclared group is said loudly: \(lines)")
    }
}
