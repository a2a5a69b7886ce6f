#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore

/// A running host listens on `<data>/host.sock`; a reload request wakes it at once instead of
/// waiting for it to poll.
@Suite("Host wake-up")
struct HostWakeupTests {
    /// Long enough for a loaded machine; only a failing test waits this long.
    private static let deadline: DispatchTimeInterval = .seconds(5)

    /// A location whose folder exists, as it does once a host has opened the store.
    private static func preparedLocation() throws -> StoreLocation {
        let location = TestStore.temporaryLocation()
        try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        return location
    }

    private static func socketExists(_ location: StoreLocation) -> Bool {
        var status = stat()
        return lstat(location.wakeupSocketURL.path, &status) == 0
    }

    @Test("A request to a running host is delivered, and the host's onWake fires")
    func deliveredToListener() throws {
        let location = try Self.preparedLocation()
        let woken = DispatchSemaphore(value: 0)
        let listener = try HostWakeupListener(location: location) { woken.signal() }
        defer { listener.stop() }
        #expect(listener.path == location.wakeupSocketURL.path)

        #expect(try WidgetCenter(location: location).reloadTimelines(ofKind: "PillarWidget") == .deliveredToRunningHost)
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
        // Delivered or not, the request is in the store for the host to read.
        #expect(try SharedStore.open(location).pendingReloadRequests().map(\.scope) == [.kind("PillarWidget")])

        // It keeps listening after the first wake-up.
        #expect(try WidgetCenter(location: location).reloadAllTimelines() == .deliveredToRunningHost)
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
    }

    @Test("notify says whether a host was there")
    func notifyResult() throws {
        let location = try Self.preparedLocation()
        #expect(!HostWakeup.notify(location))
        let listener = try HostWakeupListener(location: location) {}
        #expect(HostWakeup.notify(location))
        listener.stop()
        #expect(!HostWakeup.notify(location))
    }

    @Test("A second listener on the same location is refused, and the first keeps working")
    func secondListenerRefused() throws {
        let location = try Self.preparedLocation()
        let woken = DispatchSemaphore(value: 0)
        let first = try HostWakeupListener(location: location) { woken.signal() }
        defer { first.stop() }
        #expect(throws: HostWakeupError.anotherHostListening(path: location.wakeupSocketURL.path)) {
            try HostWakeupListener(location: location) {}
        }
        // The refusal's probe may have woken the first host; drain that, then check it still hears.
        while woken.wait(timeout: .now() + .milliseconds(200)) == .success {}
        #expect(Self.socketExists(location))
        #expect(HostWakeup.notify(location))
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
    }

    @Test("A stale socket left by a killed host is replaced")
    func staleSocketReplaced() throws {
        let location = try Self.preparedLocation()
        // What a SIGKILLed host leaves: a socket file bound once, with nobody behind it.
        try StaleSocket.create(at: location.wakeupSocketURL.path)
        #expect(Self.socketExists(location))
        #expect(!HostWakeup.notify(location))

        let woken = DispatchSemaphore(value: 0)
        let listener = try HostWakeupListener(location: location) { woken.signal() }
        defer { listener.stop() }
        #expect(try WidgetCenter(location: location).reloadTimelines(ofKind: "CounterWidget") == .deliveredToRunningHost)
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
    }

    @Test("A plain file where the socket belongs is replaced too")
    func plainFileReplaced() throws {
        let location = try Self.preparedLocation()
        #expect(FileManager.default.createFile(atPath: location.wakeupSocketURL.path, contents: Data("junk".utf8)))
        let woken = DispatchSemaphore(value: 0)
        let listener = try HostWakeupListener(location: location) { woken.signal() }
        defer { listener.stop() }
        #expect(HostWakeup.notify(location))
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
    }

    @Test("stop() removes the socket file, and another host can listen right after")
    func stopRemovesSocket() throws {
        let location = try Self.preparedLocation()
        let listener = try HostWakeupListener(location: location) {}
        #expect(Self.socketExists(location))
        listener.stop()
        #expect(!Self.socketExists(location))
        listener.stop()  // A second stop is harmless.

        let woken = DispatchSemaphore(value: 0)
        let next = try HostWakeupListener(location: location) { woken.signal() }
        defer { next.stop() }
        #expect(HostWakeup.notify(location))
        #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
    }

    @Test("Stopping one host never removes the socket of the host that replaced it")
    func stopAfterReplacementKeepsNewSocket() throws {
        let location = try Self.preparedLocation()
        for _ in 0..<20 {
            let old = try HostWakeupListener(location: location) {}
            old.stop()
            let woken = DispatchSemaphore(value: 0)
            let new = try HostWakeupListener(location: location) { woken.signal() }
            // A round trip through the new listener gives the old one's cleanup, which runs on
            // the same global queue, time to have run.
            #expect(HostWakeup.notify(location))
            #expect(woken.wait(timeout: .now() + Self.deadline) == .success)
            #expect(Self.socketExists(location))
            #expect(HostWakeup.notify(location))
            new.stop()
        }
    }

    @Test("A path longer than a Unix socket allows is refused with pathTooLong")
    func pathTooLong() throws {
        let deep = FileManager.default.temporaryDirectory
            .appendingPathComponent(String(repeating: "d", count: 120), isDirectory: true)
        let location = StoreLocation(directory: deep)
        #expect(throws: HostWakeupError.pathTooLong(path: location.wakeupSocketURL.path)) {
            try HostWakeupListener(location: location) {}
        }
        #expect(!HostWakeup.notify(location))
    }
}

/// Makes the socket file a killed host leaves behind.
enum StaleSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func create(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Failure(description: "path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        // Closed without unlinking: the file stays, nobody receives on it.
    }
}
