/// The name and version the host reports to bundles and on `--version`.
public enum HostIdentity {
    public static let name = "widgethost"
    public static let version = "0.1.0"

    /// C copies for the services table; allocated once, never freed.
    static let cName = PermanentCString(name)
    static let cVersion = PermanentCString(version)
}

/// A NUL-terminated copy of a string that lives for the rest of the process.
struct PermanentCString: @unchecked Sendable {
    // Unchecked: written once here, only read afterwards, never freed.
    let pointer: UnsafePointer<CChar>

    init(_ string: String) {
        let bytes = Array(string.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        pointer = UnsafePointer(buffer)
    }
}
