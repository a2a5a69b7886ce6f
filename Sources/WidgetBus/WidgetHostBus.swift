#if canImport(Glibc)
import Glibc
#endif
import CSDBus
import Foundation
import Synchronization
import WidgetApp
import WidgetPayload

/// The daemon's D-Bus service: `dev.widgethost.WidgetHost1` on the session bus, the object
/// `/dev/widgethost/WidgetHost1` with its `Defaults` and `WidgetCenter` interfaces
/// (docs/dbus/dev.widgethost.WidgetHost1.xml, docs/apps.md). Every method is `AppService`'s.
///
/// sd-bus is not thread-safe, so the connection lives on a thread of its own, blocked in poll(2)
/// on the bus's descriptor and on an eventfd that other threads write to hand it work (a signal
/// to emit). Methods are answered on that thread, one at a time, in the order they came. Nothing
/// here waits on a caller: the `emit…` methods only queue.
public final class WidgetHostBus: Sendable {
    public static let busName = "dev.widgethost.WidgetHost1"
    public static let objectPath = "/dev/widgethost/WidgetHost1"
    static let errorPrefix = "dev.widgethost.WidgetHost1.Error."
    /// Signals queued past this while the bus thread is stuck are dropped (and counted).
    static let maximumQueuedSignals = 10_000

    private let service: AppService
    private let claims = WidgetURLClaims()
    private let wakeDescriptor: Int32
    private let queue = Mutex<(jobs: [@Sendable (OpaquePointer) -> Void], dropped: Int, stopped: Bool)>(([], 0, false))
    private let finished = DispatchSemaphore(value: 0)
    private let onLost: @Sendable (String) -> Void

    /// Connects to the session bus (`address`, else `$DBUS_SESSION_BUS_ADDRESS`, else the
    /// user's bus), serves the object and takes the name; throws when another process has it.
    /// `onLost` is called (on the bus thread) if the bus drops the connection later: apps can
    /// no longer reach this daemon.
    public init(
        service: AppService, address: String? = nil, onLost: @escaping @Sendable (_ reason: String) -> Void = { _ in }
    ) throws(WidgetHostBusError) {
        self.service = service
        self.onLost = onLost
        wakeDescriptor = wh_bus_wake_descriptor()
        guard wakeDescriptor >= 0 else { throw .cannotConnect(reason: String(cString: strerror(errno))) }
        let bus: OpaquePointer
        do throws(WidgetHostBusError) {
            bus = try Self.connect(address)
        } catch {
            close(wakeDescriptor)
            throw error
        }
        // The thread owns the bus from here; it holds `self` only while it runs.
        let context = Unmanaged.passRetained(self).toOpaque()
        var slots: (OpaquePointer?, OpaquePointer?) = (nil, nil)
        var result = wh_bus_add_widgethost_object(bus, Self.objectPath, { message, context, error in
            Unmanaged<WidgetHostBus>.fromOpaque(context!).takeUnretainedValue().handle(message!, error: error!)
        }, context, &slots.0, &slots.1)
        if result >= 0 {
            result = sd_bus_match_signal(
                bus, nil, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                { message, context, _ in
                    Unmanaged<WidgetHostBus>.fromOpaque(context!).takeUnretainedValue().nameOwnerChanged(message!)
                }, context)
        }
        if result >= 0 { result = sd_bus_request_name(bus, Self.busName, 0) }
        guard result >= 0 else {
            sd_bus_flush_close_unref(bus)
            close(wakeDescriptor)
            Unmanaged<WidgetHostBus>.fromOpaque(context).release()
            throw result == -EEXIST ? .nameTaken(Self.busName) : .cannotConnect(reason: String(cString: strerror(-result)))
        }
        let handed = HandedToBusThread(bus: bus, context: context)
        let thread = Thread { [wakeDescriptor] in
            // Named from the thread itself: one set before `start()` never reaches the kernel on
            // Linux. Through Foundation, which may still miss it when this line runs before the
            // creator has recorded the thread (WidgetHostCore's `ThreadName`, which this target
            // does not link, names through pthread instead).
            Thread.current.name = "wh.dbus"
            Self.serve(handed.bus, wake: wakeDescriptor, owner: Unmanaged<WidgetHostBus>.fromOpaque(handed.context))
        }
        thread.start()
    }

    /// Releases the name and closes the connection; returns once the bus thread has ended.
    public func stop() {
        let first = queue.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        wake()
        finished.wait()
    }

    // MARK: Signals (from any thread; queued for the bus thread)

    /// `Changed(group, keys)`.
    public func emitChanged(group: String, keys: [String]) {
        emit("dev.widgethost.WidgetHost1.Defaults", "Changed") { message throws(BusMessageError) in
            try message.append(group)
            try message.append(keys)
        }
    }

    /// `TimelinesReloaded(kinds)`.
    public func emitTimelinesReloaded(kinds: [String]) {
        emit("dev.widgethost.WidgetHost1.WidgetCenter", "TimelinesReloaded") { message throws(BusMessageError) in
            try message.append(kinds)
        }
    }

    /// A tap on a widget's URL: when an app on the bus handles `kind`'s URLs (HandleWidgetURLs),
    /// emits `WidgetURLOpened` and returns true; false leaves the URL to the caller to open.
    public func deliverWidgetURL(kind: String, instance: String?, url: String) -> Bool {
        guard claims.isClaimed(kind) else { return false }
        emit("dev.widgethost.WidgetHost1.WidgetCenter", "WidgetURLOpened") { message throws(BusMessageError) in
            try message.append(kind)
            try message.append(instance ?? "")
            try message.append(url)
        }
        return true
    }

    /// Signals dropped because the bus thread could not keep up; 0 in a healthy daemon.
    public var droppedSignals: Int { queue.withLock { $0.dropped } }

    private func emit(_ interface: String, _ member: String, _ arguments: @escaping @Sendable (BusMessage) throws(BusMessageError) -> Void) {
        let queued = queue.withLock { state -> Bool in
            guard !state.stopped, state.jobs.count < Self.maximumQueuedSignals else {
                state.dropped += 1
                return false
            }
            state.jobs.append { bus in
                var signal: OpaquePointer?
                guard sd_bus_message_new_signal(bus, &signal, Self.objectPath, interface, member) >= 0, let signal else { return }
                defer { sd_bus_message_unref(signal) }
                guard (try? arguments(BusMessage(pointer: signal))) != nil else { return }
                sd_bus_send(bus, signal, nil)
            }
            return true
        }
        if queued { wake() }
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    // MARK: The bus thread

    private static func connect(_ address: String?) throws(WidgetHostBusError) -> OpaquePointer {
        var bus: OpaquePointer?
        var result: Int32
        if let address {
            result = sd_bus_new(&bus)
            if result >= 0 { result = sd_bus_set_address(bus, address) }
            if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
            if result >= 0 { result = sd_bus_start(bus) }
        } else {
            result = sd_bus_open_user(&bus)
        }
        guard result >= 0, let bus else {
            if let bus { sd_bus_unref(bus) }
            throw .cannotConnect(reason: String(cString: strerror(-result)))
        }
        return bus
    }

    private static func serve(_ bus: OpaquePointer, wake: Int32, owner: Unmanaged<WidgetHostBus>) {
        let service = owner.takeUnretainedValue()
        var descriptors = [pollfd(fd: sd_bus_get_fd(bus), events: 0, revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        serving: while true {
            // Everything the bus has for us now: calls, the name's replies, NameOwnerChanged.
            while true {
                let processed = sd_bus_process(bus, nil)
                if processed < 0 {
                    // The bus went away (the session ended) or dropped us.
                    if !service.queue.withLock({ $0.stopped }) { service.onLost(String(cString: strerror(-processed))) }
                    break serving
                }
                if processed == 0 { break }
            }
            let (jobs, stopped) = service.queue.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return (state.jobs, state.stopped)
            }
            for job in jobs { job(bus) }
            if stopped { break }
            descriptors[0].events = Int16(truncatingIfNeeded: sd_bus_get_events(bus))
            var deadline: UInt64 = 0
            var timeout: Int32 = -1
            if sd_bus_get_timeout(bus, &deadline) > 0, deadline != UInt64.max {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
                timeout = deadline <= nowMicroseconds ? 0 : Int32(min((deadline - nowMicroseconds + 999) / 1000, UInt64(Int32.max)))
            }
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno != EINTR { break }
            if descriptors[1].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
            }
        }
        sd_bus_flush_close_unref(bus)
        close(wake)
        service.queue.withLock { $0.stopped = true }
        service.finished.signal()
        owner.release()
    }

    private func nameOwnerChanged(_ pointer: OpaquePointer) -> Int32 {
        let message = BusMessage(pointer: pointer)
        guard let name = try? message.readString("name"), let _ = try? message.readString("old owner"),
              let newOwner = try? message.readString("new owner"), newOwner.isEmpty
        else { return 0 }
        claims.forget(name)
        return 0
    }

    // MARK: Methods

    private func handle(_ pointer: OpaquePointer, error busError: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        let message = BusMessage(pointer: pointer)
        let member = sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? ""
        do {
            let reply = try answer(member, message)
            var returned: OpaquePointer?
            let created = sd_bus_message_new_method_return(pointer, &returned)
            guard created >= 0, let returned else { return created }
            defer { sd_bus_message_unref(returned) }
            try reply(BusMessage(pointer: returned))
            return sd_bus_send(nil, returned, nil) < 0 ? -EIO : 1
        } catch let refusal as AppServiceError {
            return wh_bus_error_set(busError, Self.errorPrefix + refusal.code.rawValue, refusal.description)
        } catch let refusal as BusMessageError {
            return wh_bus_error_set(busError, refusal.code, refusal.message)
        } catch {
            return wh_bus_error_set(busError, "org.freedesktop.DBus.Error.Failed", "\(error)")
        }
    }

    /// Does what `member` asks and returns what writes its reply's arguments.
    private func answer(_ member: String, _ message: BusMessage) throws -> (BusMessage) throws(BusMessageError) -> Void {
        let none: (BusMessage) throws(BusMessageError) -> Void = { _ in }
        switch member {
        case "Get":
            let (group, key) = (try message.readString("group"), try message.readString("key"))
            let value = try service.value(forKey: key, inGroup: group)
            return { reply throws(BusMessageError) in try BusValues.appendVariant(reply, value) }
        case "GetAll":
            let values = try service.values(inGroup: try message.readString("group"))
            return { reply throws(BusMessageError) in try BusValues.appendDictionary(reply, values, BusValues.appendVariant) }
        case "Set":
            let group = try message.readString("group")
            try message.enter("a", "{sv}", "values")
            var values: [String: StoredValue?] = [:]
            while try !message.atEnd("values") {
                try message.enter("e", "sv", "values")
                let key = try message.readString("key")
                values[key] = try BusValues.readVariant(message, key: key, group: group)
                try message.exit("values")
            }
            try message.exit("values")
            try service.set(values, inGroup: group)
            return none
        case "Remove":
            let group = try message.readString("group")
            try service.remove(try message.readStrings("keys"), fromGroup: group)
            return none
        case "ContainerPath":
            let path = try service.containerURL(forGroup: try message.readString("group")).path
            return { reply throws(BusMessageError) in try reply.append(path) }
        case "ReloadTimelines":
            _ = try service.reloadTimelines(ofKinds: [try message.readString("kind")])
            return none
        case "ReloadAllTimelines":
            _ = try service.reloadAllTimelines()
            return none
        case "GetCurrentConfigurations":
            let widgets = try service.currentConfigurations()
            return { reply throws(BusMessageError) in
                try reply.open("a", "a{sv}")
                for widget in widgets { try Self.appendWidget(reply, widget) }
                try reply.close()
            }
        case "RequestPinWidget":
            let (kind, family) = (try message.readString("kind"), try message.readString("family"))
            let pinned = try service.pinWidget(kind: kind, family: family)
            return { reply throws(BusMessageError) in try reply.append(pinned.id) }
        case "HandleWidgetURLs":
            let kinds = try message.readStrings("kinds")
            if !kinds.isEmpty { try service.checkInstalled(kinds) }
            let sender = sd_bus_message_get_sender(message.pointer).map { String(cString: $0) } ?? ""
            claims.claim(kinds, for: sender)
            return none
        default:
            throw BusMessageError(code: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(member)")
        }
    }

    /// One `a{sv}` of GetCurrentConfigurations: id, kind, family, configuration.
    private static func appendWidget(_ reply: BusMessage, _ widget: WidgetInfo) throws(BusMessageError) {
        try reply.open("a", "{sv}")
        for (name, text) in [("id", widget.id), ("kind", widget.kind), ("family", widget.family.rawValue)] {
            try reply.open("e", "sv")
            try reply.append(name)
            try reply.open("v", "s")
            try reply.append(text)
            try reply.close()
            try reply.close()
        }
        try reply.open("e", "sv")
        try reply.append("configuration")
        try reply.open("v", "a{sv}")
        try BusValues.appendDictionary(reply, widget.configuration) { reply, value throws(BusMessageError) in
            try BusValues.appendJSON(reply, value)
        }
        try reply.close()
        try reply.close()
        try reply.close()
    }
}

/// The connection and the service's retained context, handed once from `init` to the bus
/// thread, the only thread that touches them from then on: that hand-off is why it is safe.
private struct HandedToBusThread: @unchecked Sendable {
    let bus: OpaquePointer
    let context: UnsafeMutableRawPointer
}

/// Which apps on the bus handle which kinds' widget URLs (HandleWidgetURLs): an app's claims
/// end when it leaves the bus. An empty list claims every kind.
final class WidgetURLClaims: Sendable {
    private let byName = Mutex<[String: Set<String>]>([:])
    private static let everyKind = ""

    func claim(_ kinds: [String], for name: String) {
        byName.withLock { $0[name, default: []].formUnion(kinds.isEmpty ? [Self.everyKind] : kinds) }
    }

    func forget(_ name: String) {
        _ = byName.withLock { $0.removeValue(forKey: name) }
    }

    func isClaimed(_ kind: String) -> Bool {
        byName.withLock { claims in claims.values.contains { $0.contains(kind) || $0.contains(Self.everyKind) } }
    }
}

/// Why the daemon could not serve on the bus.
public enum WidgetHostBusError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotConnect(reason: String)
    case nameTaken(String)

    public var description: String {
        switch self {
        case .cannotConnect(let reason):
            "cannot connect to the session bus: \(reason). Run inside a desktop session (DBUS_SESSION_BUS_ADDRESS set), or pass --dbus off"
        case .nameTaken(let name):
            "another process owns \(name) on the session bus (another widgethost daemon, with another --data-dir?); stop it, or pass --dbus off"
        }
    }
}
