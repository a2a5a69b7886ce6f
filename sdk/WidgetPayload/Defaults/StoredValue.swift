import FoundationEssentials

/// One value in an App Group's shared defaults. The types are UserDefaults', plus JSON documents
/// for a `Codable` payload.
public enum StoredValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case json(JSONValue)

    public var type: StoredValueType {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .data: .data
        case .date: .date
        case .json: .json
        }
    }
}

public enum StoredValueType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case bool, int, double, string, data, date, json

    public var description: String { rawValue }
}

/// On the wire (host services, `--format json`): `{"type":"int","value":42}`. Data is base64,
/// a date is seconds since 1970, a JSON document is itself.
extension StoredValue: Codable {
    private enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(StoredValueType.self, forKey: .type) {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: .value))
        case .int: self = .int(try container.decode(Int.self, forKey: .value))
        case .double: self = .double(try container.decode(Double.self, forKey: .value))
        case .string: self = .string(try container.decode(String.self, forKey: .value))
        case .data:
            let base64 = try container.decode(String.self, forKey: .value)
            guard let data = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "not base64")
            }
            self = .data(data)
        case .date:
            self = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .value)))
        case .json: self = .json(try container.decode(JSONValue.self, forKey: .value))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .value)
        case .int(let value): try container.encode(value, forKey: .value)
        case .double(let value): try container.encode(value, forKey: .value)
        case .string(let value): try container.encode(value, forKey: .value)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .value)
        case .date(let value): try container.encode(value.timeIntervalSince1970, forKey: .value)
        case .json(let value): try container.encode(value, forKey: .value)
        }
    }
}
