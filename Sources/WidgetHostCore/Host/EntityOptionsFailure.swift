/// A bundle's `entity_options` (or, ABI 1.7, `entity_query`) that was called and gave no usable answer (it timed out,
/// answered garbage or reported an error, or its worker failed), with what is needed to find it.
public struct EntityOptionsFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let parameter: String
    public let bundlePath: String
    /// What went wrong, as for a provider call: `.timedOut` for a bundle that never answered.
    public let error: ProviderCallError
    /// The function that was called: "entity_options" or "entity_query".
    public let function: String

    public init(kind: String, parameter: String, bundlePath: String, error: ProviderCallError, function: String = "entity_options") {
        self.kind = kind
        self.parameter = parameter
        self.bundlePath = bundlePath
        self.error = error
        self.function = function
    }

    public var description: String {
        "\(kind) \(function) for parameter '\(parameter)' from \(bundlePath): \(error)"
    }
}
