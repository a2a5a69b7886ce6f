#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension WorkerServer {
    /// The one argument that makes `widgethost-worker` wait for its configuration on the channel
    /// instead of taking it as its argument: a worker started before its host knows which
    /// bundle it will serve (`PrestartedWorker`), whose process start then overlaps the host's.
    static let awaitConfigurationArgument = "--await-configuration"

    /// Reads the configuration the host sends first on the channel: a `u32` length
    /// (little-endian), then that many bytes of JSON. A host that hangs up first did not need
    /// this worker, which then exits as finished.
    static func awaitConfiguration() -> WorkerConfiguration {
        var length: UInt32 = 0
        guard readFully(into: &length, count: MemoryLayout<UInt32>.size) else { WorkerExit.exit(.finished) }
        let count = Int(UInt32(littleEndian: length))
        guard count <= WorkerProtocol.maximumHeaderBytes else {
            WorkerExit.fail(.protocolError, "the host announced a configuration of \(count) bytes, more than \(WorkerProtocol.maximumHeaderBytes)")
        }
        var json = [UInt8](repeating: 0, count: count)
        guard json.withUnsafeMutableBytes({ readFully(into: $0.baseAddress!, count: count) }) else {
            WorkerExit.fail(.protocolError, "the host hung up in the middle of the configuration")
        }
        return decodeConfiguration(Data(json))
    }

    /// Reads exactly `count` bytes from the channel; false at its end.
    private static func readFully(into buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            let read = Glibc.read(WorkerProtocol.channelDescriptor, buffer + done, count - done)
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }
}
