#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import WidgetHostCore

/// A worker process started before its host knows which bundle it will serve, waiting for its
/// configuration on the channel (`widgethost-worker --await-configuration`).
///
/// Why: a one-shot command (`widgethost timeline KIND`) starts two processes, itself and one
/// worker, and the worker's start (`exec`, the dynamic linker, the runtime's own start) used to
/// begin only once the command had parsed its arguments and found the kind's bundle. Started
/// first thing, it runs while the command does that (BENCHMARKS.md, "Speed II", third pass).
/// The command hands it to its host's settings (`WorkerSettings.adopt`), whose first worker
/// start sends it its configuration instead of starting a process.
///
/// One never configured exits when its channel closes: when this value is released, or when
/// this process exits.
public final class PrestartedWorker: Sendable {
    let pid: pid_t
    let executable: URL
    /// The host's end of the channel, and the read end of the worker's output; the worker
    /// process that configures it owns them from then on.
    let channel: Int32
    let output: Int32
    private let configured = Mutex(false)

    private init(pid: pid_t, executable: URL, channel: Int32, output: Int32) {
        self.pid = pid
        self.executable = executable
        self.channel = channel
        self.output = output
    }

    deinit {
        guard !configured.withLock({ $0 }) else { return }
        _ = close(channel)
        _ = close(output)
        WorkerLauncher.reap(pid)
    }

    /// Spawns a worker of `executable` that waits for its configuration; nil if the system
    /// refuses, and the host then starts its worker as it would have anyway.
    public static func start(executable: URL = WorkerExecutable.locate()) -> PrestartedWorker? {
        guard let ends = try? WorkerProcess.channelAndOutput() else { return nil }
        defer {
            _ = close(ends.workerChannel)
            _ = close(ends.workerOutput)
        }
        guard let pid = try? WorkerProcess.spawnExecutable(
            executable.path, arguments: [executable.path, WorkerServer.awaitConfigurationArgument],
            descriptors: [(ends.workerOutput, STDOUT_FILENO), (ends.workerOutput, STDERR_FILENO),
                          (ends.workerChannel, WorkerProtocol.channelDescriptor)])
        else {
            _ = close(ends.hostChannel)
            _ = close(ends.hostOutput)
            return nil
        }
        return PrestartedWorker(pid: pid, executable: executable, channel: ends.hostChannel, output: ends.hostOutput)
    }

    /// Sends the worker its configuration (JSON) and hands over its descriptors to the caller:
    /// the started `WorkerProcess`. Nil if it was configured before, or no longer listens.
    func configure(_ configuration: [UInt8]) -> WorkerProcess? {
        guard configured.withLock({ configured in
            defer { configured = true }
            return !configured
        }) else { return nil }
        var message = withUnsafeBytes(of: UInt32(configuration.count).littleEndian) { Array($0) }
        message += configuration
        let process = WorkerProcess(pid: pid, channel: WorkerChannel(descriptor: channel), output: output, wasPrestarted: true)
        do {
            try process.channel.writeAll(message)
            return process
        } catch {
            // Gone or broken: end it here, and the host starts its worker the usual way.
            process.kill()
            process.channel.close()
            _ = close(output)
            WorkerLauncher.reap(pid)
            return nil
        }
    }
}
