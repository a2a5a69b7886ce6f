import Testing
@testable import WidgetPanel

@Suite("The daemon's address file")
struct DaemonAddressTests {
    @Test func tcpUnixAndIPv6Lines() {
        #expect(DaemonAddress(line: "http://127.0.0.1:8787/") == .tcp(host: "127.0.0.1", port: 8787))
        #expect(DaemonAddress(line: "http://[::1]:40000/") == .tcp(host: "::1", port: 40000))
        #expect(DaemonAddress(line: "unix:/run/user/1000/widgethost.sock") == .unix(path: "/run/user/1000/widgethost.sock"))
    }

    @Test func theHostHeaderIsOneTheServerAccepts() {
        #expect(DaemonAddress.tcp(host: "127.0.0.1", port: 8787).hostHeader == "127.0.0.1:8787")
        #expect(DaemonAddress.tcp(host: "::1", port: 9).hostHeader == "[::1]:9")
        #expect(DaemonAddress.unix(path: "/tmp/s").hostHeader == "localhost")
        #expect(DaemonAddress(line: "http://[::1]:40000/")?.description == "http://[::1]:40000/")
    }

    @Test(arguments: ["", "off", "unix:", "http://:80/", "http://127.0.0.1/", "http://127.0.0.1:0/", "https://127.0.0.1:1/", "127.0.0.1:8787"])
    func otherLinesAreNoAddress(_ line: String) {
        #expect(DaemonAddress(line: line) == nil)
    }
}
