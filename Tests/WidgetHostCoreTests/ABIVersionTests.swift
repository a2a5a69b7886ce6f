import Testing
import WidgetHostCore

@Suite struct ABIVersionTests {
    private let host = ABIVersion(major: 1, minor: 2, patch: 0)

    @Test func loadsTheSameOrAnOlderMinor() {
        #expect(host.canLoad(ABIVersion(major: 1, minor: 2, patch: 9)))
        #expect(host.canLoad(ABIVersion(major: 1, minor: 0, patch: 0)))
    }

    @Test func refusesANewerMinor() {
        #expect(!host.canLoad(ABIVersion(major: 1, minor: 3, patch: 0)))
    }

    @Test func refusesAnotherMajor() {
        #expect(!host.canLoad(ABIVersion(major: 2, minor: 0, patch: 0)))
        #expect(!host.canLoad(ABIVersion(major: 0, minor: 2, patch: 0)))
    }
}
