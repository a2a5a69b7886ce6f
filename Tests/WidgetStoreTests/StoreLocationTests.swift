import Foundation
import Testing
import WidgetStore
import WidgetStoreModel

/// Where the store is: the option, then $WIDGETHOST_DATA_DIR, then $XDG_DATA_HOME/widgethost,
/// then ~/.local/share/widgethost.
@Suite("Store location")
struct StoreLocationTests {
    private static let everything = [
        "WIDGETHOST_DATA_DIR": "/env/data",
        "XDG_DATA_HOME": "/xdg",
        "HOME": "/home/ann",
    ]

    @Test("The option beats every environment variable")
    func optionFirst() {
        let location = StoreLocation.resolve(override: "/option/data", environment: Self.everything)
        #expect(location.directory.path == "/option/data")
        #expect(location.origin == .option)
    }

    @Test("Without the option, $WIDGETHOST_DATA_DIR beats XDG_DATA_HOME")
    func environmentSecond() {
        let location = StoreLocation.resolve(override: nil, environment: Self.everything)
        #expect(location.directory.path == "/env/data")
        #expect(location.origin == .environment)
    }

    @Test("An empty option or variable counts as absent")
    func emptyIsAbsent() {
        var environment = Self.everything
        environment["WIDGETHOST_DATA_DIR"] = ""
        let location = StoreLocation.resolve(override: "", environment: environment)
        #expect(location.directory.path == "/xdg/widgethost")
        #expect(location.origin == .xdgDataHome)
    }

    @Test("Then $XDG_DATA_HOME/widgethost beats HOME")
    func xdgThird() {
        let location = StoreLocation.resolve(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"])
        #expect(location.directory.path == "/xdg/widgethost")
        #expect(location.origin == .xdgDataHome)
    }

    @Test("A relative XDG_DATA_HOME is ignored, as the XDG spec requires", arguments: ["xdg", "./xdg", "~/xdg"])
    func relativeXDGIgnored(_ dataHome: String) {
        let location = StoreLocation.resolve(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/home/ann"])
        #expect(location.directory.path == "/home/ann/.local/share/widgethost")
        #expect(location.origin == .home)
    }

    @Test("Last, HOME/.local/share/widgethost")
    func homeLast() {
        let location = StoreLocation.resolve(environment: ["HOME": "/home/ann"])
        #expect(location.directory.path == "/home/ann/.local/share/widgethost")
        #expect(location.origin == .home)
    }

    @Test("The database, groups and socket sit inside the folder")
    func layout() throws {
        let location = StoreLocation.resolve(override: "/data")
        #expect(location.databaseURL.path == "/data/store.sqlite")
        #expect(location.groupsDirectory.path == "/data/groups")
        #expect(location.wakeupSocketURL.path == "/data/host.sock")
        #expect(location.containerURL(for: try AppGroupID(validating: "group.bacon.data")).path == "/data/groups/group.bacon.data")
    }
}
