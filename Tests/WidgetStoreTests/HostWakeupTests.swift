#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// A running host listens on `<data>/host.sock`; a reload request wakes it at once instead of
/// waiting for it to poll.
@Suite("Host wake-up")
struct HostWakeupTests {
    /// A listener's wake-ups, counted: each test waits for the one it caused.
    private typealias Wakes = EventLog<Void>

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
    func deliveredToListener() async throws {
        let location = try Self.preparedLocation()
        let wakes = Wakes()
        let listener = try HostWakeupListener(location: location) { wakes.append(()) }
        defer { listener.stop() }
        #expect(listener.path == location.wakeupSocketURL.path)

        #expect(try WidgetCenter(location: location).reloadTimelines(ofKind: "PillarWidget") == .deliveredToRunningHost)
        try await wakes.wait(for: "the wake-up for the first request") { $0.count >= 1 }
        // Delivered or not, the request is in the store for the host to read.
        #expect(try SharedStore.open(location).pendingReloadRequests().map(\.scope) == [.kind("PillarWidget")])

        // It keeps listening after the first wake-up (which read every datagram sent before it).
        #expect(try WidgetCenter(location: location).reloadAllTimelines() == .deliveredToRunningHost)
        try await wakes.wait(for: "the wake-up for the second request") { $0.count >= 2 }
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
    func secondListenerRefused() async throws {
        let location = try Self.preparedLocation()
        let wakes = Wakes()
        let first = try HostWakeupListener(location: location) { wakes.append(()) }
        defer { first.stop() }
        #expect(throws: HostWakeupError.anotherHostListening(path: location.wakeupSocketURL.path)) {
            try HostWakeupListener(location: location) {}
        }
        // The refusal's probe was a datagram the first host received: its wake-up reads it.
        try await wakes.wait(for: "the wake-up for the second listener's probe") { $0.count >= 1 }
        #expect(Self.socketExists(location))
        #expect(HostWakeup.notify(location))
        try await wakes.wait(for: "the wake-up after the refusal") { $0.count >= 2 }
    }

    @Test("A stale socket left by a killed host is replaced")
    func staleSocketReplaced() async throws {
        let location = try Self.preparedLocation()
        // What a SIGKILLed host leaves: a socket file bound once, with nobody behind it.
        try StaleSocket.create(at: location.wakeupSocketURL.path)
        #expect(Self.socketExists(location))
        #expect(!HostWakeup.notify(location))

        let wakes = Wakes()
        let listener = try HostWakeupListener(location: location) { wakes.append(()) }
        defer { listener.stop() }
        #expect(try WidgetCenter(location: location).reloadTimelines(ofKind: "CounterWidget") == .deliveredToRunningHost)
        try await wakes.wait(for: "the wake-up through the replaced socket") { !$0.isEmpty }
    }

    @Test("A plain file where the socket belongs is replaced too")
    func plainFileReplaced() async throws {
        let location = try Self.preparedLocation()
        #expect(FileManager.default.createFile(atPath: location.wakeupSocketURL.path, contents: Data("junk".utf8)))
        let wakes = Wakes()
        let listener = try HostWakeupListener(location: location) { wakes.append(()) }
        defer { listener.stop() }
        #expect(HostWakeup.notify(location))
        try await wakes.wait(for: "the wake-up through the replaced file") { !$0.isEmpty }
    }

    @Test("stop() removes the socket file, and another host can listen right after")
    func stopRemovesSocket() async throws {
        let location = try Self.preparedLocation()
        let listener = try HostWakeupListener(location: location) {}
        #expect(Self.socketExists(location))
        listener.stop()
        #expect(!Self.socketExists(location))
        listener.stop()  // A second stop is harmless.

        let wakes = Wakes()
        let next = try HostWakeupListener(location: location) { wakes.append(()) }
        defer { next.stop() }
        #expect(HostWakeup.notify(location))
        try await wakes.wait(for: "the next listener's wake-up") { !$0.isEmpty }
    }

    @Test("Stopping one host never removes the socket of the host that replaced it")
    func stopAfterReplacementKeepsNewSocket() async throws {
        let location = try Self.preparedLocation()
        for round in 0..<20 {
            let old = try HostWakeupListener(location: location) {}
            old.stop()
            let wakes = Wakes()
            let new = try HostWakeupListener(location: location) { wakes.append(()) }
            // A round trip through the new listener gives the old one's cleanup, which runs on
            // the same global queue, its chance to have run.
            #expect(HostWakeup.notify(location))
            try await wakes.wait(for: "round \(round)'s wake-up") { !$0.isEmpty }
            #expect(Self.socketExists(location))
            #expect(HostWakeup.notify(location))
            new.stop()
        }
    }

    @Test("A path longer than a Unix socket allows is refused with pathTooLong")
    func pathTooLong() throws {
        let deep = TestPaths.temporaryRoot
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
