import CFFI
import Foundation
import WidgetABI
import WidgetABIFields
import WidgetPayload

/// Builds the `wk_host_services_t` one bundle receives at init (`host_services.h`).
///
/// Its function pointers are libffi closures over that bundle's `BundleServiceBinding`, so the
/// bundle passes no handle and cannot act for another bundle. Table, closures and binding live
/// for the life of the process, as the header promises.
enum HostServicesTable {
    /// - Parameter abiVersion: What the table says the host speaks (`.host` but in tests that
    ///   play an older host).
    static func make(
        for binding: BundleServiceBinding, abiVersion: ABIVersion = .host
    ) throws(FFIError) -> UnsafePointer<wk_host_services_t> {
        let userData = Unmanaged.passRetained(binding).toOpaque()
        // `log` takes a wk_log_level_t, a C enum that host_services.h asserts is 32 bits wide:
        // passed as a 32-bit integer, as 1.0's int32_t was.
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

        let get = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [cffi_type_pointer(), cffi_type_pointer(), cffi_type_pointer()],
            handler: defaultsGetHandler, userData: userData)
        let set = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [cffi_type_pointer(), cffi_type_pointer(), cffi_type_pointer(), cffi_type_uint64(), cffi_type_pointer()],
            handler: defaultsSetHandler, userData: userData)
        let remove = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [cffi_type_pointer(), cffi_type_pointer(), cffi_type_pointer()],
            handler: defaultsRemoveHandler, userData: userData)
        let container = try FFIClosure(
            returnType: cffi_type_sint32(),
            argumentTypes: [cffi_type_pointer(), cffi_type_pointer()],
            handler: containerPathHandler, userData: userData)

        typealias KeyCall = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<wk_reply_t>?) -> wk_status_t
        typealias SetCall = @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int, UnsafePointer<wk_reply_t>?
        ) -> wk_status_t
        let table = UnsafeMutablePointer<wk_host_services_t>.allocate(capacity: 1)
        table.initialize(to: wk_host_services_t(
            struct_size: UInt32(MemoryLayout<wk_host_services_t>.size),
            abi_version: abiVersion.cValue,
            host_name: HostIdentity.cName.pointer,
            host_version: HostIdentity.cVersion.pointer,
            log: log.asFunction((@convention(c) (wk_log_level_t, UnsafePointer<CChar>?) -> Void).self),
            reload_timelines: reload.asFunction((@convention(c) (UnsafePointer<CChar>?) -> wk_status_t).self),
            reload_all_timelines: reloadAll.asFunction((@convention(c) () -> wk_status_t).self),
            defaults_get: get.asFunction(KeyCall.self),
            defaults_set: set.asFunction(SetCall.self),
            defaults_remove: remove.asFunction(KeyCall.self),
            group_container_path: container.asFunction(
                (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<wk_reply_t>?) -> wk_status_t).self)
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

// Shared defaults (defaults.h): arguments are checked here, the work is in BundleDefaultsService.
// A group or key that is NULL or not valid UTF-8 is INVALID_ARGUMENT (status.h), never repaired
// into another key, and gets a FAILURE like any other error status.

/// A NUL-terminated argument as a string; nil when it is NULL or not valid UTF-8.
private func validString(_ argument: UnsafeMutableRawPointer?) -> String? {
    argument?.load(as: UnsafePointer<CChar>?.self).flatMap { String(validatingCString: $0) }
}

/// Answers INVALID_ARGUMENT with a FAILURE naming the argument, and logs it against the bundle.
private func refuseArgument(
    _ name: String, _ binding: BundleServiceBinding?,
    reply replyArgument: UnsafeMutableRawPointer?, result: UnsafeMutableRawPointer?
) {
    let failure = DefaultsFailurePayload(
        code: "invalidArgument", message: "\(name) is NULL or not valid UTF-8; pass a NUL-terminated UTF-8 string")
    binding?.log(level: BundleLogLevel.error.rawValue, message: "a shared-defaults call was refused: \(failure.message)")
    deliver((Int32(WK_STATUS_INVALID_ARGUMENT), try? JSONEncoder().encode(failure)), to: replyArgument, result: result)
}

/// The binding and the group and key arguments of a defaults call, or nil once the call has
/// been refused (and answered) for a bad argument.
private func keyCallArguments(
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ userData: UnsafeMutableRawPointer?,
    replyIndex: Int, result: UnsafeMutableRawPointer?
) -> (binding: BundleServiceBinding, group: String, key: String)? {
    guard let arguments, let binding = binding(userData) else {
        store(Int32(WK_STATUS_INVALID_ARGUMENT), in: result)
        return nil
    }
    guard let group = validString(arguments[0]) else {
        refuseArgument("group", binding, reply: arguments[replyIndex], result: result)
        return nil
    }
    guard let key = validString(arguments[1]) else {
        refuseArgument("key", binding, reply: arguments[replyIndex], result: result)
        return nil
    }
    return (binding, group, key)
}

private let defaultsGetHandler: FFIClosure.Handler = { _, result, arguments, userData in
    guard let (binding, group, key) = keyCallArguments(arguments, userData, replyIndex: 2, result: result) else { return }
    deliver(binding.defaultsGet(group: group, key: key), to: arguments?[2], result: result)
}

private let defaultsSetHandler: FFIClosure.Handler = { _, result, arguments, userData in
    guard let (binding, group, key) = keyCallArguments(arguments, userData, replyIndex: 4, result: result) else { return }
    guard let bytes = arguments?[2]?.load(as: UnsafePointer<UInt8>?.self),
          let length = arguments?[3]?.load(as: UInt64.self) else {
        return refuseArgument("value_json", binding, reply: arguments?[4], result: result)
    }
    let json = Data(bytes: bytes, count: Int(length))
    deliver(binding.defaultsSet(group: group, key: key, json: json), to: arguments?[4], result: result)
}

private let defaultsRemoveHandler: FFIClosure.Handler = { _, result, arguments, userData in
    guard let (binding, group, key) = keyCallArguments(arguments, userData, replyIndex: 2, result: result) else { return }
    deliver(binding.defaultsRemove(group: group, key: key), to: arguments?[2], result: result)
}

private let containerPathHandler: FFIClosure.Handler = { _, result, arguments, userData in
    guard let arguments, let binding = binding(userData) else {
        return store(Int32(WK_STATUS_INVALID_ARGUMENT), in: result)
    }
    guard let group = validString(arguments[0]) else { return refuseArgument("group", binding, reply: arguments[1], result: result) }
    deliver(binding.containerPath(group: group), to: arguments[1], result: result)
}

/// Hands the answer's JSON to the bundle's `wk_reply_t` (if it gave one) and sets the status.
private func deliver(_ answer: BundleServiceBinding.DefaultsAnswer, to replyArgument: UnsafeMutableRawPointer?, result: UnsafeMutableRawPointer?) {
    if let pointer = replyArgument?.load(as: UnsafePointer<wk_reply_t>?.self),
       case let reply = PeerStruct(pointer), reply.has(\.receive),
       let receive = reply[present: \.receive], let json = answer.reply {
        json.withUnsafeBytes { bytes in
            receive(reply[present: \.context], bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }
    store(answer.status, in: result)
}
