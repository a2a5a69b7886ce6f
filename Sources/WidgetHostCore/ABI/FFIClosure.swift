import CFFI

/// A C function pointer made at run time by libffi: calling it runs `handler` with `userData`.
///
/// This is how each bundle gets host functions bound to it without passing a handle. The cif,
/// its argument types and the closure are allocated here and never freed, because a bundle may
/// keep the function pointer for the life of the process.
struct FFIClosure: @unchecked Sendable {
    // Unchecked: everything here is written once in init and only read afterwards; libffi
    // closures may be called from any thread.
    typealias Handler = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?,
        UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        UnsafeMutableRawPointer?
    ) -> Void

    /// The executable address to hand to C.
    let functionPointer: UnsafeMutableRawPointer

    init(
        returnType: UnsafeMutablePointer<ffi_type>,
        argumentTypes: [UnsafeMutablePointer<ffi_type>],
        handler: Handler,
        userData: UnsafeMutableRawPointer
    ) throws(FFIError) {
        let arguments = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
            .allocate(capacity: max(argumentTypes.count, 1))
        for (index, type) in argumentTypes.enumerated() { arguments[index] = type }
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let prepared = ffi_prep_cif(
            cif, cffi_default_abi(), UInt32(argumentTypes.count), returnType, arguments)
        guard prepared == FFI_OK else { throw .prepareFailed(status: Int(prepared.rawValue)) }

        var code: UnsafeMutableRawPointer?
        guard let closure = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code),
              let code
        else { throw .allocationFailed }
        let bound = ffi_prep_closure_loc(
            closure.assumingMemoryBound(to: ffi_closure.self), cif, handler, userData, code)
        guard bound == FFI_OK else { throw .prepareFailed(status: Int(bound.rawValue)) }
        self.functionPointer = code
    }

    /// The closure as a typed C function pointer.
    func asFunction<Function>(_ type: Function.Type) -> Function {
        unsafeBitCast(functionPointer, to: type)
    }
}

/// Why libffi could not make a closure.
public enum FFIError: Error, Sendable, CustomStringConvertible {
    case prepareFailed(status: Int)
    case allocationFailed

    public var description: String {
        switch self {
        case .prepareFailed(let status): "libffi could not prepare a call interface (status \(status))"
        case .allocationFailed: "libffi could not allocate an executable closure"
        }
    }
}
