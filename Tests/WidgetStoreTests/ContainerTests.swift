import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// Each App Group has a container folder beside the store, for files a widget shows.
@Suite("Group containers")
struct ContainerTests {
    @Test("containerURL() creates <data>/groups/<group>/, private to the user")
    func createsFolder() throws {
        let location = TestStore.temporaryLocation()
        let url = try SharedDefaults(suiteName: "group.bacon.data", location: location).containerURL()
        let expected = location.directory.appendingPathComponent("groups/group.bacon.data", isDirectory: true)
        #expect(url.standardizedFileURL.path == expected.standardizedFileURL.path)

        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test("A file written in the container is there for another opening of the same store")
    func fileVisibleToSecondOpening() throws {
        let location = TestStore.temporaryLocation()
        let url = try SharedDefaults(suiteName: "group.bacon.data", location: location).containerURL()
        let file = url.appendingPathComponent("snapshot.png")
        try Data("picture".utf8).write(to: file)

        let other = try SharedStore.open(StoreLocation(directory: location.directory, origin: .environment))
        let seen = try other.containerURL(for: AppGroupID(validating: "group.bacon.data"))
        #expect(seen.standardizedFileURL.path == url.standardizedFileURL.path)
        #expect(try Data(contentsOf: seen.appendingPathComponent("snapshot.png")) == Data("picture".utf8))
    }

    @Test("Asking again returns the same folder and keeps its files")
    func idempotent() throws {
        let defaults = SharedDefaults(suiteName: "group.jp.netflowers.FishGo", location: TestStore.temporaryLocation())
        let first = try defaults.containerURL()
        try Data("kept".utf8).write(to: first.appendingPathComponent("file"))
        let second = try defaults.containerURL()
        #expect(first == second)
        #expect(try Data(contentsOf: second.appendingPathComponent("file")) == Data("kept".utf8))
    }

    @Test("Each group has its own container")
    func separateGroups() throws {
        let location = TestStore.temporaryLocation()
        let bacon = try SharedDefaults(suiteName: "group.bacon.data", location: location).containerURL()
        let fish = try SharedDefaults(suiteName: "group.jp.netflowers.FishGo", location: location).containerURL()
        #expect(bacon != fish)
        #expect(bacon.deletingLastPathComponent().standardizedFileURL == fish.deletingLastPathComponent().standardizedFileURL)
    }
}
