/// An optional member that is written as `null` when it is nil, where synthesized `Encodable`
/// would leave the member out: for the shapes whose schema requires every member
/// (docs/openapi.yaml), so that a reader finds `"entry": null` rather than no `entry` at all.
///
/// ```swift
/// struct RowJSON: Encodable {
///     let kind: String
///     @ExplicitNull var lastError: String?   // "lastError": null
///     let instance: String?                  // left out when nil
/// }
/// ```
///
/// Synthesized coding encodes the wrapper itself under the member's key, always (it is not
/// optional), and the wrapper writes its value, or `null`. The members' order is the encoder's:
/// every JSON the CLI prints and the server serves is written with its keys sorted.
@propertyWrapper
public struct ExplicitNull<Wrapped> {
    public var wrappedValue: Wrapped?

    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension ExplicitNull: Sendable where Wrapped: Sendable {}
extension ExplicitNull: Equatable where Wrapped: Equatable {}
extension ExplicitNull: Hashable where Wrapped: Hashable {}

extension ExplicitNull: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
