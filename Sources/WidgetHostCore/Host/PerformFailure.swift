/// An intent's `perform` that was called and did not succeed (it threw, timed out, answered
/// garbage, or its worker failed), with what is needed to find it.
public struct PerformFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let intent: String
    public let bundlePath: String
    /// What went wrong, as for a provider call: `.providerFailed(message:)` for an intent that
    /// threw, `.timedOut` for one that never answered.
    public let error: ProviderCallError

    public init(kind: String, intent: String, bundlePath: String, error: ProviderCallError) {
        self.kind = kind
        self.intent = intent
        self.bundlePath = bundlePath
        self.error = error
    }

    public var description: String {
        "\(kind) perform of intent '\(intent)' from \(bundlePath): \(error)"
    }
}
