#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import WidgetHostCore

/// The worker's threads that take turns reading the host's frames (leader/followers): the one
/// reading (the leader) that reads a call hands the reading to an idle thread, then runs the
/// call's provider itself.
///
/// Why: a call read on one thread and run on another waits for that other thread to wake, on
/// the round trip's critical path. Handing the reading over instead overlaps that wake-up with
/// the provider. The reading is handed over before the provider runs, so a provider that blocks
/// forever never stops the worker from reading.
///
/// Threads of our own, not dispatch's: its pool grows only slowly past threads that hung
/// providers hold, and neither the reading nor the next call may wait behind them. They start
/// when needed: when no thread is idle, the leader starts one to take over (up to
/// `maximumThreads`, past which calls run on `ProviderThreads` and the leader reads on). One
/// after another, calls need two threads, the main one and one more; after a burst, threads
/// beyond `idleThreadsKept` end. (A host may run a worker for each of a thousand bundles.)
final class WorkerCallThreads: Sendable {
    /// Turns a frame into the provider run it asks for; nil when it was handled on the spot.
    typealias Receive = @Sendable (Frame) -> ProviderDriver.PreparedCall?

    /// Threads kept waiting to lead once a burst of calls is over.
    static let idleThreadsKept = 2
    /// Threads besides the main one. Each reserves a stack (counted by the memory limit); a
    /// worker whose providers hang is recycled by the host after the first timeout anyway.
    static let maximumThreads = 32

    /// What the leader owns: the bytes read past the last whole frame.
    private struct Reading: Sendable {
        var decoder = FrameCodec.Decoder()
    }

    private struct State {
        /// Threads besides the main one, running or idle.
        var threads = 0
        /// Threads waiting to lead.
        var idle = 0
        /// The reading, between a leader handing it to an idle thread and that thread taking it.
        var handedOver: Reading?
    }

    private let channel: WorkerChannel
    private let receive: Receive
    private let state = Mutex(State())
    /// Signalled once per hand-over to an idle thread, to wake one.
    private let leaderWanted = DispatchSemaphore(value: 0)

    init(channel: WorkerChannel, receive: @escaping Receive) {
        self.channel = channel
        self.receive = receive
    }

    /// Leads on the calling (main) thread, which then takes turns with the others. Never
    /// returns: the worker exits when the conversation ends.
    func serve() -> Never {
        takeTurns(startingWith: Reading(), mayEnd: false)
        preconditionFailure("the main thread stopped taking turns at reading the channel")
    }

    /// Leads with `first`, then waits to be handed the reading and leads again; returns only if
    /// `mayEnd`, when enough other threads are idle.
    private func takeTurns(startingWith first: Reading, mayEnd: Bool) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var reading = first
        while true {
            // Returns once it has handed the reading over and run a call.
            lead(&reading, chunk: &chunk)
            let ends = state.withLock { state -> Bool in
                if mayEnd && state.idle >= Self.idleThreadsKept {
                    state.threads -= 1
                    return true
                }
                state.idle += 1
                return false
            }
            if ends { return }
            leaderWanted.wait()
            // One signal per hand-over, and the next hand-over only by the thread that takes this one.
            guard let handedOver = state.withLock({ $0.handedOver.take() }) else {
                preconditionFailure("woken to read the channel, but it was not handed over")
            }
            reading = handedOver
        }
    }

    /// Reads frames until one asks for a provider run, then hands the reading over and runs it.
    private func lead(_ reading: inout Reading, chunk: inout [UInt8]) {
        while true {
            do {
                while let frame = try reading.decoder.next() {
                    guard let call = receive(frame) else { continue }
                    if handOver(reading) {
                        call.run()
                        return
                    }
                    // No thread to take over: the call runs on a provider thread, and this one reads on.
                    ProviderThreads.shared.run { call.run() }
                }
            } catch {
                WorkerServer.channelEnded(.protocolError(error))
            }
            // Waits in poll, not read: a thread blocked in read(2) on a Unix socket is also woken
            // whenever the host takes a frame off it (room to write), once a call, for nothing.
            var readable = pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&readable, 1, -1) < 0 {
                if errno == EINTR { continue }
                WorkerServer.channelEnded(.readFailed(errno: errno))
            }
            let count = chunk.withUnsafeMutableBytes { read(channel.descriptor, $0.baseAddress, $0.count) }
            if count == 0 { WorkerServer.channelEnded(.closed) }
            if count < 0 {
                if errno == EINTR { continue }
                WorkerServer.channelEnded(errno == ECONNRESET ? .closed : .readFailed(errno: errno))
            }
            reading.decoder.append(chunk[0..<count])
        }
    }

    /// Gives the reading to an idle thread, or to a new one; false if there is neither.
    private func handOver(_ reading: Reading) -> Bool {
        let toIdle = state.withLock { state -> Bool in
            guard state.idle > 0 else { return false }
            state.idle -= 1
            state.handedOver = reading
            return true
        }
        if toIdle {
            leaderWanted.signal()
            return true
        }
        guard reserveThread() else { return false }
        if startThread(leading: reading) { return true }
        state.withLock { $0.threads -= 1 }
        return false
    }

    /// Counts one more thread, unless there are as many as allowed.
    private func reserveThread() -> Bool {
        state.withLock { state in
            guard state.threads < Self.maximumThreads else { return false }
            state.threads += 1
            return true
        }
    }

    private func startThread(leading reading: Reading) -> Bool {
        WorkerThread.start(name: "widgethost.call") { [self] in
            takeTurns(startingWith: reading, mayEnd: true)
        }
    }
}

/// A detached thread of our own, with the system's default stack size (as dispatch's threads
/// have: providers may need it).
enum WorkerThread {
    /// Starts `body` on a new thread named `name` (at most 15 bytes); false if the system
    /// refused one.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { box in
            let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
            Thread.current.name = body.name
            body.run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Body: Sendable {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
