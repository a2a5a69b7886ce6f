import WidgetABI

/// A struct the other side of the ABI wrote: the host reading a bundle's `wk_bundle_t`,
/// `wk_widget_t` or `wk_reply_t`, a bundle reading the host's `wk_host_services_t`,
/// `wk_context_t` or `wk_completion_t`.
///
/// The one rule for reading across the ABI, the Swift face of `WK_HAS_FIELD` (`version.h`): a
/// field is there when the writer's `struct_size` reaches the end of it. Fields are loaded one
/// by one from their offsets, so a struct smaller than this side's (an older peer's) is never
/// copied whole, and bytes past its `struct_size` are never read.
///
///     let bundle = PeerStruct(pointer)
///     let groups = bundle[\.app_groups]      // nil from a 1.0 bundle
///
/// Holds a borrowed pointer: use it while the other side keeps the struct alive.
public struct PeerStruct<Layout: ABIStruct> {
    public let pointer: UnsafePointer<Layout>

    public init(_ pointer: UnsafePointer<Layout>) {
        self.pointer = pointer
    }

    /// The writer's `struct_size`. Read on its own: the first field of every ABI struct.
    public var size: Int {
        Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    }

    /// True when the writer's struct holds `field`.
    public func has<Value>(_ field: KeyPath<Layout, Value>) -> Bool {
        size >= ABIFieldLayout.end(of: field)
    }

    /// `field` as the writer set it, or nil when its struct ends before it.
    public subscript<Value>(_ field: KeyPath<Layout, Value>) -> Value? {
        guard let offset = MemoryLayout<Layout>.offset(of: field),
              size >= offset + MemoryLayout<Value>.size
        else { return nil }
        return UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
    }

    /// `field`, for an optional field (a pointer), flattened: nil when the struct ends before it
    /// or when the writer left it NULL.
    public subscript<Value>(present field: KeyPath<Layout, Value?>) -> Value? {
        self[field] ?? nil
    }
}
