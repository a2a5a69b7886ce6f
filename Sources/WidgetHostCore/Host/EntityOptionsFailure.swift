/// A bundle's `entity_options` that was called and gave no usable answer (it timed out,
/// answered garbage or reported an error, or its worker failed), with what is needed to find it.
public struct EntityOptionsFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let parameter: String
    public let bundlePath: String
    /// What went wrong, as for a provider call: `.timedOut` for a bundle that never answered.
    public let error: ProviderCallError

    public init(kind: String, parameter: String, bundlePath: String, error: ProviderCallError) {
        self.kind = kind
        self.parameter = parameter
        self.bundlePath = bundlePath
        self.error = error
    }

    public var description: String {
        "\(kind) entity_options for parameter '\(parameter)' from \(bundlePath): \(error)"
    }
}
