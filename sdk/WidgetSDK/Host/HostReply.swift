import FoundationEssentials
import WidgetABI

/// Collects what the host hands a `wk_reply_t` during one defaults call.
enum HostReply {
    /// Runs `call` with a reply that copies the host's JSON; returns the status and the bytes.
    static func collect(_ call: (UnsafePointer<wk_reply_t>) -> wk_status_t) -> (wk_status_t, Data) {
        let box = Box()
        let context = Unmanaged.passRetained(box).toOpaque()
        defer { Unmanaged<Box>.fromOpaque(context).release() }
        var reply = wk_reply_t(struct_size: UInt32(MemoryLayout<wk_reply_t>.size), context: context, receive: receive)
        let status = withUnsafePointer(to: &reply) { call($0) }
        return (status, box.data)
    }

    private final class Box {
        var data = Data()
    }

    private static let receive: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Void = { context, json, length in
        guard let context, let json, length > 0 else { return }
        let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
        box.data = Data(bytes: json, count: length)
    }
}
