import Testing
import WidgetHostCore

@Suite struct BundleSearchPathTests {
    @Test func searchesCommandLineThenEnvironmentThenDefaults() {
        let path = BundleSearchPath.standard(
            commandLine: ["/opt/a", "relative"],
            environment: ["WIDGETHOST_PATH": "/env/one::/env/two", "HOME": "/home/me"],
            workingDirectory: "/work",
            executableDirectory: "/bin/dir")
        #expect(path.locations.map(\.directory) == [
            "/opt/a", "/work/relative", "/env/one", "/env/two", "/work/Bundles", "/bin/dir",
            "/home/me/.local/share/widgethost/bundles",
            // The executable's install prefix: /bin/dir/widgethost → /bin/lib/widgethost/bundles.
            "/bin/lib/widgethost/bundles",
            "/usr/local/lib/widgethost/bundles", "/usr/lib/widgethost/bundles",
        ])
        #expect(path.locations.map(\.origin).prefix(4) == [.commandLine, .commandLine, .environment, .environment])
    }

    @Test func prefersXDGDataHome() {
        let path = BundleSearchPath.standard(
            commandLine: [], environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"],
            workingDirectory: "/work", executableDirectory: nil)
        #expect(path.locations.contains(SearchLocation(directory: "/xdg/widgethost/bundles", origin: .userData)))
    }

    @Test func canLeaveOutTheDefaults() {
        let path = BundleSearchPath.standard(
            commandLine: ["/opt/a"], environment: [:], workingDirectory: "/work",
            executableDirectory: "/bin/dir", includeDefaults: false)
        #expect(path.locations == [SearchLocation(directory: "/opt/a", origin: .commandLine)])
    }

    @Test func searchesAFolderNamedTwiceOnce() {
        let path = BundleSearchPath.standard(
            commandLine: ["/opt/a", "/opt/a/"], environment: ["WIDGETHOST_PATH": "/opt/a"],
            workingDirectory: "/work", executableDirectory: nil, includeDefaults: false)
        #expect(path.locations.count == 1)
    }

    @Test func onlyFoldersTheUserNamedAreReportedOn() {
        #expect(SearchLocation(directory: "/x", origin: .commandLine).isNamedByUser)
        #expect(SearchLocation(directory: "/x", origin: .environment).isNamedByUser)
        #expect(!SearchLocation(directory: "/x", origin: .workingDirectory).isNamedByUser)
        #expect(!SearchLocation(directory: "/x", origin: .executableDirectory).isNamedByUser)
    }
}
