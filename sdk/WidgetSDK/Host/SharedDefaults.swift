import FoundationEssentials
import WidgetABI
import WidgetPayload

/// An App Group's shared defaults, read from a widget: WidgetKit's `UserDefaults(suiteName:)`.
///
///     let defaults = SharedDefaults(suiteName: "group.bacon.data")
///     let pillars = try defaults.integer(forKey: "pillarsTraversed") ?? 0
///
/// Calls go through the host (the bundle never opens the store), and only reach groups the
/// bundle declared in `export(appGroups:)`. Any other group throws
/// `DefaultsError.undeclaredGroup`, naming the group and the fix.
public struct SharedDefaults: DefaultsSuite {
    public let suiteName: String

    public init(suiteName: String) {
        self.suiteName = suiteName
    }

    public func storedValue(forKey key: String) throws(DefaultsError) -> StoredValue? {
        try checkSuiteName()
        try DefaultsLimits.check(key: key, group: suiteName)
        let get = try hostFunction(\.defaults_get)
        let (status, reply) = HostReply.collect { reply in
            suiteName.withCString { group in key.withCString { get(group, $0, reply) } }
        }
        switch status {
        case Int32(WK_STATUS_OK):
            do {
                return try JSONDecoder().decode(StoredValue.self, from: reply)
            } catch {
                throw .refusedByHost(code: "invalidReply", message: "the host's value for '\(key)' in '\(suiteName)' does not decode: \(error)")
            }
        case Int32(WK_STATUS_NOT_FOUND): return nil
        default: throw failure(reply)
        }
    }

    public func set(storedValue value: StoredValue, forKey key: String) throws(DefaultsError) {
        try checkSuiteName()
        try DefaultsLimits.check(key: key, group: suiteName)
        try DefaultsLimits.check(value: value, key: key, group: suiteName)
        let set = try hostFunction(\.defaults_set)
        let json: [UInt8]
        do {
            json = Array(try JSONEncoder().encode(value))
        } catch {
            throw .unencodable(group: suiteName, key: key, type: value.type.rawValue, reason: "\(error)")
        }
        let (status, reply) = HostReply.collect { reply in
            suiteName.withCString { group in
                key.withCString { key in
                    json.withUnsafeBufferPointer { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { set(group, key, $0.baseAddress, $0.count, reply) }
                    }
                }
            }
        }
        guard status == WK_STATUS_OK else { throw failure(reply) }
    }

    public func removeObject(forKey key: String) throws(DefaultsError) {
        try checkSuiteName()
        try DefaultsLimits.check(key: key, group: suiteName)
        let remove = try hostFunction(\.defaults_remove)
        let (status, reply) = HostReply.collect { reply in
            suiteName.withCString { group in key.withCString { remove(group, $0, reply) } }
        }
        guard status == WK_STATUS_OK else { throw failure(reply) }
    }

    /// The group's container folder, for files the app leaves for the widget (rendered images).
    public func containerURL() throws(DefaultsError) -> URL {
        try checkSuiteName()
        let containerPath = try hostFunction(\.group_container_path)
        let (status, reply) = HostReply.collect { reply in suiteName.withCString { containerPath($0, reply) } }
        guard status == WK_STATUS_OK else { throw failure(reply) }
        guard let payload = try? JSONDecoder().decode(ContainerPathPayload.self, from: reply) else {
            throw .refusedByHost(code: "invalidReply", message: "the host's container path for '\(suiteName)' does not decode")
        }
        return URL(filePath: payload.path, directoryHint: .isDirectory)
    }

    /// A malformed name is `invalidGroup`, said here rather than left for the host to call it
    /// undeclared.
    private func checkSuiteName() throws(DefaultsError) {
        do throws(AppGroupIDError) { _ = try AppGroupID(validating: suiteName) } catch { throw .invalidGroup(error) }
    }

    /// The host's defaults function at `field`; `noHost` before `init` and from a host whose
    /// table predates shared defaults (ABI 1.0).
    private func hostFunction<Function>(_ field: KeyPath<wk_host_services_t, Function?>) throws(DefaultsError) -> Function {
        guard let function = HostConnection.function(field) else { throw .noHost(group: suiteName) }
        return function
    }

    /// The typed error for a FAILURE reply; the cases a Swift bundle can act on keep their type.
    private func failure(_ reply: Data) -> DefaultsError {
        guard let payload = try? JSONDecoder().decode(DefaultsFailurePayload.self, from: reply) else {
            return .refusedByHost(code: "unknown", message: "the host refused a call on '\(suiteName)' without saying why")
        }
        if payload.code == "undeclaredGroup" {
            let bundle = HostConnection.bundle
            return .undeclaredGroup(group: suiteName, bundle: bundle.name, declared: bundle.appGroups)
        }
        if payload.code == "storeUnavailable" {
            return .storeUnavailable(reason: payload.message)
        }
        return .refusedByHost(code: payload.code, message: payload.message)
    }
}
