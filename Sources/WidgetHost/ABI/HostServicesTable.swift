import CFFI
import WidgetABI

/// Builds the `wk_host_services_t` one bundle receives at init (`host_services.h`).
///
/// Its function pointers are libffi closures over that bundle's `BundleServiceBinding`, so the
/// bundle passes no handle and cannot act for another bundle. Table, closures and binding live
/// for the life of the process, as the header promises.
enum HostServicesTable {
    static func make(for binding: BundleServiceBinding) throws(FFIError) -> UnsafePointer<wk_host_services_t> {
        let userData = Unmanaged.passRetained(binding).toOpaque()
        let log = try FFIClosure(
            returnType: cffi_type_void(),
            argumentTypes: [cffi_type_sint32(), cffi_type_pointer()],
            handler: logHandler, userData: userData)
        let reload = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [cffi_type_pointer()],
            handler: reloadHandler, userData: userData)
        let reloadAll = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [],
            handler: reloadAllHandler, userData: userData)

        let table = UnsafeMutablePointer<wk_host_services_t>.allocate(capacity: 1)
        table.initialize(to: wk_host_services_t(
            struct_size: UInt32(MemoryLayout<wk_host_services_t>.size),
            abi_version: ABIVersion.host.cValue,
            host_name: HostIdentity.cName.pointer,
            host_version: HostIdentity.cVersion.pointer,
            log: log.asFunction((@convention(c) (Int32, UnsafePointer<CChar>?) -> Void).self),
            reload_timelines: reload.asFunction((@convention(c) (UnsafePointer<CChar>?) -> wk_status_t).self),
            reload_all_timelines: reloadAll.asFunction((@convention(c) () -> wk_status_t).self)
        ))
        return UnsafePointer(table)
    }
}

// The closures' bodies. libffi hands each its arguments as an array of pointers to values.

private func binding(_ userData: UnsafeMutableRawPointer?) -> BundleServiceBinding? {
    userData.map { Unmanaged<BundleServiceBinding>.fromOpaque($0).takeUnretainedValue() }
}

private func string(_ argument: UnsafeMutableRawPointer?) -> String? {
    argument?.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
}

/// libffi wants integer results widened to a full `ffi_arg`.
private func store(_ status: Int32, in result: UnsafeMutableRawPointer?) {
    result?.storeBytes(of: ffi_sarg(status), as: ffi_sarg.self)
}

private let logHandler: FFIClosure.Handler = { _, _, arguments, userData in
    guard let arguments, let binding = binding(userData) else { return }
    let level = arguments[0]?.load(as: Int32.self) ?? Int32(WK_LOG_ERROR.rawValue)
    binding.log(level: level, message: string(arguments[1]) ?? "")
}

private let reloadHandler: FFIClosure.Handler = { _, result, arguments, userData in
    guard let arguments, let binding = binding(userData), let kind = string(arguments[0]) else {
        return store(Int32(WK_STATUS_INVALID_ARGUMENT), in: result)
    }
    store(binding.requestReload(ofKind: kind), in: result)
}

private let reloadAllHandler: FFIClosure.Handler = { _, result, _, userData in
    guard let binding = binding(userData) else {
        return store(Int32(WK_STATUS_INVALID_ARGUMENT), in: result)
    }
    store(binding.requestReloadOfAllKinds(), in: result)
}
