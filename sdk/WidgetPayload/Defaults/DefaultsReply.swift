/// FAILURE in `defaults.h`: why the host refused a defaults call.
public struct DefaultsFailurePayload: Codable, Sendable, Hashable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public init(_ error: DefaultsError) {
        self.init(code: error.code, message: error.description)
    }
}

/// The answer of `group_container_path` in `defaults.h`.
public struct ContainerPathPayload: Codable, Sendable, Hashable {
    public var path: String

    public init(path: String) {
        self.path = path
    }
}
