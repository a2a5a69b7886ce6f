import CWaylandClient

/// Sends a request of an extension interface by opcode (what wayland-scanner's inline helpers
/// do in C), creating a proxy of `creating` when the request has a new_id. Core requests use
/// libwayland's own helpers instead.
@discardableResult
func waylandRequest(
    _ proxy: OpaquePointer, _ opcode: UInt32, _ arguments: [wl_argument], creating interface: UnsafePointer<wl_interface>? = nil,
    destroying: Bool = false
) -> OpaquePointer? {
    var arguments = arguments
    let version = wl_proxy_get_version(proxy)
    let flags: UInt32 = destroying ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0
    return arguments.withUnsafeMutableBufferPointer { buffer in
        wl_proxy_marshal_array_flags(proxy, opcode, interface, version, flags, buffer.baseAddress)
    }
}

/// The argument a new_id takes in `waylandRequest`: libwayland fills in the new object's id.
let newObject = wl_argument(o: nil)

func uintArgument(_ value: UInt32) -> wl_argument { wl_argument(u: value) }
func intArgument(_ value: Int32) -> wl_argument { wl_argument(i: value) }
func objectArgument(_ proxy: OpaquePointer?) -> wl_argument { wl_argument(o: proxy) }
func stringArgument(_ text: UnsafePointer<CChar>) -> wl_argument { wl_argument(s: text) }

/// Receives one proxy's events on the loop thread: opcode and arguments, as the protocol lists
/// them. Kept alive by its owner for as long as the proxy lives.
final class WaylandEvents {
    let handle: (UInt32, UnsafeMutablePointer<wl_argument>) -> Void

    init(_ handle: @escaping (UInt32, UnsafeMutablePointer<wl_argument>) -> Void) {
        self.handle = handle
    }

    /// Routes `proxy`'s events here, through one dispatcher for every interface.
    func attach(to proxy: OpaquePointer) {
        wl_proxy_add_dispatcher(proxy, waylandDispatch, Unmanaged.passUnretained(self).toOpaque(), nil)
    }
}

private func waylandDispatch(
    _ implementation: UnsafeRawPointer?, _ target: UnsafeMutableRawPointer?, _ opcode: UInt32,
    _ message: UnsafePointer<wl_message>?, _ arguments: UnsafeMutablePointer<wl_argument>?
) -> Int32 {
    guard let implementation, let arguments else { return 0 }
    let events = Unmanaged<WaylandEvents>.fromOpaque(implementation).takeUnretainedValue()
    // A handler may let go of its own WaylandEvents (a frame callback's does): keep it until done.
    withExtendedLifetime(events) { events.handle(opcode, arguments) }
    return 0
}

/// `wl_fixed_t` to a Double.
func fixedValue(_ fixed: wl_fixed_t) -> Double { Double(fixed) / 256 }
