/// A timeline's reload policy as it crosses the ABI: `POLICY` in `payload.h`.
public enum PolicyPayload: Sendable, Hashable {
    case atEnd
    case never
    /// Seconds since 1970-01-01T00:00:00Z.
    case after(Double)
}

extension PolicyPayload: Codable {
    private enum CodingKeys: String, CodingKey { case type, date }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "atEnd": self = .atEnd
        case "never": self = .never
        case "after": self = .after(try container.decode(Double.self, forKey: .date))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown policy type '\(type)'; expected atEnd, never or after")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .atEnd: try container.encode("atEnd", forKey: .type)
        case .never: try container.encode("never", forKey: .type)
        case .after(let date):
            try container.encode("after", forKey: .type)
            try container.encode(date, forKey: .date)
        }
    }
}
