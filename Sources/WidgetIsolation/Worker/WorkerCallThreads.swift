#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import WidgetHostCore

/// The worker's threads that take turns reading the host's frames (leader/followers). The one
/// reading (the leader) runs each call it reads itself, on the spot; only a call that runs past
/// `overrunAllowance`, or waits for the host, has the reading handed to another thread.
///
/// Why: a call read on one thread and run on another waits for that other thread to wake, and
/// handing the reading over before every call, as this type first did, still cost a thread
/// wake-up per call, a quarter of a worker's context switches. Run on the spot, a call costs
/// two system calls (arming and disarming `OverrunTimer`), and a provider that blocks forever
/// still never stops the worker from reading: the timer's thread (the watch) takes the reading
/// from it. A provider that waits for the host's answer to a defaults call gives the reading up
/// at once (`threadWillWaitForHost`), or the answer would wait for the timer.
///
/// Threads of our own, not dispatch's: its pool grows only slowly past threads that hung
/// providers hold, and neither the reading nor the next call may wait behind them. They start
/// when needed: when no thread is idle to take an overrun reading, one starts (up to
/// `maximumThreads`; past that the reading waits for a thread to finish its call). Calls that
/// end in time need two threads, the first (`widgethost.calls`) and the watch; after a burst, threads beyond
/// `idleThreadsKept` end. (A host may run a worker for each of a thousand bundles.)
final class WorkerCallThreads: Sendable {
    /// Turns a frame into the provider run it asks for; nil when it was handled on the spot.
    typealias Receive = @Sendable (Frame) -> ProviderDriver.PreparedCall?

    /// Threads kept waiting to lead once a burst of calls is over.
    static let idleThreadsKept = 2
    /// Threads besides the first and the watch. Each reserves a stack (counted by the memory
    /// limit); a worker whose providers hang is recycled by the host after the first timeout anyway.
    static let maximumThreads = 32
    /// How long a call runs on the reading thread before another thread takes the reading over:
    /// how long a call read behind a slow one may wait for it, at most.
    static let overrunAllowance = Duration.milliseconds(2)

    /// What the leader owns: the bytes read past the last whole frame.
    private struct Reading: Sendable {
        var decoder = FrameCodec.Decoder()
    }

    /// The reading while its leader runs a call: for the watch to take if the call runs long.
    private struct Parked {
        var reading: Reading
        /// When the call started, or when a reading that no thread could take was parked again.
        var since: ContinuousClock.Instant
        /// The thread running the call, and which of its calls it is: the reading goes back to
        /// it only for the call it parked it for.
        var leader: pthread_t
        var call: UInt64
    }

    private struct State {
        /// Threads besides the first and the watch, running or idle.
        var threads = 0
        /// Threads waiting to lead.
        var idle = 0
        /// The reading, between its hand-over to an idle thread and that thread taking it.
        var handedOver: Reading?
        var parked: Parked?
        /// Numbers the calls run with the reading parked.
        var callsRun: UInt64 = 0
    }

    private let channel: WorkerChannel
    private let receive: Receive
    private let timer: OverrunTimer
    private let state = Mutex(State())
    /// Signalled once per hand-over to an idle thread, to wake one.
    private let leaderWanted = DispatchSemaphore(value: 0)

    init(channel: WorkerChannel, timer: OverrunTimer, receive: @escaping Receive) {
        self.channel = channel
        self.timer = timer
        self.receive = receive
    }

    /// Starts the watch, then leads on the calling thread (the first), which then takes turns with
    /// the others. Never returns: the worker exits when the conversation ends.
    func serve() -> Never {
        guard WorkerThread.start(name: "widgethost.watch", { [self] in watch() }) else {
            WorkerExit.fail(.systemError, "cannot start the thread that watches calls for overruns")
        }
        takeTurns(startingWith: Reading(), mayEnd: false)
        preconditionFailure("the first thread stopped taking turns at reading the channel")
    }

    /// The thread calling this is about to wait for the host (a defaults call's answer): if it
    /// runs a call while holding the reading, the reading goes to another thread now, since the
    /// answer comes on the channel.
    func threadWillWaitForHost() {
        let current = pthread_self()
        let parked = state.withLock { state -> Parked? in
            guard let parked = state.parked, pthread_equal(parked.leader, current) != 0 else { return nil }
            state.parked = nil
            return parked
        }
        if let parked { handOverOrParkAgain(parked) }
    }

    /// Leads with `first`, then waits to be handed the reading and leads again; returns only if
    /// `mayEnd`, when enough other threads are idle.
    private func takeTurns(startingWith first: Reading, mayEnd: Bool) {
        // The host sends headers of a few hundred bytes; a bigger frame takes a few reads. Each
        // page of this is touched (and so faulted in) by every worker that starts.
        var chunk = [UInt8](repeating: 0, count: 8 * 1024)
        var reading = first
        while true {
            // Returns once another thread took the reading over.
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

    /// Reads frames and runs the calls they ask for, until one ran so long that another thread
    /// took the reading over.
    private func lead(_ reading: inout Reading, chunk: inout [UInt8]) {
        while true {
            do {
                while let frame = try reading.decoder.next() {
                    guard let call = receive(frame) else { continue }
                    guard run(call, holding: &reading) else { return }
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

    /// Runs `call` on this thread with the reading parked for the watch; false if the watch (or
    /// a wait for the host) gave the reading to another thread meanwhile.
    private func run(_ call: ProviderDriver.PreparedCall, holding reading: inout Reading) -> Bool {
        let since = ContinuousClock.now
        let number = state.withLock { state in
            state.callsRun += 1
            state.parked = Parked(reading: reading, since: since, leader: pthread_self(), call: state.callsRun)
            return state.callsRun
        }
        // Only the parked copy may hold the bytes, so that the next append does not copy them.
        reading = Reading()
        timer.arm(after: Self.overrunAllowance)
        call.run()
        let kept = state.withLock { state -> Parked? in
            guard state.parked?.call == number else { return nil }
            return state.parked.take()
        }
        guard let kept else { return false }
        // Not disarmed when the reading was taken: its new leader arms the timer for itself.
        timer.disarm()
        reading = kept.reading
        return true
    }

    /// The watch's thread: each time the timer runs out, takes the reading from a call that has
    /// run past the allowance (an earlier call's expiry finds the next call within it, or none).
    private func watch() {
        while true {
            timer.waitUntilRunOut()
            let now = ContinuousClock.now
            let overrun = state.withLock { state -> Parked? in
                guard let parked = state.parked, now - parked.since >= Self.overrunAllowance else { return nil }
                state.parked = nil
                return parked
            }
            if let overrun { handOverOrParkAgain(overrun) }
        }
    }

    /// Hands the reading to an idle or new thread; if there is neither, parks it again, for its
    /// leader to take back when its call ends or the watch to try again when the timer next
    /// runs out.
    private func handOverOrParkAgain(_ parked: Parked) {
        if handOver(parked.reading) { return }
        state.withLock { state in
            state.parked = parked
            state.parked?.since = .now - Self.overrunAllowance
        }
        timer.arm(after: Self.overrunAllowance)
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
