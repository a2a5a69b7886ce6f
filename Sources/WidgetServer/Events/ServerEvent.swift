import Foundation

/// One Server-Sent Event: `id:`, `event:` and one line of JSON.
public struct ServerEvent: Sendable, Hashable {
    public let id: UInt64
    /// `entry`, `call`, `error` or `bundle`.
    public let name: String
    /// One JSON object, on one line.
    public let data: String

    /// The event as the stream sends it.
    var wireText: String { "id: \(id)\nevent: \(name)\ndata: \(data)\n\n" }
}
