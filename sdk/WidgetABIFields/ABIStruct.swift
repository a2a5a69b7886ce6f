import WidgetABI

/// A struct of the C ABI: it begins with `uint32_t struct_size`, the size its writer compiled,
/// and grows only at its end (`version.h`).
public protocol ABIStruct {
    var struct_size: UInt32 { get }
}

extension wk_bundle_t: ABIStruct {}
extension wk_widget_t: ABIStruct {}
extension wk_host_services_t: ABIStruct {}
extension wk_context_t: ABIStruct {}
extension wk_completion_t: ABIStruct {}
extension wk_reply_t: ABIStruct {}

extension ABIStruct {
    /// Where `field` ends in this struct as this side compiled it: the `struct_size` a writer
    /// claims when it fills the struct up to and including `field` (an older minor's shape).
    public static func size<Value>(through field: KeyPath<Self, Value>) -> UInt32 {
        UInt32(ABIFieldLayout.end(of: field))
    }
}

/// Offsets of fields, from this side's headers.
enum ABIFieldLayout {
    /// The offset just past `field`: `offsetof(type, field) + sizeof(field)`.
    static func end<Layout, Value>(of field: KeyPath<Layout, Value>) -> Int {
        guard let offset = MemoryLayout<Layout>.offset(of: field) else {
            preconditionFailure("\(field) is not a stored field of \(Layout.self)")
        }
        return offset + MemoryLayout<Value>.size
    }
}
